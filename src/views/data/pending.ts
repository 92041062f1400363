import { useMutationState, type MutationKey } from '@tanstack/react-query';

/**
 * What the calls of one kind still running were asked with, by `keyOf`: the buttons of a list that each start one
 * (a file per line) say which of them is busy.
 */
export function usePendingOf<Variables, Key>(mutationKey: MutationKey, keyOf: (variables: Variables) => Key): ReadonlySet<Key> {
  const pending = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => keyOf(mutation.state.variables as Variables),
  });
  return new Set(pending);
}
