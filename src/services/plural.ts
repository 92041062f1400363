import { getLocale } from './i18n';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** `<key>.one|few|many|other` by the language's plural rule, with `count` among the params. */
export function pluralText(t: Translate, key: string, count: number, params: Record<string, string | number> = {}): string {
  const form = new Intl.PluralRules(getLocale()).select(count);
  return t(`${key}.${form}`, { ...params, count });
}
