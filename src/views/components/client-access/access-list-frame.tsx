import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { pendingFirst } from '../../../services/client-access';
import { useT } from '../../../services/i18n';
import { RetryNote } from '../ui/retry-note';
import { Skeleton } from '../ui/skeleton';
import './client-access.css';

type AccessItem = { id: number; status: string; createdAt: string };

interface AccessListFrameProps<T extends AccessItem> {
  title: string;
  empty: string;
  list: UseQueryResult<T[]>;
  /** One item's content; the frame lists them pending first, each in its `<li>`. */
  children: (item: T) => ReactNode;
}

/** A titled list with its loading, failed and empty looks; a failure keeps the items it already showed. */
export function AccessListFrame<T extends AccessItem>({ title, empty, list, children }: AccessListFrameProps<T>) {
  const t = useT();
  const headingId = useId();
  const items = list.data;
  return (
    <section className="access-list" aria-labelledby={headingId}>
      <h3 id={headingId} className="access-list__title">{title}</h3>
      {list.isPending ? <Skeleton rows={2} imageSize={0} /> : null}
      {!items && list.isError ? (
        <RetryNote
          text={t('clientAccess.loadFailed')}
          retryLabel={t('clientAccess.retry')}
          onRetry={() => void list.refetch()}
          look="link"
          className="access-list__note"
        />
      ) : null}
      {items?.length === 0 ? <p className="access-list__note">{empty}</p> : null}
      {items && items.length > 0 ? (
        <ul className="access-list__items">
          {pendingFirst(items).map((item) => <li key={item.id} className="access-list__item">{children(item)}</li>)}
        </ul>
      ) : null}
    </section>
  );
}

/** The part of a list item that opens it in its modal: who, and a line about it. */
export function AccessItemOpener({ label, name, meta, onOpen }: { label: string; name: string; meta: string; onOpen: () => void }) {
  return (
    <button type="button" className="access-list__open" aria-label={label} onClick={onOpen}>
      <span className="access-list__name">{name}</span>
      <span className="access-list__meta">{meta}</span>
    </button>
  );
}
