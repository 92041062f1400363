import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { Project, ProjectStatus, ProjectSummary } from '../../../contract/projects';
import { localizePath, useLocale, useT } from '../../../services/i18n';
import { notifyProjectFailure, projectsGateway } from '../../../services/projects';
import { refreshCounters } from '../../../services/session';
import { showToast } from '../../../services/toasts';
import { useSessionActor } from '../../components/session-context';

type Target = Pick<ProjectSummary, 'id' | 'title'>;

/** Which toast a status change earns: the status it came to. */
const STATUS_TOAST: Record<ProjectStatus, string> = {
  actual: 'projects.toasts.actual',
  draft: 'projects.toasts.restored',
  archive: 'projects.toasts.archived',
};

/**
 * The one-request actions of a project, shared by the list and the project page. Each tells the result in a toast
 * (spec 8: a refusal in the gateway's words) and, when the menu badges may change, reloads the counters at once
 * (spec 4 'refresh-counters'). Each resolves to the gateway's answer, or null when it failed.
 */
export function useProjectCommands() {
  const t = useT();
  const locale = useLocale();
  const session = useSessionActor();
  const [, navigate] = useLocation();

  const setStatus = useCallback(async (project: Target, status: ProjectStatus): Promise<Project | null> => {
    try {
      const saved = await projectsGateway().setStatus(project.id, status);
      showToast({ kind: 'success', text: t(STATUS_TOAST[status], { title: saved.title }) });
      refreshCounters(session);
      return saved;
    } catch (error) {
      notifyProjectFailure(error);
      return null;
    }
  }, [session, t]);

  const setFavorite = useCallback(async (project: Target, isFavorite: boolean): Promise<boolean> => {
    try {
      await projectsGateway().setFavorite(project.id, isFavorite);
      refreshCounters(session);
      return true;
    } catch (error) {
      notifyProjectFailure(error);
      return false;
    }
  }, [session]);

  /** The copy opens at once: that is what one duplicates a project for. */
  const duplicate = useCallback(async (project: Target): Promise<Project | null> => {
    try {
      const copy = await projectsGateway().duplicate(project.id);
      showToast({ kind: 'success', text: t('projects.toasts.duplicated', { title: copy.title }) });
      refreshCounters(session);
      navigate(localizePath(`/project/${copy.id}`, locale));
      return copy;
    } catch (error) {
      notifyProjectFailure(error);
      return null;
    }
  }, [locale, navigate, session, t]);

  const addToCart = useCallback(async (project: Target): Promise<boolean> => {
    try {
      const { basketTotal } = await projectsGateway().addToCart(project.id);
      showToast({ kind: 'success', text: t('projects.toasts.addedToCart', { title: project.title, count: basketTotal }) });
      refreshCounters(session);
      return true;
    } catch (error) {
      notifyProjectFailure(error);
      return false;
    }
  }, [session, t]);

  return { setStatus, setFavorite, duplicate, addToCart };
}

export type ProjectCommands = ReturnType<typeof useProjectCommands>;
