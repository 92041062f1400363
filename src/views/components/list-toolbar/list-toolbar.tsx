import type { ReactNode } from 'react';
import type { SortDirection } from '../../../contract/list';
import type { ListQuerySort } from '../../../machines/list-paging/list-paging-types';
import type { ListSort } from '../../../services/list-sort-prefs';
import { FieldFrame } from '../form/field';
import { useSearchText, type ListActor } from '../paged-list/paged-list';
import { Icon } from '../ui/icon';
import './list-toolbar.css';

export interface ToolbarSelect {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

interface ListToolbarProps<Item extends { id: number }> {
  list: ListActor<Item>;
  search: { label: string; placeholder: string };
  /** Filters and the sort, in the order they show. */
  selects: readonly ToolbarSelect[];
  /** What a list adds after its selects (filter chips, an export). */
  children?: ReactNode;
  /** The page's own class, for where the toolbar sits in it. */
  className?: string;
}

/** Search box and selects above a list; each select changes the list at once, the search after typing pauses. */
export function ListToolbar<Item extends { id: number }>({ list, search, selects, children, className }: ListToolbarProps<Item>) {
  const text = useSearchText(list);
  return (
    <div className={className ? `list-toolbar ${className}` : 'list-toolbar'}>
      <FieldFrame label={search.label} className="list-toolbar__search">
        {({ id }) => (
          <>
            <Icon name="search" size={18} className="list-toolbar__search-icon" />
            <input
              id={id}
              type="search"
              className="field__input"
              value={text}
              placeholder={search.placeholder}
              maxLength={200}
              onChange={(event) => list.send({ type: 'list.search', text: event.target.value })}
            />
          </>
        )}
      </FieldFrame>
      {selects.map((select) => (
        <FieldFrame key={select.label} label={select.label} className="list-toolbar__select">
          {({ id }) => (
            <select id={id} className="field__input list-toolbar__input" value={select.value} onChange={(event) => select.onChange(event.target.value)}>
              {select.options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
            </select>
          )}
        </FieldFrame>
      ))}
      {children}
    </div>
  );
}

const sortValue = (sort: ListQuerySort) => `${sort.code}-${sort.orderBy}`;

/**
 * The sort select of a list: each code both ways, newest or largest first for dates and sums, A to Z first for
 * the codes in `ascendingFirst` (names). `text` gets the option's value (`{code}-{orderBy}`) and its sort.
 */
export function sortSelect<Code extends string>(
  label: string,
  codes: readonly Code[],
  ascendingFirst: readonly Code[],
  current: ListQuerySort | undefined,
  onChange: (sort: ListSort<Code>) => void,
  text: (value: string, sort: ListSort<Code>) => string,
): ToolbarSelect {
  const directions = (code: Code): readonly SortDirection[] => (ascendingFirst.includes(code) ? ['asc', 'desc'] : ['desc', 'asc']);
  const sorts = codes.flatMap((code) => directions(code).map((orderBy) => ({ code, orderBy })));
  return {
    label,
    value: current ? sortValue(current) : '',
    options: sorts.map((sort) => ({ value: sortValue(sort), label: text(sortValue(sort), sort) })),
    onChange: (value) => {
      const next = sorts.find((sort) => sortValue(sort) === value);
      if (next) onChange(next);
    },
  };
}

/** A filter select with 'all' first (the empty value). */
export function filterSelect<Code extends string>(
  label: string,
  allLabel: string,
  codes: readonly Code[],
  current: Code | null,
  onChange: (code: Code | null) => void,
  text: (code: Code) => string,
): ToolbarSelect {
  return {
    label,
    value: current ?? '',
    options: [{ value: '', label: allLabel }, ...codes.map((code) => ({ value: code, label: text(code) }))],
    onChange: (value) => onChange(codes.find((code) => code === value) ?? null),
  };
}

