import { useQuery } from '@tanstack/react-query';
import { projectsCalls } from '../../../../services/projects';

export const projectKey = (id: number) => ['projects', 'project', id] as const;

/** The project of /project/:id; a 404 (missing, or of a client the user is not a member of) is 'not found'. */
export const useProject = (id: number) => useQuery({
  queryKey: projectKey(id),
  queryFn: ({ signal }) => projectsCalls().get(id, signal),
});
