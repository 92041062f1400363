/** The longest pause between looks while the queue cannot be read (the database is away). */
const MAX_ERROR_PAUSE_MS = 15_000;

export interface PollingOptions {
  pollMs: number;
  /** Claims what is due while there are free slots; it throws when the queue cannot be read. */
  look(): Promise<void>;
  /** Set by closing: no look starts after it. */
  isStopped(): boolean;
  /** A look failed: the next one comes after `nextLookMs`. */
  failed(error: unknown, failures: number, nextLookMs: number): void;
  /** The first look that works after `failures` failed ones. */
  recovered?(failures: number): void;
}

export interface Polling {
  /** Looks again now rather than at the next poll (a slot freed, a row queued, closing). */
  wake(): void;
  /** Settles when the loop ends, after the last look once stopped. */
  running: Promise<void>;
}

/**
 * A queue's look at each poll and each wake-up until stopped. A failed look costs a logged error and a pause that
 * doubles with each failure up to MAX_ERROR_PAUSE_MS, never a crash or a busy loop.
 */
export function startPolling({ pollMs, look, isStopped, failed, recovered }: PollingOptions): Polling {
  let woken = false;
  let wakeUp: (() => void) | null = null;

  async function loop(): Promise<void> {
    let failures = 0;
    while (!isStopped()) {
      woken = false;
      let pauseMs = pollMs;
      try {
        await look();
        if (failures > 0) recovered?.(failures);
        failures = 0;
      } catch (error) {
        failures += 1;
        pauseMs = Math.min(Math.max(MAX_ERROR_PAUSE_MS, pollMs), pollMs * 2 ** failures);
        failed(error, failures, pauseMs);
      }
      if (isStopped() || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pauseMs);
        wakeUp = () => { clearTimeout(timer); resolve(); };
      });
      wakeUp = null;
    }
  }

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    running: loop(),
  };
}

/** Whether `work` settles within `ms`: closing waits that long for what is in flight, then lets go of it. */
export async function settledWithin(work: readonly unknown[], ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = await Promise.race([
    Promise.allSettled(work).then(() => true),
    new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms); }),
  ]);
  clearTimeout(timer);
  return settled;
}
