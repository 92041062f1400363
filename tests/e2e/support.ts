import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { create } from 'superstruct';
import { listOutbox, type OutboxMessage } from '../../src/contract/dev';

export const demoUser = { email: 'demo@example.ru', phone: '+79990000000', password: 'demo12345' };
export const demo2faUser = { email: 'demo2fa@example.ru', phone: '+79990000001', password: 'demo12345' };

/** Newest outbox message to `recipient` created after `since` (ms), waiting for it to arrive. */
export async function waitForMessage(request: APIRequestContext, recipient: string, since: number): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect.poll(async () => {
    const response = await request.get(`/api${listOutbox.path}`);
    const messages = create(await response.json(), listOutbox.response);
    found = messages
      .filter((message) => message.recipient === recipient && Date.parse(message.createdAt) >= since - 1000)
      .sort((a, b) => b.id - a.id)[0];
    return found?.code ?? null;
  }, { message: `a code for ${recipient}` }).not.toBeNull();
  return found as OutboxMessage;
}

export async function latestCode(request: APIRequestContext, recipient: string, since: number): Promise<string> {
  return (await waitForMessage(request, recipient, since)).code as string;
}

/** Ids of outbox messages seen so far, so a test can wait for a message newer than these. */
export async function outboxHighWater(request: APIRequestContext): Promise<number> {
  const messages = create(await (await request.get(`/api${listOutbox.path}`)).json(), listOutbox.response);
  return messages.reduce((max, message) => Math.max(max, message.id), 0);
}

/** A unique Russian mobile number and e-mail for a user who registers in a test. */
export function freshIdentity(): { phoneDigits: string; phone: string; email: string } {
  const suffix = String(Date.now()).slice(-7);
  const phoneDigits = `912${suffix}`;
  return { phoneDigits, phone: `+7${phoneDigits}`, email: `e2e.${suffix}@example.ru` };
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) as string;
      const value = localStorage.getItem(key) ?? '';
      const match = /eyJ[\w-]+\.[\w-]+\.[\w-]+/.exec(value);
      if (match) return match[0];
    }
    return null;
  });
}
