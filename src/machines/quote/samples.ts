import { defaultParams } from '../../contract/board';
import { SAMPLE_QUOTE } from '../price-quote/samples';
import { SAMPLE_PROJECT, SAMPLE_UPLOAD_ID } from '../wizard-board/samples';
import type { PendingQuote } from './quote-types';

// Sample payloads of the instant quote's flow: the registry's path walks and the unit tests.

export const SAMPLE_PENDING: PendingQuote = {
  uploadId: SAMPLE_UPLOAD_ID, title: 'arduino-uno', params: { ...defaultParams('pcb'), quantity: 25 }, price: SAMPLE_QUOTE, intent: 'save',
};
/** 'Заказать': the same board, for the cart. */
export const SAMPLE_ORDER: PendingQuote = { ...SAMPLE_PENDING, intent: 'order' };
export const SAMPLE_PENDING_BY_HAND: PendingQuote = { uploadId: null, title: 'Плата', params: defaultParams('pcb'), price: null, intent: 'save' };
export const SAMPLE_CLAIMED = { project: { ...SAMPLE_PROJECT, status: 'draft' as const }, inCart: false, dfmReview: false };
export const SAMPLE_ORDERED = { project: { ...SAMPLE_PROJECT, status: 'actual' as const }, inCart: true, dfmReview: true };
