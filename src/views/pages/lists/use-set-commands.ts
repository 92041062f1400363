import { useCallback } from 'react';
import type { ProjectSet, ProjectSetKind, ProjectSetSummary } from '../../../contract/project-sets';
import { notifyCallFailure } from '../../../services/call-failure';
import { useT } from '../../../services/i18n';
import { projectSetsGateway, type SetToCartResult } from '../../../services/project-sets';
import { refreshCounters } from '../../../services/session';
import { showToast } from '../../../services/toasts';
import { useSessionActor } from '../../components/session-context';

type Target = Pick<ProjectSetSummary, 'id' | 'kind' | 'name'>;

/**
 * The calls that change a group or a kit. Create and rename throw, so their form shows the gateway's words; the
 * others tell the result in a toast (spec 8) and resolve to the answer, or null when it failed.
 */
export function useSetCommands() {
  const t = useT();
  const session = useSessionActor();

  const fail = useCallback((error: unknown): null => {
    notifyCallFailure('project-sets', error);
    return null;
  }, []);

  const create = useCallback(async (clientId: number, kind: ProjectSetKind, name: string): Promise<ProjectSet> => {
    const created = await projectSetsGateway().create(clientId, kind, name);
    showToast({ kind: 'success', text: t(`projectSets.${kind}.created`, { name: created.name }) });
    return created;
  }, [t]);

  const rename = useCallback(async (set: Target, name: string): Promise<ProjectSet> => {
    const renamed = await projectSetsGateway().rename(set.id, name);
    showToast({ kind: 'success', text: t(`projectSets.${set.kind}.renamed`, { name: renamed.name }) });
    return renamed;
  }, [t]);

  const remove = useCallback(async (set: Target): Promise<boolean> => {
    try {
      await projectSetsGateway().remove(set.id);
      showToast({ kind: 'success', text: t(`projectSets.${set.kind}.deleted`, { name: set.name }) });
      return true;
    } catch (error) {
      return fail(error) ?? false;
    }
  }, [fail, t]);

  const putProject = useCallback(async (set: Target, projectId: number, quantity: number): Promise<ProjectSet | null> => {
    try {
      return await projectSetsGateway().putProject(set.id, projectId, quantity);
    } catch (error) {
      return fail(error);
    }
  }, [fail]);

  const removeProject = useCallback(async (set: Target, project: { projectId: number; title: string }): Promise<ProjectSet | null> => {
    try {
      const changed = await projectSetsGateway().removeProject(set.id, project.projectId);
      showToast({ kind: 'success', text: t(`projectSets.${set.kind}.removed`, { title: project.title }) });
      return changed;
    } catch (error) {
      return fail(error);
    }
  }, [fail, t]);

  /** A kit's projects to the cart; the cart widget and menu badges follow at once. */
  const addToCart = useCallback(async (set: Target): Promise<SetToCartResult | null> => {
    try {
      const result = await projectSetsGateway().addToCart(set.id);
      if (result.added === 0) showToast({ kind: 'info', text: t('projectSets.toasts.toCartNone', { skipped: result.skipped }) });
      else if (result.skipped > 0) showToast({ kind: 'success', text: t('projectSets.toasts.toCartSkipped', { added: result.added, skipped: result.skipped }) });
      else showToast({ kind: 'success', text: t('projectSets.toasts.toCart', { added: result.added }) });
      refreshCounters(session);
      return result;
    } catch (error) {
      return fail(error);
    }
  }, [fail, session, t]);

  return { create, rename, remove, putProject, removeProject, addToCart };
}
