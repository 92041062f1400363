import { useT } from '../../../services/i18n';
import { RetryNote } from '../ui/retry-note';
import type { usePeopleSearch } from './use-people-search';

/** What a colleague search is doing when it has no one to show: searching, nobody found, or failed (with a retry). */
export function SearchStatus({ search }: { search: ReturnType<typeof usePeopleSearch> }) {
  const t = useT();
  if (search.failed) {
    return (
      <RetryNote text={t('groups.find.failed')} retryLabel={t('groups.retry')} onRetry={search.retry} look="link" className="group-form__empty" role="alert" />
    );
  }
  if (search.searching && search.results.length === 0) return <p className="group-form__empty" role="status">{t('groups.find.searching')}</p>;
  if (search.nobody) return <p className="group-form__empty" role="status">{t('groups.find.nobody')}</p>;
  return null;
}
