/**
 * The letters' texts: the `gateway.letters` section of locales/<lang>.json, beside the gateway's messages and checked
 * by the same locale tests (both languages complete, no internal names shown). The app never loads them.
 */
import { gateway as enTexts } from '../../locales/en.json';
import { gateway as ruTexts } from '../../locales/ru.json';
import { formatNumberIn } from '../../src/contract/number-format';
import { fillParams, type Lang, type Params } from '../http/messages';

export type LetterKey = keyof typeof ruTexts.letters;

// Typed by the key set of Russian: a text missing from English fails to compile.
const catalogue: Record<Lang, Record<LetterKey, string>> = { ru: ruTexts.letters, en: enTexts.letters };

/** One text of a letter in `lang`, its `{{name}}` parameters filled in (as plain text: the layout escapes it). */
export const letterText = (lang: Lang, key: LetterKey, params: Params = {}): string => fillParams(catalogue[lang][key], params);


/** A sum as the app writes it: the number the language's way, the sign the rouble's — '12 450,50 ₽', '12,450.50 ₽'. */
export const money = (lang: Lang, value: number): string => `${formatNumberIn(lang, value, { minFraction: 2, maxFraction: 2 })}\u00a0₽`;
