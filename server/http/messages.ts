/**
 * Server-side texts of error answers and delivered messages: the `gateway` section of locales/<lang>.json, beside
 * the app's texts and checked by the same locale tests. The app never loads that section (the texts plugin leaves it
 * out of both bundles); the named import lets esbuild keep only this section in dist-server.
 */
import { gateway as enTexts } from '../../locales/en.json';
import { gateway as ruTexts } from '../../locales/ru.json';
import { formatNumberIn, isIdentifierParam } from '../../src/contract/number-format';

export type Lang = 'ru' | 'en';

export type Params = Record<string, string | number>;
/** A text, or its variants by the value of its `kind` parameter with `other` for the rest (as the app's `…other`). */
type Text = string | Readonly<Record<string, string>>;

export type MessageKey = keyof typeof ruTexts.messages;

// Typed by the key set of Russian: a text missing from English fails to compile.
const catalogue: Record<Lang, Record<MessageKey, Text>> = { ru: ruTexts.messages, en: enTexts.messages };

/** Every text's key, for the test that reads them all as a user would. */
export const MESSAGE_KEYS = Object.keys(ruTexts.messages) as MessageKey[];

/** `{{name}}` is a parameter, as in the app's texts (rosetta). */
const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

function variantOf(text: Text, kind: string): string {
  if (typeof text === 'string') return text;
  return (Object.hasOwn(text, kind) ? text[kind] : text.other) ?? '';
}

/** A text with its `{{name}}` parameters filled in; the letters' catalogue (server/letters/texts.ts) fills its own so. */
export function fillParams(text: string, params: Params): string {
  // String() of a missing parameter, as the template functions these texts were printed it.
  return text.replace(placeholder, (_, name: string) => String(params[name]));
}

/**
 * Numbers read the language's way, as the app's texts have them ('от 0,15 до 6,3 мм', 'from 0.15 to 6.3 mm'), with
 * the app's one helper; up to three decimals, as the finest limits (0.075 mm) need. Ids and years stay as they are.
 */
function formatParams(lang: Lang, params: Params): Params {
  return Object.fromEntries(Object.entries(params).map(([name, value]) =>
    [name, typeof value === 'number' && !isIdentifierParam(name) ? formatNumberIn(lang, value, { maxFraction: 3 }) : value]));
}

export function translate(lang: Lang, key: MessageKey, params: Params = {}): string {
  return fillParams(variantOf(catalogue[lang][key], String(params.kind)), formatParams(lang, params));
}

/** The first language of Accept-Language decides; anything but English gets Russian, the default locale. */
export function pickLang(acceptLanguage: string | undefined): Lang {
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'ru';
}

/** Expected-type words for type mismatches. */
export const typeNames: Record<Lang, Record<string, string>> = { ru: ruTexts.typeNames, en: enTexts.typeNames };
