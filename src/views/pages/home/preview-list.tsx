import type { ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import type { PreviewStatus } from './use-list-preview';

interface PreviewListProps<Item> {
  /** The list previewed: its page (/projects, /orders) and its texts (`pages.home.<kind>Title`…). */
  kind: 'projects' | 'orders';
  status: PreviewStatus;
  items: readonly Item[];
  total: number;
  retry: () => void;
  renderItem: (item: Item) => ReactNode;
}

/** A dashboard card with the first few items of a list and a link to all of them. */
export function PreviewList<Item extends { id: number }>(props: PreviewListProps<Item>) {
  const t = useT();
  const { kind, status, items, total } = props;
  const id = `home-${kind}`;
  // The full list, with the count when there is more than is shown.
  const all = { to: `/${kind}`, label: t(`pages.home.${kind}All`) };
  return (
    <section className="card home-preview" aria-labelledby={id}>
      <div className="home-preview__head">
        <h2 id={id}>{t(`pages.home.${kind}Title`)}</h2>
        {status === 'loaded' ? <LocalLink to={all.to}>{t('pages.home.allCount', { label: all.label, count: total })}</LocalLink> : null}
      </div>
      {status === 'loading' ? <Skeleton rows={3} imageSize={0} /> : null}
      {status === 'empty' ? <p className="home-preview__note">{t(`pages.home.${kind}Empty`)} <LocalLink to={all.to}>{all.label}</LocalLink></p> : null}
      {status === 'failed' ? (
        <div className="home-preview__note">
          <p>{t(`pages.home.${kind}Failed`)}</p>
          <Button variant="secondary" onClick={props.retry}>{t('lists.retry')}</Button>
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
