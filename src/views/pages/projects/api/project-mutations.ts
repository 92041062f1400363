import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Project, ProjectStatus, ProjectSummary } from '../../../../contract/projects';
import { ApiError } from '../../../../services/api';
import { localizePath, t, useLocale } from '../../../../services/i18n';
import { notifyProjectFailure, projectsCalls } from '../../../../services/projects';
import { refreshCounters } from '../../../../services/session';
import { showToast } from '../../../../services/toasts';
import { useSessionActor } from '../../../components/session-context';
import { projectKey } from './get-project';

// The one-request actions of a project, shared by the list and the project page. Each tells the result in a toast
// (the product spec's error catalogue: a refusal in the gateway's words) and, when the menu badges may change, reloads the counters at once
// (the product spec's 'refresh-counters' event).

type Target = Pick<ProjectSummary, 'id' | 'title'>;

/** The calls a list line starts (status, copy, cart): the line shows busy while one of its own runs. */
export const PROJECT_LINE_CHANGE = ['projects', 'line change'] as const;
/** The project a line's call is about, whichever of them it is. */
export const projectOfChange = (variables: Target | { project: Target }): number => ('project' in variables ? variables.project : variables).id;

/** Which toast a status change earns: the status it came to. */
const STATUS_TOAST: Record<ProjectStatus, string> = {
  actual: 'projects.toasts.actual',
  draft: 'projects.toasts.restored',
  archive: 'projects.toasts.archived',
};

/** A project page shown takes the change; on the list (no such page) nothing is kept. */
const patchShown = (client: QueryClient, id: number, change: (shown: Project) => Project) =>
  client.setQueryData<Project>(projectKey(id), (shown) => shown && change(shown));

export function useSetProjectStatus() {
  const client = useQueryClient();
  const session = useSessionActor();
  return useMutation({
    mutationKey: [...PROJECT_LINE_CHANGE, 'status'],
    mutationFn: ({ project, status }: { project: Target; status: ProjectStatus }) => projectsCalls().setStatus(project.id, status),
    onSuccess: async (saved, { status }) => {
      // Ready to order, unless its order meets an engineer's review or an option (the gateway's verdict).
      const review = status === 'actual' && (saved.dfmVerdict === 'review' || saved.dfmVerdict === 'option');
      showToast({ kind: 'success', text: t(review ? 'projects.toasts.actualReview' : STATUS_TOAST[status], { title: saved.title }) });
      refreshCounters(session);
      await client.cancelQueries({ queryKey: projectKey(saved.id) });
      patchShown(client, saved.id, () => saved);
    },
    onError: notifyProjectFailure,
  });
}

/** The star. Optimistic: a project page shown turns it at once and turns it back if the gateway refuses. */
export function useSetProjectFavorite() {
  const client = useQueryClient();
  const session = useSessionActor();
  return useMutation({
    mutationFn: ({ project, isFavorite }: { project: Target; isFavorite: boolean }) => projectsCalls().setFavorite(project.id, isFavorite),
    onMutate: ({ project, isFavorite }) => {
      patchShown(client, project.id, (shown) => ({ ...shown, isFavorite }));
    },
    onSuccess: () => refreshCounters(session),
    onError: (error, { project, isFavorite }) => {
      patchShown(client, project.id, (shown) => ({ ...shown, isFavorite: !isFavorite }));
      notifyProjectFailure(error);
    },
  });
}

/** The copy opens at once: that is what one duplicates a project for. */
export function useDuplicateProject() {
  const session = useSessionActor();
  const locale = useLocale();
  const [, navigate] = useLocation();
  return useMutation({
    mutationKey: [...PROJECT_LINE_CHANGE, 'duplicate'],
    mutationFn: (project: Target) => projectsCalls().duplicate(project.id),
    onSuccess: (copy) => {
      showToast({ kind: 'success', text: t('projects.toasts.duplicated', { title: copy.title }) });
      refreshCounters(session);
      navigate(localizePath(`/project/${copy.id}`, locale));
    },
    onError: notifyProjectFailure,
  });
}

/** A refusal for DFM errors (400 `dfm.<rule>`; not `dfm.running`, which only asks to wait): review can cure it. */
export const isDfmRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && (error.code?.startsWith('dfm.') ?? false);

/** The project refused for its DFM errors, with the gateway's words on why. */
export interface DfmRefusal { project: Target; text: string }

/**
 * Adds a project to the cart. A refusal for DFM errors is not a toast: it is kept as `refusal`, for the
 * dialog that says why and offers to order the board for an engineer's review (`dfmReview`, sent again).
 */
export function useAddProjectToCart() {
  const session = useSessionActor();
  const [refusal, setRefusal] = useState<DfmRefusal | null>(null);
  const mutation = useMutation({
    mutationKey: [...PROJECT_LINE_CHANGE, 'cart'],
    mutationFn: ({ project, dfmReview = false }: { project: Target; dfmReview?: boolean }) =>
      projectsCalls().addToCart(project.id, dfmReview),
    onSuccess: ({ cartTotal }, { project, dfmReview }) => {
      const text = dfmReview ? 'projects.toasts.addedForReview' : 'projects.toasts.addedToCart';
      showToast({ kind: 'success', text: t(text, { title: project.title, count: cartTotal }) });
      refreshCounters(session);
    },
    onError: (error, { project }) => {
      if (isDfmRefusal(error)) setRefusal({ project, text: error.message });
      else notifyProjectFailure(error);
    },
  });
  return { mutation, refusal, closeRefusal: () => setRefusal(null) };
}
