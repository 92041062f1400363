import { is } from 'superstruct';
import { tokenPayload, type TokenPayload } from '../../contract/auth';

/** The app treats a stored token as expired this long after it stored it. */
export const TOKEN_REFRESH_THRESHOLD_MS = 105_000;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Decodes base64url (padding optional, '+/' accepted too) by hand so it runs the same in node and the browser. */
export function decodeBase64Url(text: string): Uint8Array | null {
  const clean = text.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  if (clean.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** Strict UTF-8 decoding; null on a malformed sequence, so a garbled token never half-parses. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const first = bytes[i] ?? 0;
    const length = first < 0x80 ? 1 : first >= 0xf0 && first < 0xf8 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 0;
    if (length === 0 || i + length > bytes.length) return null;
    let code = length === 1 ? first : first & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k] ?? 0;
      if ((next & 0xc0) !== 0x80) return null;
      code = (code << 6) | (next & 0x3f);
    }
    out += String.fromCodePoint(code);
    i += length;
  }
  return out;
}

/** The payload of a JWT-shaped token, or null when it is missing, malformed or lacks `exp` / `Secret`. */
export function decodeTokenPayload(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const bytes = decodeBase64Url(parts[1]);
  const json = bytes && decodeUtf8(bytes);
  if (!json) return null;
  try {
    const payload: unknown = JSON.parse(json);
    return is(payload, tokenPayload) ? payload : null;
  } catch {
    return null;
  }
}

/** A token is valid only if it exists and its payload carries `exp` and `Secret`. */
export function isTokenValid(token: string | null | undefined): token is string {
  return decodeTokenPayload(token) !== null;
}
