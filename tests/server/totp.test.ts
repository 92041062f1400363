import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpAt } from '../../server/staff/totp';

/** RFC 6238 appendix B, the SHA-1 rows: the 20-byte ASCII key "12345678901234567890", 8 digits, 30-second steps. */
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const APPENDIX_B: readonly [number, string][] = [
  [59, '94287082'], [1111111109, '07081804'], [1111111111, '14050471'], [1234567890, '89005924'],
  [2000000000, '69279037'], [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  for (const [seconds, expected] of APPENDIX_B) {
    it(`gives the appendix B code at ${seconds} s`, () => {
      expect(totpAt(RFC_KEY, new Date(seconds * 1000), 8)).toBe(expected);
    });
  }

  it('gives the RFC 4226 appendix D codes for counters 0 and 9', () => {
    expect(hotp(RFC_KEY, 0)).toBe('755224');
    expect(hotp(RFC_KEY, 9)).toBe('520489');
  });

  it('round-trips base32 as authenticator apps read it (RFC 4648 vector)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
  });

  const secret = base32Encode(RFC_KEY);
  const at = new Date(1111111111 * 1000);
  const codeOf = (offsetSeconds: number) => totpAt(RFC_KEY, new Date(at.getTime() + offsetSeconds * 1000));

  it('accepts the codes of one step before and after, and none further', () => {
    expect(matchTotp(secret, codeOf(0), at, 0)).toBe(37037037);
    expect(matchTotp(secret, codeOf(-30), at, 0)).toBe(37037036);
    expect(matchTotp(secret, codeOf(30), at, 0)).toBe(37037038);
    expect(matchTotp(secret, codeOf(-60), at, 0)).toBeNull();
    expect(matchTotp(secret, codeOf(60), at, 0)).toBeNull();
  });

  it('refuses a code of a step already used, or of an earlier one', () => {
    expect(matchTotp(secret, codeOf(0), at, 37037037)).toBeNull();
    expect(matchTotp(secret, codeOf(-30), at, 37037037)).toBeNull();
    expect(matchTotp(secret, codeOf(30), at, 37037037)).toBe(37037038);
  });

  it('refuses codes of the wrong length', () => {
    expect(matchTotp(secret, codeOf(0).slice(0, 5), at, 0)).toBeNull();
    expect(matchTotp(secret, `${codeOf(0)}0`, at, 0)).toBeNull();
  });

  it('writes an otpauth URI with the issuer, the account and the parameters', () => {
    expect(otpauthUri('JBSWY3DP', 'anna@fab.ru', 'PCB Portal'))
      .toBe('otpauth://totp/PCB%20Portal:anna%40fab.ru?secret=JBSWY3DP&issuer=PCB+Portal&algorithm=SHA1&digits=6&period=30');
  });
});
