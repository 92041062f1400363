import { useQuery } from '@tanstack/react-query';
import { projectSetsCalls } from '../../../../services/project-sets';

/** The projects 'Добавить проект' offers: the set's client's, searched, newest activity first, without archived ones. */
export const usePickerProjects = (clientId: number, search: string) => useQuery({
  queryKey: ['project-sets', 'picker projects', clientId, search],
  queryFn: ({ signal }) => projectSetsCalls().projects(clientId, search, signal),
});
