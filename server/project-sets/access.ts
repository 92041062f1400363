import { editsOrderingData } from '../../src/contract/clients';
import { editsProjects } from '../../src/contract/projects';
import { clientRowReader, type ClientNeed } from '../client-access/check';
import { projectSets } from '../db/schema-business';

export type ProjectSetRow = typeof projectSets.$inferSelect;

/** Any member sees a set; roles 1–4 change it (as projects); roles 1, 2, 3, 5 put a kit into the cart. */
export const PROJECT_SET_NEEDS = {
  member: 'member',
  edit: { may: editsProjects, forbidden: 'projectSetsReadOnly' },
  cart: { may: editsOrderingData, forbidden: 'projectSetCartForbidden' },
} as const satisfies Record<string, ClientNeed>;

/** The set with the caller's role in its client: 404 for a missing id and another client's, 403 too low a role. */
export const requireProjectSet = clientRowReader(projectSets, PROJECT_SET_NEEDS, 'projectSetNotFound');
