/**
 * The listeners of a module's state: `subscribe` in the form useSyncExternalStore takes (it returns the
 * unsubscribe), `notify` after each change. A listener that subscribes or leaves while being told is told from the
 * next change on.
 */
export function changeListeners() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify(): void {
      for (const listener of [...listeners]) listener();
    },
  };
}
