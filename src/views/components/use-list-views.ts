import { useLocation } from 'wouter';
import { useHeaderInfo } from '../../services/header-info';
import { useT } from '../../services/i18n';
import type { ViewCounters } from '../../services/list-counters';
import type { ListActor } from './paged-list/paged-list';
import { useSession } from './session-context';
import type { TabItem } from './ui/tabs';
import { useDocumentTitle } from './use-document-title';
import { useFreshCounters } from './use-fresh-counters';

interface ListViews<View extends string> {
  views: readonly View[];
  view: View;
  /** The views a menu counter counts: their tabs show it. */
  counters: ViewCounters;
  /** Where the views' names are in the texts: `<textKey>.<view>`. */
  textKey: string;
  /** The page's own title, the title of the 'all' view. */
  title: string;
}

/**
 * A list page's views as tabs with their counts, and the title of the view shown, which also names the header's
 * subtitle and the browser tab. The menu counters are kept as fresh as the list.
 */
export function useListViews<View extends string, Item extends { id: number }>(list: ListActor<Item>, views: ListViews<View>) {
  const t = useT();
  const { textKey } = views;
  useFreshCounters(list, views.counters);
  const counters = useSession((s) => s.context.counters);
  const all = views.view === 'all';
  const viewTitle = all ? views.title : t(`${textKey}.${views.view}`);
  useHeaderInfo(null, all ? null : viewTitle);
  useDocumentTitle(viewTitle);
  const tabs: TabItem<View>[] = views.views.map((id) => ({
    id, name: t(`${textKey}.${id}`), total: counters ? views.counters[id]?.(counters) : undefined,
  }));
  return { viewTitle, tabs };
}

/** Puts a new query on the page's address, replaced rather than pushed: Back leaves the page, a reload keeps it. */
export function useReplaceSearch(): (search: string) => void {
  const [location, navigate] = useLocation();
  return (search) => navigate(search ? `${location}?${search}` : location, { replace: true });
}
