import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProjectSet, ProjectSetKind, ProjectSetSummary } from '../../../../contract/project-sets';
import { notifyCallFailure } from '../../../../services/call-failure';
import { t } from '../../../../services/i18n';
import { projectSetsCalls } from '../../../../services/project-sets';
import { refreshCounters } from '../../../../services/session';
import { showToast } from '../../../../services/toasts';
import { useSessionActor } from '../../../components/session-context';
import { isDfmRefusal } from '../../projects/api/project-mutations';
import { projectSetKey } from './get-project-set';

// The calls that change a folder or a kit. Create and rename reject, so their form shows the gateway's words; the others
// tell a refusal in a toast. A set page shown takes the fresher set each answers.

type Target = Pick<ProjectSetSummary, 'id' | 'kind' | 'name'>;
const notifySetFailure = (error: unknown) => notifyCallFailure('project-sets', error);

/** The changed set on its page, if shown. */
function useShowSet() {
  const client = useQueryClient();
  return (set: ProjectSet) => client.setQueryData(projectSetKey(set.id), set);
}

export function useCreateSet() {
  return useMutation({
    mutationFn: ({ clientId, kind, name }: { clientId: number; kind: ProjectSetKind; name: string }) =>
      projectSetsCalls().create(clientId, kind, name),
    onSuccess: (created, { kind }) => showToast({ kind: 'success', text: t(`projectSets.${kind}.created`, { name: created.name }) }),
  });
}

export function useRenameSet() {
  const show = useShowSet();
  return useMutation({
    mutationFn: ({ set, name }: { set: Target; name: string }) => projectSetsCalls().rename(set.id, name),
    onSuccess: (renamed, { set }) => {
      showToast({ kind: 'success', text: t(`projectSets.${set.kind}.renamed`, { name: renamed.name }) });
      show(renamed);
    },
  });
}

export function useRemoveSet() {
  return useMutation({
    mutationFn: (set: Target) => projectSetsCalls().remove(set.id),
    onSuccess: (_answer, set) => showToast({ kind: 'success', text: t(`projectSets.${set.kind}.deleted`, { name: set.name }) }),
    onError: notifySetFailure,
  });
}

/** Changes of one project's line in a set: its line shows busy while one runs. */
export const SET_PROJECT_CHANGE = ['project-sets', 'project change'] as const;

/** A project into the set, or another quantity of one already in it. */
export function usePutSetProject() {
  const show = useShowSet();
  return useMutation({
    mutationKey: SET_PROJECT_CHANGE,
    mutationFn: ({ set, projectId, quantity }: { set: Target; projectId: number; quantity: number }) =>
      projectSetsCalls().putProject(set.id, projectId, quantity),
    onSuccess: show,
    onError: notifySetFailure,
  });
}

export function useRemoveSetProject() {
  const show = useShowSet();
  return useMutation({
    mutationKey: SET_PROJECT_CHANGE,
    mutationFn: ({ set, projectId }: { set: Target; projectId: number; title: string }) =>
      projectSetsCalls().removeProject(set.id, projectId),
    onSuccess: (changed, { set, title }) => {
      showToast({ kind: 'success', text: t(`projectSets.${set.kind}.removed`, { title }) });
      show(changed);
    },
    onError: notifySetFailure,
  });
}

/**
 * A kit's projects to the cart; the cart widget and menu badges follow at once. A refusal for a project's DFM
 * errors is kept as `refusal`, for the dialog that offers to send such projects for an engineer's review.
 */
export function useSetToCart() {
  const session = useSessionActor();
  const [refusal, setRefusal] = useState<{ set: Target; text: string } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ set, dfmReview = false }: { set: Target; dfmReview?: boolean }) => projectSetsCalls().addToCart(set.id, dfmReview),
    onSuccess: (result, { dfmReview }) => {
      if (result.added === 0) showToast({ kind: 'info', text: t('projectSets.toasts.toCartNone', { skipped: result.skipped }) });
      else if (dfmReview === true && result.skipped === 0)
        showToast({ kind: 'success', text: t('projectSets.toasts.toCartReview', { added: result.added }) });
      else if (result.skipped > 0)
        showToast({ kind: 'success', text: t('projectSets.toasts.toCartSkipped', { added: result.added, skipped: result.skipped }) });
      else showToast({ kind: 'success', text: t('projectSets.toasts.toCart', { added: result.added }) });
      refreshCounters(session);
    },
    onError: (error, { set }) => {
      if (isDfmRefusal(error)) setRefusal({ set, text: error.message });
      else notifySetFailure(error);
    },
  });
  return { mutation, refusal, closeRefusal: () => setRefusal(null) };
}
