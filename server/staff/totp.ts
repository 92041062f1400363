import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Time-based one-time codes (RFC 6238 over RFC 4226): HMAC-SHA-1, 30-second steps, what every authenticator app reads. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too: a phone's clock a little off, a slow typist. */
const DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** 20 random bytes (160 bits, the size RFC 4226 recommends for SHA-1), base32 as authenticator apps take it. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** RFC 4226's HOTP of `counter` under `key`, `digits` long. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The code of the step `at` falls in. */
export const totpAt = (key: Uint8Array, at: Date, digits = TOTP_DIGITS): string => hotp(key, totpStep(at), digits);

/**
 * The step whose code `code` is, within ±1 step of `at` and after `lastUsedStep` (a code once accepted is never
 * accepted again, nor one older than it); null when none.
 */
export function matchTotp(secret: string, code: string, at: Date, lastUsedStep: number): number | null {
  const key = base32Decode(secret);
  const now = totpStep(at);
  const presented = Buffer.from(code.padEnd(TOTP_DIGITS, ' ').slice(0, TOTP_DIGITS));
  let matched: number | null = null;
  // Every candidate is compared, so the time taken does not tell which step matched.
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    const same = timingSafeEqual(Buffer.from(hotp(key, step)), presented) && code.length === TOTP_DIGITS;
    if (same && step > lastUsedStep && matched === null) matched = step;
  }
  return matched;
}

/** The enrolment address an authenticator app reads from a QR code or a link (Key Uri Format). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
