import { PROCESSING_STEPS, type ProcessingStep } from '../../src/contract/board-files';
import { stepOf, type UploadRow } from './store';

/** One step of one upload as a processing job reports it; `final` carries the stored row once it is over. */
export interface StreamingEvent {
  uploadId: string;
  step: ProcessingStep;
  state: 'running' | 'done' | 'failed';
  progress: number;
  final: UploadRow | null;
}

type Listener = (event: StreamingEvent) => void;

/**
 * Publish/subscribe within one gateway between the progress channel (progress.ts, fed by every gateway's jobs
 * through NOTIFY) and this gateway's /streaming sockets and waiting SetLayers calls. It remembers the last event of
 * each job still running anywhere, so a subscriber gets the live step at once instead of a possibly older stored one.
 */
export interface StreamingHub {
  /** The latest event of a job still running; null when there is none. */
  current(uploadId: string): StreamingEvent | null;
  /** Uploads with a live job or a subscriber here: what to re-read after missed messages. */
  followed(): string[];
  /** True while something here listens to the upload. */
  watched(uploadId: string): boolean;
  /** A final event ends the job's live state. */
  publish(event: StreamingEvent): void;
  subscribe(uploadId: string, listener: Listener): () => void;
}

export function createStreamingHub(): StreamingHub {
  const live = new Map<string, StreamingEvent>();
  const listeners = new Map<string, Set<Listener>>();
  return {
    current: (uploadId) => live.get(uploadId) ?? null,
    followed: () => [...new Set([...live.keys(), ...listeners.keys()])],
    watched: (uploadId) => listeners.has(uploadId),
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

/** What a stored row says, for an upload no live job is reported for. */
export function eventOfRow(row: UploadRow): StreamingEvent {
  if (row.status === 'done') return { uploadId: row.id, step: 'check', state: 'done', progress: 100, final: row };
  const step = stepOf(row.step);
  if (row.status === 'failed') return { uploadId: row.id, step, state: 'failed', progress: progressAt(step), final: row };
  return runningEvent(row.id, step);
}
