import type { t as translate } from '../../../services/i18n';

/** A text by a code the gateway chose (a file's error, an alert), with a general one for codes not known here. */
export function textOr(t: typeof translate, key: string, fallbackKey: string, params?: Record<string, string | number>): string {
  const text = t(key, params);
  return text === key ? t(fallbackKey, params) : text;
}
