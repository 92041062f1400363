import type { FastifyBaseLogger } from 'fastify';
import type { ProcessingStep } from '../../src/contract/board-files';
import type { Db } from '../db/connect';
import type { Listener, Notifications } from '../db/notify';
import { findActiveJob } from './queue';
import { findUpload, stepOf } from './store';
import { eventOfRow, runningEvent, type StreamingEvent, type StreamingHub } from './streaming-hub';

/**
 * Progress of board jobs across gateways. A job's gateway NOTIFYs each step and the end; every gateway (itself
 * included) LISTENs and hands the events to its hub, so a /streaming socket on any gateway follows any job.
 * A NOTIFY payload is small (8000 bytes at most): the end says only 'over', and a gateway with someone watching
 * reads the stored row itself.
 */

const PROGRESS_CHANNEL = 'board_progress';
const JOBS_CHANNEL = 'board_jobs';

interface ProgressMessage { uploadId: string; step: ProcessingStep | null }

function parse(payload: string): ProgressMessage | null {
  try {
    const value = JSON.parse(payload) as { u?: unknown; s?: unknown };
    if (typeof value.u !== 'string') return null;
    return { uploadId: value.u, step: typeof value.s === 'string' ? stepOf(value.s) : null };
  } catch {
    return null;
  }
}

/** The state of an upload as stored: a queued or running job (a re-run keeps its previous result on show) wins. */
export async function storedEvent(db: Db, uploadId: string): Promise<StreamingEvent | null> {
  const row = await findUpload(db, uploadId);
  if (!row) return null;
  const job = await findActiveJob(db, uploadId);
  if (job) return runningEvent(uploadId, row.status === 'processing' ? stepOf(row.step) : stepOf(job.step));
  return eventOfRow(row);
}

export interface Progress {
  /** Resolves once sent: awaiting each call keeps one job's messages in order. */
  step(uploadId: string, step: ProcessingStep): Promise<void>;
  /** The job is over (stored as done or failed). */
  over(uploadId: string): Promise<void>;
  /** Wakes the job runners of every gateway. */
  jobQueued(): Promise<void>;
  close(): Promise<void>;
}

interface Deps {
  db: Db;
  notifications: Notifications;
  hub: StreamingHub;
  log: FastifyBaseLogger;
  /** Called when any gateway queued a job, and after missed messages. */
  onJobQueued(): void;
}

export async function startProgress({ db, notifications, hub, log, onJobQueued }: Deps): Promise<Progress> {
  // Messages of one upload are handled one after another: the end is read from the database and must not be
  // overtaken by the first step of a job queued right after it.
  const chains = new Map<string, Promise<void>>();
  const inOrder = (uploadId: string, work: () => Promise<void>) => {
    const next = (chains.get(uploadId) ?? Promise.resolve()).then(work).catch((error: unknown) => {
      log.error({ err: error, uploadId }, 'board progress could not be relayed');
    });
    chains.set(uploadId, next);
    void next.then(() => {
      if (chains.get(uploadId) === next) chains.delete(uploadId);
    });
  };

  /** Sends the stored state to whoever here follows the upload; nobody following, nothing is read. */
  const refresh = (uploadId: string) => inOrder(uploadId, async () => {
    if (!hub.watched(uploadId) && !hub.current(uploadId)) return;
    const event = await storedEvent(db, uploadId);
    if (event) hub.publish(event);
  });

  const listener: Listener = await notifications.listen([PROGRESS_CHANNEL, JOBS_CHANNEL], {
    message(channel, payload) {
      if (channel === JOBS_CHANNEL) {
        onJobQueued();
        return;
      }
      const message = parse(payload);
      if (!message) return;
      const { uploadId, step } = message;
      if (step) inOrder(uploadId, async () => hub.publish(runningEvent(uploadId, step)));
      else refresh(uploadId);
    },
    lost(error) {
      log.warn({ err: error }, 'board progress: the listening connection was lost, reconnecting');
    },
    restored() {
      log.info('board progress: listening again; re-reading what was followed');
      for (const uploadId of hub.followed()) refresh(uploadId);
      onJobQueued();
    },
  });

  const send = (channel: string, message: object) => notifications.notify(channel, JSON.stringify(message));
  return {
    step: (uploadId, step) => send(PROGRESS_CHANNEL, { u: uploadId, s: step }),
    over: (uploadId) => send(PROGRESS_CHANNEL, { u: uploadId }),
    jobQueued: () => send(JOBS_CHANNEL, {}),
    async close() {
      await listener.close();
      await Promise.all([...chains.values()]);
    },
  };
}
