import { useEffect, useState } from 'react';
import type { ClientRole } from '../../../contract/clients';
import { projectsGateway } from '../../../services/projects';

const NO_ROLES: ReadonlyMap<number, ClientRole> = new Map();

/**
 * The caller's role in each of their clients, loaded once per page. Until it answers (or when it fails, which is
 * only logged) no role is known and the page offers nothing that changes a project.
 */
export function useProjectRoles(): ReadonlyMap<number, ClientRole> {
  const [roles, setRoles] = useState(NO_ROLES);
  useEffect(() => {
    const controller = new AbortController();
    projectsGateway().roles(controller.signal).then(setRoles, (error: unknown) => {
      if (!controller.signal.aborted) console.error('[projects] roles not loaded', error);
    });
    return () => controller.abort();
  }, []);
  return roles;
}
