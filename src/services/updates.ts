import { UPDATES_DISABLED } from '../machines/updates-popup/updates-popup';

/**
 * The what's-new popup reads and writes one value, 'updates', in localStorage: the release date the user
 * last saw, or 'disabled' when they never want to see it.
 */
export const UPDATES_STORAGE_KEY = 'updates';

/** The stored value, or null when there is none or storage is unavailable (private mode, tests without DOM). */
export function readUpdatesValue(): string | null {
  try {
    return globalThis.localStorage?.getItem(UPDATES_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remembers that this release was shown; 'disabled' is the user's choice and is never overwritten. */
export function storeUpdatesRelease(release: string): void {
  try {
    if (readUpdatesValue() === UPDATES_DISABLED) return;
    globalThis.localStorage?.setItem(UPDATES_STORAGE_KEY, release);
  } catch {
    // Without storage the popup shows again next time; nothing else depends on it.
  }
}
