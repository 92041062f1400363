import type { UploadState } from '../contract/board-files';
import { getQuoteUpload, QUOTE_KEY_HEADER, type QuoteUploadState } from '../contract/quote';
import { callApi } from './api';
import { processingOver, stepPercent, type ProcessingCallbacks } from './board-processing';
import { t } from './i18n';
import { readQuoteKey } from './quote-storage';

/**
 * Following an instant quote's processing, apart from the quote's other calls so the findings panel can
 * wait for a quote's DFM without loading the wizard. The visitor's key goes as a header with every call.
 */
const POLL_MS = 250;

export const keyHeaders = (): Record<string, string> => {
  const key = readQuoteKey();
  return key ? { [QUOTE_KEY_HEADER]: key } : {};
};

/** A state without a client, in the wizard's shape: the wizard reads `clientId` nowhere for a quote. */
export const asUploadState = (state: QuoteUploadState): UploadState => ({ ...state, clientId: 0 });

const getQuote = async (uploadId: string, signal: AbortSignal): Promise<UploadState> =>
  asUploadState(await callApi(getQuoteUpload, { query: { uploadId }, headers: keyHeaders(), signal }));

/** Polled: a visitor has no streaming token. Short steps, since the price waits for the end (of the stage `over` names). */
export function pollQuote(uploadId: string, callbacks: ProcessingCallbacks, over: (state: UploadState) => boolean = processingOver): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      const state = await getQuote(uploadId, controller.signal);
      if (controller.signal.aborted) return;
      if (over(state)) {
        callbacks.processed(state);
        return;
      }
      if (state.status === 'processing') callbacks.step(state.step, stepPercent(state.step));
      timer = setTimeout(() => void poll(), POLL_MS);
    } catch (error) {
      if (!controller.signal.aborted) callbacks.failed(error instanceof Error ? error.message : t('errors.generic'));
    }
  };
  void poll();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}

