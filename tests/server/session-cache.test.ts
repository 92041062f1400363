import { describe, expect, it } from 'vitest';
import { createSessionCache, type SessionRow } from '../../server/auth/session-cache';

const rowOf = (id: string, endedAt: Date | null = null) => ({ id, endedAt }) as SessionRow;

describe('session cache', () => {
  it('reads a session once and answers from memory until it is forgotten', async () => {
    const cache = createSessionCache();
    let reads = 0;
    const load = () => { reads += 1; return Promise.resolve(rowOf('a')); };
    await cache.read('a', load);
    await cache.read('a', load);
    expect(reads).toBe(1);
    cache.forget(['a']);
    await cache.read('a', load);
    expect(reads).toBe(2);
  });

  it('does not keep a row read before a write that landed while it was being read', async () => {
    const cache = createSessionCache();
    let finishRead: (row: SessionRow) => void = () => undefined;
    const inFlight = cache.read('a', () => new Promise((resolve) => { finishRead = resolve; }));
    // The session is ended while the read is on its way back with the row as it was.
    cache.forget(['a']);
    finishRead(rowOf('a'));
    expect((await inFlight)?.endedAt).toBeNull();
    const fresh = await cache.read('a', () => Promise.resolve(rowOf('a', new Date())));
    expect(fresh?.endedAt).not.toBeNull();
  });

  it('keeps nothing for an unknown session', async () => {
    const cache = createSessionCache();
    let reads = 0;
    const load = () => { reads += 1; return Promise.resolve(undefined); };
    expect(await cache.read('x', load)).toBeUndefined();
    await cache.read('x', load);
    expect(reads).toBe(2);
  });
});
