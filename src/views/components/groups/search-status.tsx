import { useT } from '../../../services/i18n';
import type { usePeopleSearch } from './use-people-search';

/** What a colleague search is doing when it has no one to show: searching, nobody found, or failed (with a retry). */
export function SearchStatus({ search }: { search: ReturnType<typeof usePeopleSearch> }) {
  const t = useT();
  if (search.failed) {
    return (
      <p className="group-form__empty" role="alert">
        {t('groups.find.failed')}{' '}
        <button type="button" className="ui-button ui-button--link" onClick={search.retry}>{t('groups.retry')}</button>
      </p>
    );
  }
  if (search.searching && search.results.length === 0) return <p className="group-form__empty" role="status">{t('groups.find.searching')}</p>;
  if (search.nobody) return <p className="group-form__empty" role="status">{t('groups.find.nobody')}</p>;
  return null;
}
