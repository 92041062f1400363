import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, withChunkReload } from '../../src/app/chunk-reload';
import { memoryStorage } from '../memory-storage';

const gone = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

/** Whether the wrapped load settled (a reload leaves it pending for good) within the microtasks given to it. */
async function settles(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  let state: 'resolved' | 'rejected' | 'pending' = 'pending';
  promise.then(() => (state = 'resolved'), () => (state = 'rejected'));
  await vi.advanceTimersByTimeAsync(0);
  return state;
}

let storage: Storage;
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('sessionStorage', storage);
  vi.useFakeTimers({ now: 5_000_000 });
  reload = vi.fn<() => void>();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('chunk-load failure', () => {
  it('passes a loaded chunk through without reloading', async () => {
    await expect(withChunkReload(() => Promise.resolve('page'), reload)()).resolves.toBe('page');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at most once per 60 s; later failures show the error', async () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    const load = withChunkReload(gone, reload);
    expect(await settles(load())).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);

    // After the reload (a new page, the same tab's sessionStorage) the chunk is still missing.
    vi.setSystemTime(5_000_000 + CHUNK_RELOAD_GUARD_MS - 1);
    await expect(withChunkReload(gone, reload)()).rejects.toThrow('dynamically imported');
    expect(reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(5_000_000 + CHUNK_RELOAD_GUARD_MS);
    expect(await settles(load())).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads once when two chunks fail together', async () => {
    const first = withChunkReload(gone, reload)();
    const second = withChunkReload(gone, reload)();
    expect(await Promise.all([settles(first), settles(second)])).toEqual(['pending', 'rejected']);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the error instead of reloading when sessionStorage is unavailable', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    await expect(withChunkReload(gone, reload)()).rejects.toThrow('dynamically imported');
    expect(reload).not.toHaveBeenCalled();
  });

  it('is not stopped for good by a reload time in the future (a clock turned back)', async () => {
    storage.setItem('pcb.chunkReloadAt', String(5_000_000 + 3_600_000));
    expect(await settles(withChunkReload(gone, reload)())).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
