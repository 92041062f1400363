import { useCallback, useEffect, useState } from 'react';
import type { ProjectSet } from '../../../contract/project-sets';
import { ApiError } from '../../../services/api';
import { projectSetsGateway } from '../../../services/project-sets';

export type LoadedSet =
  | { status: 'loading'; set: null }
  | { status: 'loaded'; set: ProjectSet }
  | { status: 'notFound'; set: null }
  | { status: 'failed'; set: null };

/**
 * The set of /groups/:id or /kits/:id, replaced by the fresher copy each change answers. A 404 (missing, or of a
 * client the user is not a member of) is 'not found'; anything else is logged.
 */
export function useProjectSet(id: number) {
  const [state, setState] = useState<{ id: number; loaded: LoadedSet }>({ id, loaded: { status: 'loading', set: null } });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    projectSetsGateway().get(id, controller.signal).then(
      (set) => setState({ id, loaded: { status: 'loaded', set } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = error instanceof ApiError && error.status === 404;
        if (!notFound) console.error(`[project-sets] set ${id} not loaded`, error);
        setState({ id, loaded: { status: notFound ? 'notFound' : 'failed', set: null } });
      },
    );
    return () => controller.abort();
  }, [id, round]);
  const loaded: LoadedSet = state.id === id ? state.loaded : { status: 'loading', set: null };
  return {
    loaded,
    reload: useCallback(() => {
      setState({ id, loaded: { status: 'loading', set: null } });
      setRound((count) => count + 1);
    }, [id]),
    replace: useCallback((set: ProjectSet) => setState({ id, loaded: { status: 'loaded', set } }), [id]),
  };
}
