import { useEffect, useState } from 'react';
import { loadHelpContent, type HelpContent } from '../../../services/help-content';
import { useLocale, type Locale } from '../../../services/i18n';

type Loaded = { locale: Locale; content: HelpContent | null; failed: boolean };

/** The articles in the current language: a chunk of its own, asked for again when the language changes. */
export function useHelpContent(): { content: HelpContent | null; failed: boolean } {
  const locale = useLocale();
  const [loaded, setLoaded] = useState<Loaded>({ locale, content: null, failed: false });
  useEffect(() => {
    let current = true;
    loadHelpContent(locale).then(
      (content) => {
        if (current) setLoaded({ locale, content, failed: false });
      },
      (error: unknown) => {
        // A chunk that does not load (a new release meanwhile): the page keeps its links and support contacts.
        console.error('[help] articles not loaded', error);
        if (current) setLoaded({ locale, content: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded.locale === locale ? loaded : { content: null, failed: false };
}
