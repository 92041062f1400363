/** A page chunk that fails to load (a new deploy removed it) reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'pcb.chunkReloadAt';

/** True (and remembered across the reload) when the page did not reload for a failed chunk in the last 60 s. */
function claimReload(now: number): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY)) || 0;
    // A clock turned back leaves `last` in the future: that is no recent reload either.
    if (now >= last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(KEY, String(now));
    return true;
  } catch {
    // Without sessionStorage a reload loop cannot be told apart: show the error instead.
    return false;
  }
}

/**
 * Wraps a chunk loader: a failure reloads the page (and never settles, so nothing renders an error meanwhile);
 * a failure within 60 s of such a reload is a real error and reaches the error boundary.
 */
export function withChunkReload<T>(load: () => Promise<T>, reload: () => void = () => location.reload()): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (!claimReload(Date.now())) throw error;
      reload();
      return new Promise<T>(() => undefined);
    });
}
