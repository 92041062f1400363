import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { loginMachine } from '../../src/machines/login/login';
import type { LoginResponse } from '../../src/contract/auth';
import { SAMPLE_TOKEN } from '../../src/machines/shared/samples';
import {
  inspectOption, isLiveModeRequested, startLiveMode, stopLiveMode, subscribeLiveActors, type LiveActorUpdate,
} from '../../src/services/inspect-bridge';
import { createSessionActor } from '../../src/services/session';

const signingInForever = loginMachine.provide({
  actors: { signIn: fromPromise<LoginResponse, { login: string; password: string }>(() => new Promise(() => {})) },
});
const signingInOk = loginMachine.provide({
  actors: { signIn: fromPromise<LoginResponse, { login: string; password: string }>(async () => ({ result: 0, accessToken: SAMPLE_TOKEN })) },
});
const submit = { type: 'login.submit', login: 'demo@example.ru', password: 'demo12345' } as const;

const stops: Array<() => void> = [];
function listen(): LiveActorUpdate[] {
  const updates: LiveActorUpdate[] = [];
  stops.push(subscribeLiveActors((update) => updates.push(update)));
  return updates;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  stopLiveMode();
});

describe('live mode (inspect bridge)', () => {
  it('is off unless a page asked for it: actors get no inspector', () => {
    expect(inspectOption()).toBeUndefined();
    expect(isLiveModeRequested('?lang=ru')).toBe(false);
    expect(isLiveModeRequested('?inspect')).toBe(true);
  });

  it('reports the login actor with its registry id, each new state value and the event that led there', async () => {
    await startLiveMode();
    const updates = listen();
    await settled(); // the subscriber's hello is answered (with nothing yet) before the actor runs
    const actor = createActor(signingInOk, { input: {}, inspect: inspectOption() }).start();
    actor.send(submit);
    await vi.waitFor(() => expect(updates.map((update) => update.value)).toContainEqual('done'));
    expect(updates.every((update) => update.machineId === 'login' && update.sessionId === actor.sessionId)).toBe(true);
    expect(updates.map((update) => [update.eventType, update.value])).toEqual([
      ['xstate.init', { start: 'editing' }],
      ['login.submit', { start: 'signingIn' }],
      ['xstate.done.actor.signIn', 'done'],
    ]);
    expect(updates.at(-1)?.status).toBe('done');
  });

  it('answers a late subscriber with the latest snapshot of every machine', async () => {
    await startLiveMode();
    const actor = createActor(signingInForever, { input: {}, inspect: inspectOption() }).start();
    actor.send(submit);
    const late = listen();
    await vi.waitFor(() => expect(late).toHaveLength(1));
    expect(late[0]).toMatchObject({ machineId: 'login', value: { start: 'signingIn' }, eventType: 'login.submit' });
  });

  it('follows an actor created before live mode started (the session) and ignores unregistered machines', async () => {
    const session = createSessionActor({}, { token: null, tokenAgeMs: 0, online: false });
    await startLiveMode([session]);
    const updates = listen();
    session.start();
    createActor(createMachine({ id: 'notRegistered', initial: 'idle', states: { idle: {} } }), { inspect: inspectOption() }).start();
    await vi.waitFor(() => expect(updates.map((update) => update.machineId)).toContain('session'));
    await settled();
    expect(updates.map((update) => update.machineId)).not.toContain('notRegistered');
    session.stop();
  });

  it('stops answering and hands out no inspector once live mode is turned off', async () => {
    await startLiveMode();
    createActor(signingInForever, { input: {}, inspect: inspectOption() }).start();
    stopLiveMode();
    const late = listen();
    await settled();
    expect(late).toEqual([]);
    expect(inspectOption()).toBeUndefined();
  });
});
