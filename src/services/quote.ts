import type { Actor } from 'xstate';
import type { ProjectParams } from '../contract/board';
import { type UploadState } from '../contract/board-files';
import { API_BASE } from '../contract/call';
import { createProject, type PriceQuote } from '../contract/projects';
import { claimQuote, orderQuote, QUOTE_KEY_HEADER, quotePrice, quoteUploadAnswer, setQuoteLayers, uploadQuoteFiles } from '../contract/quote';
import { boardToKeep } from '../machines/wizard-board/wizard-board-rules';
import type { ClaimInput, QuoteOutcome } from '../machines/quote/quote-types';
import type { UploadFilesInput } from '../machines/wizard-board/wizard-board-types';
import { ApiError, callApi } from './api';
import { postArchive, prepareUpload, readUploadAnswer, type UploadCallbacks } from './board-files';
import { t } from './i18n';
import { asUploadState, keyHeaders, pollQuote } from './quote-poll';
import { keepQuoteBoard, readQuoteKey, storeQuoteKey } from './quote-storage';
import { wizardBoardFlowFor } from './wizard';
import { swappableCalls } from './swappable-calls';

/**
 * The instant quote's calls. The visitor's key lives in this browser's localStorage only: it is the one
 * proof that the quote is theirs, sent as a header (never in a URL) with every call and picture.
 */
async function uploadQuote(input: UploadFilesInput, progress: (percent: number) => void, signal: AbortSignal): Promise<UploadState> {
  const prepared = await prepareUpload(input.items);
  const url = `${API_BASE}${uploadQuoteFiles.path}?${new URLSearchParams({ fileName: prepared.fileName })}`;
  const answer = readUploadAnswer(await postArchive(url, keyHeaders(), prepared, { progress }, signal), quoteUploadAnswer);
  storeQuoteKey(answer.quoteKey);
  return asUploadState(answer.state);
}

function uploadWithKey(input: UploadFilesInput, callbacks: UploadCallbacks): () => void {
  const controller = new AbortController();
  uploadQuote(input, (percent) => callbacks.progress(percent), controller.signal).then(
    (state) => { if (!controller.signal.aborted) callbacks.uploaded(state); },
    (error: unknown) => {
      if (!controller.signal.aborted) callbacks.failed(error instanceof Error && error.message ? error.message : t('errors.generic'));
    },
  );
  return () => controller.abort();
}

/** Saving and loading projects are the signed-in wizard's: on /quote the quote flow hands the board over. */
const notOnQuote = (): Promise<never> => Promise.reject(new ApiError(403, t('errors.generic')));

/** The quote's plain calls; tests replace them with `provideQuoteCalls`. */
export interface QuoteCalls {
  price(params: ProjectParams, signal?: AbortSignal): Promise<PriceQuote>;
  claim(input: ClaimInput, signal?: AbortSignal): Promise<QuoteOutcome>;
}

const realCalls: QuoteCalls = {
  price: (params, signal) => callApi(quotePrice, { body: { params }, signal }),
  claim: (input, signal) => claimWithKey(input, signal),
};
const callsSlot = swappableCalls<QuoteCalls>(realCalls);
/** Swaps some of the calls (tests), the rest stay real; returns the undo. */
export const provideQuoteCalls = (next: Partial<QuoteCalls> | null): (() => void) =>
  callsSlot.provide(next && { ...realCalls, ...next });
const quoteCalls = callsSlot.current;

export const fetchQuotePrice = (params: ProjectParams, signal?: AbortSignal): Promise<PriceQuote> => quoteCalls().price(params, signal);

/**
 * The board wizard itself, with the quote's calls: the same steps, components, checks and price child, only
 * anonymous. Saving is not one of its steps here: the quote flow (machines/quote) hands the board over.
 */
export const quoteWizardBoardFlow = wizardBoardFlowFor(() => ({
  upload: uploadWithKey,
  watch: pollQuote,
  applyLayers: async (input, signal) => asUploadState(await callApi(setQuoteLayers, { body: input, headers: keyHeaders(), signal })),
  // Reading a BOM is for signed-in users: a visitor is told so instead of being sent to sign in mid-quote.
  readBom: () => Promise.reject(new ApiError(403, t('quote.bomSignIn'))),
  saveProject: notOnQuote,
  getProject: notOnQuote,
  quote: fetchQuotePrice,
}));

/** Keeps the board the quote's wizard shows for a reload, as it changes; returns the stop. */
export function keepBoardOf(wizard: Actor<typeof quoteWizardBoardFlow>): () => void {
  const subscription = wizard.subscribe((snapshot) => keepQuoteBoard(boardToKeep(snapshot.context)));
  return () => subscription.unsubscribe();
}

/** The quote becomes a project (in the cart, ordered): a reload of /quote then starts afresh. */
export async function claimPendingQuote(input: ClaimInput, signal?: AbortSignal): Promise<QuoteOutcome> {
  const project = await quoteCalls().claim(input, signal);
  keepQuoteBoard(null);
  return project;
}

/**
 * 'Заказать' is one call that makes the project ready to order and puts it into the cart; 'Сохранить
 * проект' claims a quote with files (the upload becomes the client's) or creates a draft of one entered by hand.
 */
async function claimWithKey({ pending, clientId }: ClaimInput, signal?: AbortSignal): Promise<QuoteOutcome> {
  if (pending === null) throw new ApiError(400, t('errors.generic'));
  const { uploadId, title, params } = pending;
  const key = readQuoteKey();
  if (uploadId !== null && !key) throw new ApiError(404, t('quote.keyLost'));
  const headers = key ? { [QUOTE_KEY_HEADER]: key } : undefined;
  if (pending.intent === 'order') {
    const ordered = await callApi(orderQuote, { body: { uploadId, clientId, title, params }, headers, signal });
    return { project: ordered.project, inCart: true, dfmReview: ordered.dfmReview };
  }
  const project = uploadId === null
    ? await callApi(createProject, { body: { clientId, title, params, uploadId: null, status: 'draft' }, signal })
    : await callApi(claimQuote, { body: { uploadId, clientId, title, params }, headers, signal });
  return { project, inCart: false, dfmReview: false };
}
