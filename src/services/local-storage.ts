/**
 * This browser's localStorage, read and written without throwing: private mode or a full storage keeps nothing,
 * and what was to be kept lives as long as the page.
 */
export function readStorage(name: string): string | null {
  try {
    return globalThis.localStorage?.getItem(name) ?? null;
  } catch {
    return null;
  }
}

/** Writes `value` under `name`; null removes it. */
export function writeStorage(name: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(name);
    else globalThis.localStorage?.setItem(name, value);
  } catch {
    // Nothing to do: the value is simply not kept.
  }
}

/** The JSON kept under `name`, or null when there is none or it does not parse. */
export function readJson(name: string): unknown {
  const raw = readStorage(name);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
