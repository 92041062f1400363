import { useQuery } from '@tanstack/react-query';
import type { ClientRole } from '../../../../contract/clients';
import { projectsCalls } from '../../../../services/projects';

const NO_ROLES: ReadonlyMap<number, ClientRole> = new Map();

/**
 * The caller's role in each of their clients, by client id. Until it answers (or when it fails, which is only logged)
 * no role is known and the page offers nothing that changes a project.
 */
export function useProjectRoles(): ReadonlyMap<number, ClientRole> {
  const { data } = useQuery({ queryKey: ['projects', 'roles'], queryFn: ({ signal }) => projectsCalls().roles(signal) });
  return data ?? NO_ROLES;
}
