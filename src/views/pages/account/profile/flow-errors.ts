import { useSelector } from '@xstate/react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { FormErrorState } from './use-form-errors';

type ErrorSnapshot = { context: FormErrorState };

/** A flow actor's error fields, one narrow subscription each, so a new snapshot without new errors changes nothing. */
export function useFlowErrorState<A extends AnyActorRef>(actor: SnapshotFrom<A> extends ErrorSnapshot ? A : never): FormErrorState {
  const errorMessage = useSelector(actor, (snapshot: ErrorSnapshot) => snapshot.context.errorMessage);
  const errorField = useSelector(actor, (snapshot: ErrorSnapshot) => snapshot.context.errorField);
  const fieldErrors = useSelector(actor, (snapshot: ErrorSnapshot) => snapshot.context.fieldErrors);
  return { errorMessage, errorField, fieldErrors };
}
