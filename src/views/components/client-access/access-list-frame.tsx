import { useId, type ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { Skeleton } from '../ui/skeleton';
import type { AccessListState } from './use-access-list';
import './client-access.css';

interface AccessListFrameProps<T> {
  title: string;
  empty: string;
  list: AccessListState<T>;
  onRetry: () => void;
  children: (items: T[]) => ReactNode;
}

/** A titled list with its loading, failed and empty looks. */
export function AccessListFrame<T>({ title, empty, list, onRetry, children }: AccessListFrameProps<T>) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="access-list" aria-labelledby={headingId}>
      <h3 id={headingId} className="access-list__title">{title}</h3>
      {list.status === 'loading' ? <Skeleton rows={2} imageSize={0} /> : null}
      {list.status === 'failed' ? (
        <p className="access-list__note">
          {t('clientAccess.loadFailed')}{' '}
          <button type="button" className="ui-button ui-button--link" onClick={onRetry}>{t('clientAccess.retry')}</button>
        </p>
      ) : null}
      {list.status === 'loaded' && list.items.length === 0 ? <p className="access-list__note">{empty}</p> : null}
      {list.status === 'loaded' && list.items.length > 0 ? <ul className="access-list__items">{children(list.items)}</ul> : null}
    </section>
  );
}
