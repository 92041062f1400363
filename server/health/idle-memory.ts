import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Gives memory back once the gateway has gone quiet. V8 keeps the heap pages a collection frees in a pool for reuse
 * and hands them back to the system only in a collection that aims to reduce memory, which a quiet gateway seldom
 * gets: on Node 24 the pool held 65–190 MB of a gateway's idle RSS after a batch of uploads. After `idleMs` without a
 * request, following some activity, one such collection runs; then none until requests have come and gone again.
 */
export interface IdleMemoryRelease {
  /** A request has been answered: the gateway is busy again. */
  touch(): void;
  /** How many releases ran, and what the last one gave back. */
  figures(): IdleMemoryFigures;
  stop(): void;
}

export interface IdleMemoryFigures { releases: number; lastReleasedBytes: number }

/** The clock's reading of the last request and of the last release, in ms. */
export interface IdleClock { lastActivityMs: number; lastReleaseMs: number | null }

/** Due when there has been activity since the last release and none for `idleMs` since. */
export function releaseDue(clock: IdleClock, nowMs: number, idleMs: number): boolean {
  const activeSinceRelease = clock.lastReleaseMs === null || clock.lastActivityMs > clock.lastReleaseMs;
  return activeSinceRelease && nowMs - clock.lastActivityMs >= idleMs;
}

type MemoryReducingCollection = () => void;

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** V8's collection function from a fresh context, with the flag set for that moment only: no global `gc` appears. */
function gcOfFreshContext(): Gc {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as Gc;
  setFlagsFromString('--no-expose-gc');
  return gc;
}

/** Its 'last-resort' flavour is the collection that empties the page pool. */
function memoryReducingCollection(): MemoryReducingCollection {
  const gc = (globalThis as { gc?: Gc }).gc ?? gcOfFreshContext();
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export interface IdleMemorySettings {
  idleMs: number;
  /** ms, as performance.now() counts; a test passes its own. */
  now?: () => number;
  collect?: MemoryReducingCollection;
  rssBytes?: () => number;
  onRelease?(released: { beforeBytes: number; afterBytes: number; ms: number }): void;
}

/** Checks a few times per idle period; the timer does not keep the process alive. */
export function startIdleMemoryRelease(settings: IdleMemorySettings): IdleMemoryRelease {
  const now = settings.now ?? (() => performance.now());
  const rss = settings.rssBytes ?? (() => process.memoryUsage.rss());
  const collect = settings.collect ?? memoryReducingCollection();
  // Start-up (migrations, warm-up) counts as activity: its pages are released once it has settled.
  const clock: IdleClock = { lastActivityMs: now(), lastReleaseMs: null };
  const figures: IdleMemoryFigures = { releases: 0, lastReleasedBytes: 0 };
  const check = () => {
    if (!releaseDue(clock, now(), settings.idleMs)) return;
    const beforeBytes = rss();
    const started = now();
    collect();
    const afterBytes = rss();
    clock.lastReleaseMs = now();
    figures.releases += 1;
    figures.lastReleasedBytes = Math.max(0, beforeBytes - afterBytes);
    settings.onRelease?.({ beforeBytes, afterBytes, ms: clock.lastReleaseMs - started });
  };
  const timer = setInterval(check, Math.max(250, settings.idleMs / 4));
  timer.unref();
  return {
    touch() { clock.lastActivityMs = now(); },
    figures: () => ({ ...figures }),
    stop() { clearInterval(timer); },
  };
}
