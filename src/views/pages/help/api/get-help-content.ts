import { useQuery } from '@tanstack/react-query';
import { loadHelpContent, type HelpContent } from '../../../../services/help-content';
import { useLocale } from '../../../../services/i18n';

/**
 * The articles in the current language: a chunk of its own, asked for again when the language changes. A chunk that
 * does not load (a new release meanwhile) is logged; the page keeps its links and support contacts.
 */
export function useHelpContent(): { content: HelpContent | null; failed: boolean } {
  const locale = useLocale();
  const { data, isError } = useQuery({ queryKey: ['help', 'articles', locale], queryFn: () => loadHelpContent(locale) });
  return { content: data ?? null, failed: isError };
}
