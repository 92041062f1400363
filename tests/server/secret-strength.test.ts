import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkProductionSecrets, secretProblem } from '../../server/config';
import { estimateSecret, MIN_SECRET_BITS } from '../../server/secret-strength';

/**
 * Length alone proves nothing: 32 × 'a' is long enough for JWT_SECRET and guessed at once. The rule estimates the
 * bits a guesser must find (docs/decisions.md "Secrets a person made up").
 */

const made = {
  'openssl rand -hex 32': () => randomBytes(32).toString('hex'),
  'openssl rand -base64 32': () => randomBytes(32).toString('base64'),
  'openssl rand -hex 24 (the operator key an older README suggested)': () => randomBytes(24).toString('hex'),
};

const guessable = {
  '32 × a': 'a'.repeat(32),
  'aaaa…bbbb': `${'a'.repeat(16)}${'b'.repeat(16)}`,
  'digits 0–9 over and over': '0123456789'.repeat(4),
  'a word over and over': 'password'.repeat(4),
  'two words over and over': 'secretkey-'.repeat(4),
  'the alphabet in order': 'abcdefghijklmnopqrstuvwxyz012345',
  'a keyboard row and a pattern again': 'qwertyuiopasdfghjklzxcvbnm123456',
  'a phrase and its repetition': 'Tr0ub4dor&3-Tr0ub4dor&3-Tr0ub4dor&3',
  'only 128 random bits (openssl rand -hex 16)': randomBytes(16).toString('hex'),
};

describe('the estimate of a secret\'s bits', () => {
  it('passes every value the operations guide\'s openssl commands make (2 000 of each)', () => {
    for (const [command, make] of Object.entries(made)) {
      const weakest = Math.min(...Array.from({ length: 2000 }, () => estimateSecret(make()).bits));
      expect([command, weakest >= MIN_SECRET_BITS]).toEqual([command, true]);
    }
  });

  it('refuses repeated characters, runs, repeated words and patterns, and values of too few random bits', () => {
    for (const [what, value] of Object.entries(guessable)) {
      expect([what, estimateSecret(value).bits < MIN_SECRET_BITS]).toEqual([what, true]);
    }
  });

  it('counts the alphabet the character classes span and nothing for a predictable character', () => {
    expect(estimateSecret('a'.repeat(32))).toEqual({ bits: 8, characters: 32, alphabet: 16, predictable: 30 });
    expect(estimateSecret('0123456789'.repeat(4))).toMatchObject({ alphabet: 10, predictable: 36 });
    expect(estimateSecret('Ab1!')).toMatchObject({ alphabet: 95, predictable: 0, bits: 26 });
    expect(estimateSecret('zq')).toMatchObject({ alphabet: 26, bits: 9 });
  });
});

describe('production\'s secrets', () => {
  it('names the variable and why, never the value', () => {
    const weak = 'a'.repeat(32);
    const problem = secretProblem('JWT_SECRET', weak) ?? '';
    expect(problem).toBe('JWT_SECRET is too easy to guess: an estimated 8 bits, 160 needed '
      + '(32 characters from an alphabet of 16, 30 of them repeating or continuing the ones before)');
    expect(secretProblem('OPERATOR_KEY', randomBytes(32).toString('hex'))).toBeNull();
    const refusal = () => checkProductionSecrets({ production: true, jwtSecret: randomBytes(32).toString('hex'), operatorKey: weak });
    expect(refusal).toThrow(/^NODE_ENV=production refuses to start: OPERATOR_KEY is too easy to guess: .*openssl rand -hex 32/);
    expect(refusal).not.toThrow(/JWT_SECRET/);
    expect(refusal).not.toThrow(weak);
    expect(() => checkProductionSecrets({ production: false, jwtSecret: weak, operatorKey: weak })).not.toThrow();
  });
});
