/** Runs the sweep every `everyMs` without keeping the process alive; returns the stop function. */
export function scheduleSweep(run: () => Promise<void>, onError: (error: unknown) => void, everyMs = 10 * 60 * 1000): () => void {
  const timer = setInterval(() => void run().catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
