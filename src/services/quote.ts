import { is, nullable, object, optional, string } from 'superstruct';
import { projectParams, type ProjectParams } from '../contract/board';
import { type UploadState } from '../contract/board-files';
import { API_BASE } from '../contract/call';
import { createProject, priceQuote, type PriceQuote, type Project } from '../contract/projects';
import {
  claimQuote, getQuoteUpload, QUOTE_KEY_HEADER, quoteKey as quoteKeyStruct, quotePrice, quoteUploadAnswer,
  setQuoteLayers, uploadQuoteFiles, type QuoteUploadState,
} from '../contract/quote';
import type { ClaimInput, PendingQuote } from '../machines/quote/quote-types';
import type { UploadFilesInput } from '../machines/wizard-board/wizard-board-types';
import { ApiError, callApi } from './api';
import { postArchive, prepareUpload, readUploadAnswer, type UploadCallbacks } from './board-files';
import { stepPercent, type ProcessingCallbacks } from './board-processing';
import { t } from './i18n';
import { wizardMachineOn } from './wizard';

/**
 * The instant quote's calls (issue 21). The visitor's key lives in this browser's localStorage only: it is the one
 * proof that the quote is theirs, sent as a header (never in a URL) with every call and picture.
 */
const KEY_STORAGE = 'quote-key';
const PENDING_STORAGE = 'quote-pending';
const POLL_MS = 250;

function readStorage(name: string): string | null {
  try {
    return globalThis.localStorage?.getItem(name) ?? null;
  } catch {
    return null;
  }
}

function writeStorage(name: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(name);
    else globalThis.localStorage?.setItem(name, value);
  } catch {
    // Private mode or a full storage: the quote works for this page's life only.
  }
}

export function readQuoteKey(): string | null {
  const key = readStorage(KEY_STORAGE);
  return key !== null && is(key, quoteKeyStruct) ? key : null;
}

const keyHeaders = (): Record<string, string> => {
  const key = readQuoteKey();
  return key ? { [QUOTE_KEY_HEADER]: key } : {};
};

/** A state without a client, in the wizard's shape: the wizard reads `clientId` nowhere for a quote. */
const asUploadState = (state: QuoteUploadState): UploadState => ({ ...state, clientId: 0 });

// A quote kept by the page before this release has no price: it is still carried, without one.
const pendingStruct = object({ uploadId: nullable(string()), title: string(), params: projectParams, price: optional(nullable(priceQuote)) });

/** The quote the visitor asked to order, kept across the sign-in (a full page change). */
export function readPendingQuote(): PendingQuote | null {
  const raw = readStorage(PENDING_STORAGE);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return is(value, pendingStruct) ? { ...value, price: value.price ?? null } : null;
  } catch {
    return null;
  }
}

export const storePendingQuote = (pending: PendingQuote | null): void =>
  writeStorage(PENDING_STORAGE, pending === null ? null : JSON.stringify(pending));

async function uploadQuote(input: UploadFilesInput, progress: (percent: number) => void, signal: AbortSignal): Promise<UploadState> {
  const prepared = await prepareUpload(input.items);
  const url = `${API_BASE}${uploadQuoteFiles.path}?${new URLSearchParams({ fileName: prepared.fileName })}`;
  const answer = readUploadAnswer(await postArchive(url, keyHeaders(), prepared, { progress }, signal), quoteUploadAnswer);
  writeStorage(KEY_STORAGE, answer.quoteKey);
  return asUploadState(answer.state);
}

const getQuote = async (uploadId: string, signal: AbortSignal): Promise<UploadState> =>
  asUploadState(await callApi(getQuoteUpload, { query: { uploadId }, headers: keyHeaders(), signal }));

/** Polled: a visitor has no streaming token. Short steps, since the price waits for the end. */
function pollQuote(uploadId: string, callbacks: ProcessingCallbacks): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      const state = await getQuote(uploadId, controller.signal);
      if (controller.signal.aborted) return;
      if (state.status !== 'processing') {
        callbacks.processed(state);
        return;
      }
      callbacks.step(state.step, stepPercent(state.step));
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

/** The quote's plain calls; tests replace them with `provideQuoteGateway`. */
export interface QuoteGateway {
  price(params: ProjectParams, signal?: AbortSignal): Promise<PriceQuote>;
  claim(input: ClaimInput, signal?: AbortSignal): Promise<Project>;
}

const callGateway: QuoteGateway = {
  price: (params, signal) => callApi(quotePrice, { body: { params }, signal }),
  claim: (input, signal) => claimWithKey(input, signal),
};
let gateway: QuoteGateway = callGateway;

/** Swaps the calls (tests); returns the undo. */
export function provideQuoteGateway(next: Partial<QuoteGateway> | null): () => void {
  const previous = gateway;
  gateway = next ? { ...callGateway, ...next } : callGateway;
  return () => {
    gateway = previous;
  };
}

export const fetchQuotePrice = (params: ProjectParams, signal?: AbortSignal): Promise<PriceQuote> => gateway.price(params, signal);

/**
 * The board wizard itself, with the quote's calls: the same steps, components, checks and price child, only
 * anonymous. Saving is not one of its steps here: the quote flow (machines/quote) hands the board over.
 */
export const quoteWizardMachine = wizardMachineOn(() => ({
  upload: uploadWithKey,
  watch: pollQuote,
  applyLayers: async (input, signal) => asUploadState(await callApi(setQuoteLayers, { body: input, headers: keyHeaders(), signal })),
  // Reading a BOM is for signed-in users: a visitor is told so instead of being sent to sign in mid-quote.
  readBom: () => Promise.reject(new ApiError(403, t('quote.bomSignIn'))),
  saveProject: notOnQuote,
  getProject: notOnQuote,
  quote: fetchQuotePrice,
}));

export const claimPendingQuote = (input: ClaimInput, signal?: AbortSignal): Promise<Project> => gateway.claim(input, signal);

/** A quote with files is claimed (the upload becomes the client's); one entered by hand is a new draft. */
async function claimWithKey({ pending, clientId }: ClaimInput, signal?: AbortSignal): Promise<Project> {
  if (pending === null) throw new ApiError(400, t('errors.generic'));
  const { uploadId, title, params } = pending;
  if (uploadId === null) {
    return callApi(createProject, { body: { clientId, title, params, uploadId: null, status: 'draft' }, signal });
  }
  const key = readQuoteKey();
  if (!key) throw new ApiError(404, t('quote.keyLost'));
  return callApi(claimQuote, { body: { uploadId, clientId, title, params }, headers: { [QUOTE_KEY_HEADER]: key }, signal });
}
