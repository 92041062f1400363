import type { UploadState } from '../contract/board-files';
import { dfmOver, watchProcessing, type ProcessingCallbacks } from './board-processing';
import { pollQuote } from './quote-poll';

/**
 * Waits for an upload's DFM: it is measured after the pictures, layers and price are stored and shown,
 * and reaches the browser the way the analysis did — a member's over /streaming (polling when that fails), an
 * instant quote's by polling with the visitor's key. Resolves with the state once DFM is over (done or failed).
 */
export function waitForDfm(uploadId: string, asQuote: boolean, signal: AbortSignal): Promise<UploadState> {
  return new Promise<UploadState>((resolve, reject) => {
    const callbacks: ProcessingCallbacks = { step: () => undefined, processed: resolve, failed: (message) => reject(new Error(message)) };
    const stop = asQuote ? pollQuote(uploadId, callbacks, dfmOver) : watchProcessing(uploadId, callbacks, {}, dfmOver);
    signal.addEventListener('abort', () => {
      stop();
      reject(signal.reason);
    }, { once: true });
  });
}
