import type { usePeopleSearch } from './use-people-search';

interface PeopleSearchInputProps {
  /** The form's id: the input is `${id}-search` (for its label), its hint below it `${id}-hint`. */
  id: string;
  placeholder: string;
  search: ReturnType<typeof usePeopleSearch>;
  /** Runs after each keystroke, e.g. to drop a choice made among the previous results. */
  onType?: () => void;
}

/** The colleague search's field: each keystroke asks the search again. */
export function PeopleSearchInput({ id, placeholder, search, onType }: PeopleSearchInputProps) {
  return (
    <input
      id={`${id}-search`}
      type="search"
      className="group-input"
      placeholder={placeholder}
      value={search.query}
      aria-describedby={`${id}-hint`}
      onChange={(event) => {
        search.type(event.target.value);
        onType?.();
      }}
    />
  );
}
