import { PROCESSING_STEPS, type ProcessingStep } from '../../src/contract/board-files';
import { stepOf, type UploadRow } from './store';

/** One step of one upload as the processing job reports it; `final` carries the stored row once it is over. */
export interface StreamingEvent {
  uploadId: string;
  step: ProcessingStep;
  state: 'running' | 'done' | 'failed';
  progress: number;
  final: UploadRow | null;
}

type Listener = (event: StreamingEvent) => void;

/**
 * In-process publish/subscribe between processing jobs and /streaming sockets. It remembers the last event of each
 * job still running here, so a subscriber gets the live step at once instead of a possibly older stored one.
 * One process only: with several gateways a shared channel (PostgreSQL LISTEN/NOTIFY) would replace it.
 */
export interface StreamingHub {
  /** The latest event of a job queued or running in this process; null when there is none. */
  current(uploadId: string): StreamingEvent | null;
  /** A final event ends the job's live state. */
  publish(event: StreamingEvent): void;
  subscribe(uploadId: string, listener: Listener): () => void;
}

export function createStreamingHub(): StreamingHub {
  const live = new Map<string, StreamingEvent>();
  const listeners = new Map<string, Set<Listener>>();
  return {
    current: (uploadId) => live.get(uploadId) ?? null,
    publish(event) {
      if (event.final) live.delete(event.uploadId);
      else live.set(event.uploadId, event);
      for (const listener of [...(listeners.get(event.uploadId) ?? [])]) listener(event);
    },
    subscribe(uploadId, listener) {
      const set = listeners.get(uploadId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(uploadId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(uploadId) === set) listeners.delete(uploadId);
      };
    },
  };
}

/** Progress at the start of a step: the share of the steps before it. */
export const progressAt = (step: ProcessingStep): number =>
  Math.round((PROCESSING_STEPS.indexOf(step) * 100) / PROCESSING_STEPS.length);

export const runningEvent = (uploadId: string, step: ProcessingStep): StreamingEvent =>
  ({ uploadId, step, state: 'running', progress: progressAt(step), final: null });

/** What a stored row says, for a subscriber of an upload no job of this process is working on. */
export function eventOfRow(row: UploadRow): StreamingEvent {
  if (row.status === 'done') return { uploadId: row.id, step: 'check', state: 'done', progress: 100, final: row };
  const step = stepOf(row.step);
  if (row.status === 'failed') return { uploadId: row.id, step, state: 'failed', progress: progressAt(step), final: row };
  return runningEvent(row.id, step);
}
