import { useQuery } from '@tanstack/react-query';
import { loadProjectForWizard } from '../../../../services/wizard';

/** The project `?projectId=` names, with what the wizard needs to change it. */
export const useWizardProject = (projectId: number) => useQuery({
  queryKey: ['wizard', 'project', projectId],
  queryFn: ({ signal }) => loadProjectForWizard(projectId, signal),
});
