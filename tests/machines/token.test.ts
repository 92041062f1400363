import { describe, expect, it } from 'vitest';
import { decodeBase64Url, decodeTokenPayload, decodeUtf8, isTokenValid } from '../../src/machines/shared/token';
import { normalizePhone } from '../../src/machines/shared/phone';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
const full = { sub: '7', sid: 'c0ffee', Secret: 's3cr3t', exp: 1_900_000_000 };

describe('token decoder', () => {
  it('reads the payload of a token carrying exp and Secret', () => {
    expect(decodeTokenPayload(jwt(full))).toEqual(full);
    expect(isTokenValid(jwt(full))).toBe(true);
  });

  it.each([
    ['exp is missing', { sub: '7', sid: 'c0ffee', Secret: 's3cr3t' }],
    ['Secret is missing', { sub: '7', sid: 'c0ffee', exp: 1_900_000_000 }],
    ['exp is not a number', { ...full, exp: '1900000000' }],
    ['the payload is not an object', 'just text'],
  ])('rejects a token when %s', (_why, payload) => {
    expect(decodeTokenPayload(jwt(payload))).toBeNull();
    expect(isTokenValid(jwt(payload))).toBe(false);
  });

  it.each([
    ['null', null],
    ['empty', ''],
    ['not three parts', 'abc.def'],
    ['not base64url', 'a.%%%.c'],
    ['not JSON', `a.${Buffer.from('{oops').toString('base64url')}.c`],
  ])('rejects a %s token', (_why, token) => {
    expect(isTokenValid(token)).toBe(false);
  });

  it('decodes base64url exactly like Node does, padding or not, for every length', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + length * 11) % 256));
      const expected = Uint8Array.from(bytes);
      expect(decodeBase64Url(bytes.toString('base64url'))).toEqual(expected);
      expect(decodeBase64Url(bytes.toString('base64'))).toEqual(expected);
    }
  });

  it('decodes UTF-8 text with Cyrillic and emoji, and refuses broken sequences', () => {
    const text = 'Иван 🚀 ok';
    expect(decodeUtf8(Uint8Array.from(Buffer.from(text)))).toBe(text);
    expect(decodeUtf8(Uint8Array.from([0xd0]))).toBeNull();
    expect(decodeUtf8(Uint8Array.from([0xd0, 0x41]))).toBeNull();
    expect(decodeTokenPayload(jwt({ ...full, sub: 'Иван' }))?.sub).toBe('Иван');
  });
});

describe('phone normaliser', () => {
  it.each([
    ['+7 (999) 123-45-67', '+79991234567'],
    ['89991234567', '+79991234567'],
    ['79991234567', '+79991234567'],
    ['9991234567', '+79991234567'],
  ])('turns %s into %s', (typed, expected) => {
    expect(normalizePhone(typed)).toBe(expected);
  });

  it.each(['', '8 999 123', '+375291234567', '1234567890'])('refuses %j', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
});
