import type { FastifyReply } from 'fastify';

/** RFC 5987 value: percent-encoded UTF-8, including the characters encodeURIComponent leaves but the RFC does not. */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
/** Latin letters, digits and dashes only, for clients that ignore filename*. */
export const asciiName = (value: string) => value.replace(/[^A-Za-z0-9-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
/** Slashes, quotes and control characters have no place in a saved file's name. */
export const safeName = (value: string) => value.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim();

/**
 * The document is the customer's own business data: never cached anywhere, never sniffed into something else,
 * and named in Russian for the browser's save dialog with an ASCII fallback.
 */
export function sendFile(reply: FastifyReply, type: string, ascii: string, russian: string, body: Uint8Array) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${rfc5987(russian)}`)
    .header('cache-control', 'private, no-store')
    .header('vary', 'Authorization')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin')
    .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}
