import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createAttempts, type AttemptOptions, type AttemptOutcome } from './attempts';
import { claimMessage, enqueueMessage, type OutboxDraft, type OutboxRow } from './outbox-queue';
import { settledWithin, startPolling } from './polling';
import { checkStatuses } from './status-checks';

export type { AttemptOutcome, Channel } from './attempts';

export interface DeliveryWorkers {
  /** Queues a message to be sent now by `attempt`: held by this gateway already, unless it is closing. */
  enqueue(draft: OutboxDraft): Promise<OutboxRow>;
  /** Tries a message `enqueue` gave this gateway once, on the caller's time (a code while its request waits). */
  attempt(row: OutboxRow): Promise<AttemptOutcome>;
  state(): 'running' | 'stopped' | 'stuck';
  /** Stops claiming and waits a while for the sends in flight; those still going are left to their leases. */
  close(): Promise<void>;
}

/**
 * How long closing waits for sends in flight. Board jobs close first (5 s), then these: a SIGTERM still exits within
 * its 10 s. A send cut by the exit is taken up again when its lease runs out.
 */
const DRAIN_MS = 3000;

type WorkerOptions = Omit<AttemptOptions, 'lease'>;

/**
 * This gateway's share of the outbox (docs/decisions.md "Delivery"): it claims due messages while it has
 * free slots, sends each under a renewed lease, and looks again at each poll, wake-up or end of a send. A database
 * that is away costs a logged error and a growing pause, never a crash or a busy loop.
 */
export function startDeliveryWorkers(options: WorkerOptions): DeliveryWorkers {
  const { db, settings, transports, log, now } = options;
  const lease = { owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, leaseMs: settings.leaseSeconds * 1000 };
  const attempts = createAttempts({ ...options, lease });
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let broken = false;
  /** When the look at the queue under way began: one that hangs (a stuck database) makes the workers 'stuck'. */
  let lookingSince: number | null = null;
  let statusRound: Promise<void> | null = null;
  let lastStatusRound = 0;
  /** Resolved once closing stops waiting: a request still waiting for its send is answered 'queued' then. */
  let leave: () => void = () => undefined;
  const left = new Promise<void>((resolve) => { leave = resolve; });

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    // A free slot: look for the next message at once.
    void work.finally(() => { inFlight.delete(work); polling.wake(); }).catch(() => undefined);
    return work;
  }

  async function look(): Promise<void> {
    lookingSince = Date.now();
    try {
      while (!stopped && inFlight.size < settings.concurrency) {
        const row = await claimMessage(db, lease, now());
        if (!row) break;
        void track(attempts.run(row)).catch((error: unknown) => log.error({ err: error, outboxId: row.id }, 'delivery attempt broke'));
      }
    } finally {
      lookingSince = null;
    }
    readStatuses();
  }

  /** Statuses are read beside the sending, at most one round at a time, so a slow provider never holds a message up. */
  function readStatuses(): void {
    const provider = transports.sms;
    const firstCheckMs = settings.statusCheckSeconds * 1000;
    if (!provider || statusRound || Date.now() - lastStatusRound < firstCheckMs / 3) return;
    lastStatusRound = Date.now();
    statusRound = checkStatuses({ db, provider, log, now, firstCheckMs })
      .catch((error: unknown) => log.warn({ err: error }, 'provider statuses not read'))
      .finally(() => { statusRound = null; });
  }

  /** Stops claiming, waits up to DRAIN_MS for the sends in flight, then lets go of them (their leases run out). */
  async function drain(): Promise<void> {
    stopped = true;
    polling.wake();
    if (!await settledWithin([running, statusRound, ...inFlight], DRAIN_MS)) {
      log.warn({ inFlight: inFlight.size }, 'delivery workers closed with sends in flight: each is taken up again when its lease runs out');
    }
    attempts.abandon();
    leave();
    transports.close();
  }
  let closing: Promise<void> | undefined;

  const polling = startPolling({
    pollMs: settings.pollMs,
    look,
    isStopped: () => stopped,
    failed: (error, failures, nextLookMs) => log.error({ err: error, failures, nextLookMs }, 'delivery workers: the outbox cannot be read'),
    recovered: (failures) => log.info({ failures }, 'delivery workers: the outbox is readable again'),
  });
  const running = polling.running.catch((error: unknown) => {
    broken = true;
    log.error({ err: error }, 'delivery workers stopped by an error');
  });

  return {
    enqueue: (draft) => enqueueMessage(db, draft, now(), stopped ? undefined : lease),
    async attempt(row) {
      if (row.status !== 'sending' || row.leaseOwner !== lease.owner) return { state: 'elsewhere' };
      const queued: AttemptOutcome = { state: 'queued', channel: row.channel };
      return Promise.race([track(attempts.run(row)), left.then(() => queued)]);
    },
    state() {
      if (stopped) return 'stopped';
      // A look is a few short statements: one still going after a send's whole time limit hangs.
      const hung = lookingSince !== null && Date.now() - lookingSince > settings.sendTimeoutSeconds * 1000 + settings.pollMs;
      return broken || hung ? 'stuck' : 'running';
    },
    close() {
      closing ??= drain();
      return closing;
    },
  };
}
