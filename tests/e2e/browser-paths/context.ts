import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { StateValue } from 'xstate';
import { confirmCredential, createProfile, enterEmail, enterPhone } from '../../../src/contract/registration';
import { freshIdentity, latestCode } from '../support';
import type { StepGroup } from './plan';

/** What a path's UI actions share: the page, the gateway, and who is signing in or registering. */
export interface PathContext {
  page: Page;
  request: APIRequestContext;
  identity: ReturnType<typeof freshIdentity>;
  /** Recipient and time of the last code the path asked for. */
  codeTo: string;
  codeSince: number;
  /** The reset code the recovery link carried (input 1 of the login machine). */
  linkCode: string;
  /** Registered on first use; one per path, as a repeated reset request within 30 s sends no new code. */
  recoveryUser?: Promise<{ email: string }>;
}

export interface UiStep {
  key: string;
  run: (context: PathContext) => Promise<void>;
}

export type UiMapper = (group: StepGroup) => UiStep | { skip: string };

/** A path's opening: the page to load for input `inputIndex`. */
export type Opener = (context: PathContext, inputIndex: number) => Promise<void>;

export const LIVE_CHANNEL = 'pcb-portal-inspect';

/** Runs in the page before the app: records the latest live-mode update of every machine. */
export function recordLiveUpdates(channelName: string): void {
  const store: Record<string, unknown> = {};
  Object.assign(window, { __pcbLive: store });
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = (message: MessageEvent<{ type?: string; update?: { machineId: string } }>) => {
    if (message.data.type === 'update' && message.data.update) store[message.data.update.machineId] = message.data.update;
  };
}

/** The real actor, followed through live mode, is in the state the graph predicted. */
export async function expectActorIn(page: Page, machineId: string, value: StateValue): Promise<void> {
  await expect.poll(() => page.evaluate((id) => {
    const store = (window as unknown as { __pcbLive?: Record<string, { value: unknown }> }).__pcbLive;
    return store?.[id]?.value ?? null;
  }, machineId), { message: `${machineId} actor state` }).toEqual(value);
}

/** A gateway refusal shows as a banner or a marked field. */
export async function expectRefusal(page: Page): Promise<void> {
  await expect(page.locator('[role="alert"], [aria-invalid="true"]').first()).toBeVisible();
}

export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

const post = async (request: APIRequestContext, path: string, body: object): Promise<unknown> => {
  const response = await request.post(`/api${path}`, { data: body });
  expect(response.ok(), `${path} answers ${response.status()}`).toBe(true);
  return response.json();
};

/** A user registered through the gateway for a recovery path, so the demo users keep their passwords. */
export function ensureRecoveryUser(context: PathContext): Promise<{ email: string }> {
  const { request } = context;
  context.recoveryUser ??= (async () => {
    const identity = freshIdentity();
    const email = `recovery.${identity.email}`;
    let since = Date.now();
    const phoneStep = (await post(request, enterPhone.path, { registrationProcessId: null, usingFlashcall: false, phone: identity.phone })) as {
      registrationProcessId: string;
    };
    const registrationProcessId = phoneStep.registrationProcessId;
    await post(request, confirmCredential.path, { registrationProcessId, code: await latestCode(request, identity.phone, since) });
    since = Date.now();
    await post(request, enterEmail.path, { registrationProcessId, email });
    await post(request, confirmCredential.path, { registrationProcessId, code: await latestCode(request, email, since) });
    await post(request, createProfile.path, { registrationProcessId, password: 'recovery-start-1' });
    return { email };
  })();
  return context.recoveryUser;
}
