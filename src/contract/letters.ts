import { array, enums, object, size, type Infer } from 'superstruct';
import { defineCall } from './call';

/**
 * The order letters a user may turn off in the profile; codes and security letters are not among them:
 * they always go.
 */
export const ORDER_LETTERS = ['placed', 'held', 'invoiced', 'paid', 'shipped'] as const;
export type OrderLetter = (typeof ORDER_LETTERS)[number];

/** The languages a letter is written in: the app's. */
export const LETTER_LANGS = ['ru', 'en'] as const;

const mutedLetters = size(array(enums(ORDER_LETTERS)), 0, ORDER_LETTERS.length);

export const letterSettings = object({
  /** The order letters the user does not receive. */
  mutedLetters,
  /** The language letters are written in: the one the user last signed in or registered with. */
  lang: enums(LETTER_LANGS),
});
export type LetterSettings = Infer<typeof letterSettings>;

export const getLetterSettings = defineCall({
  method: 'GET', path: '/account/user/GetLetterSettings', access: 'user', response: letterSettings,
});

export const setLetterSettingsRequest = object({ mutedLetters });
export type SetLetterSettingsRequest = Infer<typeof setLetterSettingsRequest>;

export const setLetterSettings = defineCall({
  method: 'POST', path: '/account/user/SetLetterSettings', access: 'user',
  body: setLetterSettingsRequest, response: letterSettings,
});
