import { is } from 'superstruct';
import {
  PROCESSING_STEPS, getUpload, streamingMessage, streamingToken, type ProcessingStep, type UploadState,
} from '../contract/board-files';
import { ApiError, callApi } from './api';
import { t } from './i18n';
import { swappableCalls } from './swappable-calls';

/** The calls the watcher makes; tests replace them with `provideProcessingCalls`. */
export interface ProcessingCalls {
  streamingToken(signal?: AbortSignal): Promise<string>;
  getUpload(uploadId: string, signal?: AbortSignal): Promise<UploadState>;
  openSocket(url: string): WebSocket;
}

const realCalls: ProcessingCalls = {
  streamingToken: (signal) => callApi(streamingToken, { signal }),
  getUpload: (uploadId, signal) => callApi(getUpload, { query: { uploadId }, signal }),
  openSocket: (url) => new WebSocket(url),
};
const callsSlot = swappableCalls<ProcessingCalls>(realCalls);
/** Swaps some of the calls (tests), the rest stay real; returns the undo. */
export const provideProcessingCalls = (next: Partial<ProcessingCalls> | null): (() => void) =>
  callsSlot.provide(next && { ...realCalls, ...next });
const processingCalls = callsSlot.current;

/** The token's answer is used stripped of newlines and quotes. */
export const cleanStreamingToken = (raw: string): string => raw.replace(/[\r\n"]/g, '').trim();

export function streamingUrl(token: string, where: { protocol: string; host: string } = globalThis.location): string {
  const scheme = where.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${where.host}/streaming?${new URLSearchParams({ token })}`;
}

/** Progress of a step when only the step is known (polling): the share of the steps before it. */
export const stepPercent = (step: ProcessingStep): number =>
  Math.floor((100 * PROCESSING_STEPS.indexOf(step)) / PROCESSING_STEPS.length);

export interface ProcessingCallbacks {
  step(step: ProcessingStep, percent: number): void;
  processed(state: UploadState): void;
  failed(message: string): void;
}

export interface WatchTiming {
  /** Between two polls. */
  pollMs: number;
  /** Silence on an open socket after which polling starts as well (a proxy that swallows frames). */
  quietMs: number;
  /** Failed polls in a row before the watch gives up. */
  maxPollFailures: number;
}

const DEFAULT_TIMING: WatchTiming = { pollMs: 1000, quietMs: 5000, maxPollFailures: 5 };

/** The end the wizard waits for: the pictures, layers and measurements (the price needs no more). */
export const processingOver = (state: UploadState): boolean => state.status !== 'processing';
/** The end of DFM too (it is measured after the first stage, which is stored and shown before it). */
export const dfmOver = (state: UploadState): boolean => processingOver(state) && state.analysis?.dfmStatus !== 'running';

/**
 * Follows one upload's processing: over /streaming while the socket works, by polling `getUpload` every second
 * when it cannot be opened or closes before the end (websockets blocked by a proxy), so the wizard goes on
 * either way. The first state that is `over` wins (the gateway sends a final state at each stage's end); the
 * returned function stops everything.
 */
export function watchProcessing(
  uploadId: string, callbacks: ProcessingCallbacks, timing: Partial<WatchTiming> = {}, over: (state: UploadState) => boolean = processingOver,
): () => void {
  const { pollMs, quietMs, maxPollFailures } = { ...DEFAULT_TIMING, ...timing };
  const controller = new AbortController();
  let finished = false;
  let socket: WebSocket | null = null;
  let polling = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let lastStep: ProcessingStep | null = null;

  const stop = () => {
    finished = true;
    controller.abort();
    clearTimeout(pollTimer);
    clearTimeout(quietTimer);
    if (socket) {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close();
    }
  };
  const reportStep = (step: ProcessingStep, percent: number) => {
    lastStep = step;
    callbacks.step(step, Math.max(0, Math.min(100, Math.round(percent))));
  };
  const finish = (state: UploadState) => {
    if (finished) return;
    stop();
    callbacks.processed(state);
  };
  const fail = (message: string) => {
    if (finished) return;
    stop();
    callbacks.failed(message);
  };

  const poll = async (failures: number) => {
    if (finished) return;
    try {
      const state = await processingCalls().getUpload(uploadId, controller.signal);
      if (finished) return;
      if (over(state)) return finish(state);
      if (state.status === 'processing' && state.step !== lastStep) reportStep(state.step, stepPercent(state.step));
      pollTimer = setTimeout(() => void poll(0), pollMs);
    } catch (error) {
      if (finished) return;
      const gone = error instanceof ApiError && (error.status === 404 || error.status === 403);
      if (gone || failures + 1 >= maxPollFailures) return fail(error instanceof Error ? error.message : t('errors.generic'));
      pollTimer = setTimeout(() => void poll(failures + 1), pollMs);
    }
  };
  const startPolling = () => {
    if (polling || finished) return;
    polling = true;
    void poll(0);
  };
  const hearFromSocket = () => {
    clearTimeout(quietTimer);
    if (!polling) quietTimer = setTimeout(startPolling, quietMs);
  };

  const isRefusal = (data: unknown) => typeof data === 'object' && data !== null && 'error' in data
    && (data as { uploadId?: unknown }).uploadId === uploadId;

  const onMessage = (event: MessageEvent) => {
    if (finished || typeof event.data !== 'string') return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    // The gateway refuses a subscription it will not serve with `{error, uploadId}`: polling then gets the reason.
    if (isRefusal(data)) return startPolling();
    if (!is(data, streamingMessage) || data.uploadId !== uploadId) return;
    hearFromSocket();
    if (data.final) {
      if (over(data.final)) finish(data.final);
      return;
    }
    reportStep(data.step, data.progress);
  };

  const open = async () => {
    const token = cleanStreamingToken(await processingCalls().streamingToken(controller.signal));
    if (finished) return;
    socket = processingCalls().openSocket(streamingUrl(token));
    socket.onopen = () => {
      socket?.send(JSON.stringify({ subscribe: uploadId }));
      hearFromSocket();
    };
    socket.onmessage = onMessage;
    // An error is followed by a close; either one before the final state hands over to polling.
    socket.onerror = startPolling;
    socket.onclose = startPolling;
  };
  open().catch(startPolling);
  return stop;
}
