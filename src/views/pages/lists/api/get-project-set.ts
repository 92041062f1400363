import { useQuery } from '@tanstack/react-query';
import { projectSetsCalls } from '../../../../services/project-sets';

export const projectSetKey = (id: number) => ['project-sets', 'set', id] as const;

/** The set of /folders/:id or /kits/:id; a 404 (missing, or of a client the user is not a member of) is 'not found'. */
export const useProjectSet = (id: number) => useQuery({
  queryKey: projectSetKey(id),
  queryFn: ({ signal }) => projectSetsCalls().get(id, signal),
});
