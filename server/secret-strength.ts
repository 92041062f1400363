/**
 * How hard a secret is to guess, estimated from its text (docs/decisions.md "Secrets a person made up"):
 * each character counts log2 of the alphabet its character classes span, except one a guesser predicts from what comes
 * before it. An estimate that catches what people type (one character repeated, runs, a word again), not a proof.
 */

/** The least estimated bits production accepts in JWT_SECRET and OPERATOR_KEY: `openssl rand -hex 32` gives about 250. */
export const MIN_SECRET_BITS = 160;

/** Digits alone, hex digits of one case, or the classes present: digits, lower case, upper case, anything else. */
export function alphabetSize(value: string): number {
  if (/^[0-9]+$/.test(value)) return 10;
  if (/^[0-9a-f]+$/.test(value) || /^[0-9A-F]+$/.test(value)) return 16;
  const classes: Array<[RegExp, number]> = [[/[0-9]/, 10], [/[a-z]/, 26], [/[A-Z]/, 26], [/[^0-9a-zA-Z]/, 33]];
  return classes.reduce((size, [present, count]) => size + (present.test(value) ? count : 0), 0);
}

/**
 * A character is predictable when it is the third of the same character in a row, the third of a run stepping by one
 * (abc, 987), or ends a three-character piece that occurred earlier (a word or a pattern again).
 */
export function predictableCount(value: string): number {
  const points = Array.from(value, (character) => character.codePointAt(0) ?? 0);
  const pieces = new Set<string>();
  let predictable = 0;
  points.forEach((point, at) => {
    const [before = NaN, twoBefore = NaN] = [points[at - 1], points[at - 2]];
    const step = point - before;
    const run = step === before - twoBefore && Math.abs(step) <= 1;
    let seen = false;
    if (at >= 2) {
      const piece = String.fromCodePoint(twoBefore, before, point);
      seen = pieces.has(piece);
      pieces.add(piece);
    }
    if (run || seen) predictable += 1;
  });
  return predictable;
}

export interface SecretEstimate {
  bits: number;
  characters: number;
  alphabet: number;
  predictable: number;
}

export function estimateSecret(value: string): SecretEstimate {
  const characters = Array.from(value).length;
  const alphabet = alphabetSize(value);
  const predictable = predictableCount(value);
  return { bits: Math.floor((characters - predictable) * Math.log2(Math.max(alphabet, 1))), characters, alphabet, predictable };
}
