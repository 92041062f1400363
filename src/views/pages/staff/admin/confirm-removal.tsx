import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../../services/i18n';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * An integration (a system's key, a webhook) removed for good from its list: asked first, then removed, and the list
 * read again whatever the answer.
 */
export function useRemoval<Item extends { id: number }>(remove: (id: number) => Promise<unknown>, listKey: QueryKey) {
  const client = useQueryClient();
  const [asked, setAsked] = useState<Item | null>(null);
  const mutation = useMutation({ mutationFn: remove, onSettled: () => client.invalidateQueries({ queryKey: listKey }) });
  return { asked, setAsked, mutation };
}

type Removal<Item extends { id: number }> = ReturnType<typeof useRemoval<Item>>;

/** The row's button; busy while that row's removal runs. */
export function RemoveButton<Item extends { id: number }>({ removal, item, label }: { removal: Removal<Item>; item: Item; label: string }) {
  const { mutation } = removal;
  return (
    <Button variant="secondary" busy={mutation.isPending && mutation.variables === item.id} onClick={() => removal.setAsked(item)}>
      {label}
    </Button>
  );
}

/** Why the last removal failed, above the list. */
export function RemovalError<Item extends { id: number }>({ removal }: { removal: Removal<Item> }) {
  const { error } = removal.mutation;
  return error ? <p className="staff-error" role="alert">{error.message}</p> : null;
}

interface ConfirmRemovalProps<Item extends { id: number }> {
  removal: Removal<Item>;
  text: (item: Item) => string;
  okLabel: string;
}

/** The question before the removal. */
export function ConfirmRemoval<Item extends { id: number }>({ removal, text, okLabel }: ConfirmRemovalProps<Item>) {
  const t = useT();
  const { asked, setAsked, mutation } = removal;
  return (
    <ConfirmDialog
      open={asked !== null}
      text={asked ? text(asked) : ''}
      okLabel={okLabel}
      cancelLabel={t('staff.check.close')}
      onConfirm={() => {
        if (asked) mutation.mutate(asked.id);
        setAsked(null);
      }}
      onCancel={() => setAsked(null)}
    />
  );
}
