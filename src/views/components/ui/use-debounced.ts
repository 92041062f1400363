import { useEffect, useState } from 'react';

/** Typing pauses this long before a list is asked again: a word typed is one request, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The value once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
