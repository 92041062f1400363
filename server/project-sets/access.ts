import { clientRowReader } from '../client-access/check';
import { projectSets } from './schema';
import { projectNeeds } from '../projects/access';

export type ProjectSetRow = typeof projectSets.$inferSelect;

export const PROJECT_SET_NEEDS = projectNeeds('projectSetsReadOnly', 'projectSetCartForbidden');

/** The set with the caller's role in its client: 404 for a missing id and another client's, 403 too low a role. */
export const requireProjectSet = clientRowReader(projectSets, PROJECT_SET_NEEDS, 'projectSetNotFound');
