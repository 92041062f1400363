import type { ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import type { PreviewStatus } from './use-list-preview';

interface PreviewListProps<Item> {
  id: string;
  title: string;
  status: PreviewStatus;
  items: readonly Item[];
  total: number;
  /** The full list, with the count when there is more than is shown. */
  all: { to: string; label: string };
  emptyText: string;
  failedText: string;
  onRetry: () => void;
  renderItem: (item: Item) => ReactNode;
}

/** A dashboard card with the first few items of a list and a link to all of them. */
export function PreviewList<Item extends { id: number }>(props: PreviewListProps<Item>) {
  const t = useT();
  const { id, title, status, items, total, all } = props;
  return (
    <section className="card home-preview" aria-labelledby={id}>
      <div className="home-preview__head">
        <h2 id={id}>{title}</h2>
        {status === 'loaded' ? <LocalLink to={all.to}>{t('pages.home.allCount', { label: all.label, count: total })}</LocalLink> : null}
      </div>
      {status === 'loading' ? <Skeleton rows={3} imageSize={0} /> : null}
      {status === 'empty' ? <p className="home-preview__note">{props.emptyText} <LocalLink to={all.to}>{all.label}</LocalLink></p> : null}
      {status === 'failed' ? (
        <div className="home-preview__note">
          <p>{props.failedText}</p>
          <Button variant="secondary" onClick={props.onRetry}>{t('lists.retry')}</Button>
        </div>
      ) : null}
      {status === 'loaded' ? (
        <ul className="home-preview__list">
          {items.map((item) => <li key={item.id}>{props.renderItem(item)}</li>)}
        </ul>
      ) : null}
    </section>
  );
}
