/** Spec 4/8: a page chunk that fails to load (a new deploy removed it) reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'pcb.chunkReloadAt';

export function withChunkReload<T>(load: () => Promise<T>, reload: () => void = () => location.reload()): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      let last = 0;
      try {
        last = Number(sessionStorage.getItem(KEY)) || 0;
        if (Date.now() - last >= CHUNK_RELOAD_GUARD_MS) sessionStorage.setItem(KEY, String(Date.now()));
      } catch {
        // Without sessionStorage we cannot tell a reload loop apart: show the error instead.
        throw error;
      }
      if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) throw error;
      reload();
      return new Promise<T>(() => undefined);
    });
}
