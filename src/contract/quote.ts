import { boolean, integer, nullable, object, omit, pattern, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { setLayersRequest, uploadBoardFilesQuery, uploadIdQuery, uploadState } from './board-files';
import { projectParams } from './board';
import { entityId, requiredText, uuid } from './fields';
import { priceQuote, project, quoteRequest } from './projects';

/**
 * The instant quote: a visitor who never signed in uploads a board and sees its pictures, layers,
 * findings and price. What the visitor uploads is theirs by a key only their browser holds: the first upload
 * answers it, every later call sends it in this header, and nothing of a quote is served without it.
 */
export const QUOTE_KEY_HEADER = 'x-quote-key';
/** 32 random bytes, base64url: unguessable, and never in a URL (URLs end up in logs). */
export const quoteKey = pattern(string(), /^[A-Za-z0-9_-]{43}$/);

/** An anonymous upload belongs to no client. */
export const quoteUploadState = omit(uploadState, ['clientId']);
export type QuoteUploadState = Infer<typeof quoteUploadState>;

export const quoteUploadAnswer = object({ quoteKey, state: quoteUploadState });

/** Raw bytes as the body, as uploadBoardFiles; without the header a new key is made. */
export const uploadQuoteFiles = defineCall({
  method: 'POST', path: '/quote/Upload', access: 'anonymous', query: omit(uploadBoardFilesQuery, ['clientId']),
  response: quoteUploadAnswer,
});
export const getQuoteUpload = defineCall({
  method: 'GET', path: '/quote/Get', access: 'anonymous', query: uploadIdQuery, response: quoteUploadState,
});
export const setQuoteLayers = defineCall({
  method: 'POST', path: '/quote/SetLayers', access: 'anonymous', body: setLayersRequest, response: quoteUploadState,
});
/** The wizard's price for anyone: the same components and the same price table. */
export const quotePrice = defineCall({
  method: 'POST', path: '/quote/Price', access: 'anonymous', body: quoteRequest, response: priceQuote,
});

/**
 * A signed-in user carries the quote (sent with its key header) into a draft project of a client of theirs: the
 * upload becomes the client's as it is (nothing is uploaded again) and the project is priced from the same params.
 */
export const claimQuoteRequest = object({ uploadId: uuid, clientId: entityId, title: requiredText(200), params: projectParams });
export const claimQuote = defineCall({
  method: 'POST', path: '/quote/Claim', access: 'user', body: claimQuoteRequest, response: project,
});

/**
 * 'Заказать': the quote, with its files (the key header) or entered by hand (uploadId null), becomes a
 * project of the client ready to order and a line of the user's cart at the same price, in one step. `dfmReview`
 * says the line goes for an engineer's review of its files (its order is placed held at the check).
 */
export const orderQuoteRequest = object({ uploadId: nullable(uuid), clientId: entityId, title: requiredText(200), params: projectParams });
export const orderedQuote = object({ project, cartTotal: integer(), dfmReview: boolean() });
export type OrderedQuote = Infer<typeof orderedQuote>;
export const orderQuote = defineCall({
  method: 'POST', path: '/quote/Order', access: 'user', body: orderQuoteRequest, response: orderedQuote,
});
