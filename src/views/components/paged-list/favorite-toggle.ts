import type { ListActor } from './paged-list';

/**
 * A list line's star, turned at once and turned back if the gateway refuses. Each line's own call: stars clicked one
 * after another each turn back on their own refusal.
 */
export function favoriteToggle<Item extends { id: number; isFavorite: boolean }>(
  list: ListActor<Item>,
  save: (item: Item, isFavorite: boolean) => Promise<unknown>,
): (item: Item) => void {
  return (item) => {
    const isFavorite = !item.isFavorite;
    const mark = (value: boolean) => list.send({ type: 'list.updateItem', id: item.id, changes: { isFavorite: value } as Partial<Item> });
    mark(isFavorite);
    save(item, isFavorite).catch(() => mark(!isFavorite));
  };
}
