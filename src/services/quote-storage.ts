import { enums, is, nullable, object, optional, string } from 'superstruct';
import { projectParams } from '../contract/board';
import { priceQuote } from '../contract/projects';
import { quoteKey as quoteKeyStruct } from '../contract/quote';
import type { PendingQuote } from '../machines/quote/quote-types';
import type { WizardResume } from '../machines/wizard-board/wizard-board-types';
import { keepBoard, readBoard } from './board-storage';
import { readJson, readStorage, writeStorage } from './local-storage';

/**
 * What /quote keeps in this browser: the visitor's key, the quote carried through sign-in, and the board
 * on screen, so a reload picks it up. localStorage only: the key is the proof the quote is theirs, never in a URL.
 */
const KEY_STORAGE = 'quote-key';
const PENDING_STORAGE = 'quote-pending';
const BOARD_STORAGE = 'quote-board';

export function readQuoteKey(): string | null {
  const key = readStorage(KEY_STORAGE);
  return key !== null && is(key, quoteKeyStruct) ? key : null;
}

export const storeQuoteKey = (key: string): void => writeStorage(KEY_STORAGE, key);

// A quote kept by the page before this release has no price: it is still carried, without one.
// An older one has no intent: it is saved as a draft, as both buttons did when it was kept.
const pendingStruct = object({
  uploadId: nullable(string()), title: string(), params: projectParams, price: optional(nullable(priceQuote)),
  intent: optional(enums(['order', 'save'])),
});

/** The quote the visitor asked to order, kept across the sign-in (a full page change). */
export function readPendingQuote(): PendingQuote | null {
  const value = readJson(PENDING_STORAGE);
  return is(value, pendingStruct) ? { ...value, price: value.price ?? null, intent: value.intent ?? 'save' } : null;
}

export const storePendingQuote = (pending: PendingQuote | null): void =>
  writeStorage(PENDING_STORAGE, pending === null ? null : JSON.stringify(pending));

/** The board that was on /quote when the page went, if any. */
export const readQuoteBoard = (): WizardResume | null => readBoard(BOARD_STORAGE);

/** Keeps the board on screen (null: none). */
export const keepQuoteBoard = (board: WizardResume | null): void => keepBoard(BOARD_STORAGE, board);

/**
 * What the auth page says to a visitor sent there by /quote: the quote is kept, and where it will be. Only
 * for the way back to /quote with a quote kept; null otherwise.
 */
export function keptQuoteNote(redirect: string | null): 'auth.quoteKept' | 'auth.quoteKeptSave' | null {
  if (redirect !== '/quote' && redirect !== '/en/quote') return null;
  const pending = readPendingQuote();
  if (pending === null) return null;
  return pending.intent === 'order' ? 'auth.quoteKept' : 'auth.quoteKeptSave';
}
