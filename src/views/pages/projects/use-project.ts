import { useCallback, useEffect, useState } from 'react';
import type { Project } from '../../../contract/projects';
import { ApiError } from '../../../services/api';
import { projectsGateway } from '../../../services/projects';

export type LoadedProject =
  | { status: 'loading'; project: null }
  | { status: 'loaded'; project: Project }
  | { status: 'notFound'; project: null }
  | { status: 'failed'; project: null };

/**
 * The project of /project/:id with a way to load it again and to replace it with the fresher copy an action
 * answered. A 404 (missing, or of a client the user is not a member of) is 'not found'; anything else is logged.
 */
export function useProject(id: number) {
  const [state, setState] = useState<{ id: number; loaded: LoadedProject }>({ id, loaded: { status: 'loading', project: null } });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    projectsGateway().get(id, controller.signal).then(
      (project) => setState({ id, loaded: { status: 'loaded', project } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = error instanceof ApiError && error.status === 404;
        if (!notFound) console.error(`[projects] project ${id} not loaded`, error);
        setState({ id, loaded: { status: notFound ? 'notFound' : 'failed', project: null } });
      },
    );
    return () => controller.abort();
  }, [id, round]);
  const loaded: LoadedProject = state.id === id ? state.loaded : { status: 'loading', project: null };
  return {
    loaded,
    reload: useCallback(() => {
      setState({ id, loaded: { status: 'loading', project: null } });
      setRound((count) => count + 1);
    }, [id]),
    replace: useCallback((project: Project) => setState({ id, loaded: { status: 'loaded', project } }), [id]),
  };
}
