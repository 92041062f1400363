import { editsOrderingData } from '../../src/contract/clients';
import { editsProjects } from '../../src/contract/projects';
import { clientRowReader, type ClientNeed } from '../client-access/check';
import { projects } from '../db/schema-business';

export type ProjectRow = typeof projects.$inferSelect;

/** What a call needs of the caller's role in the project's client (the role matrix of docs/decisions.md). */
export const PROJECT_NEEDS = {
  member: 'member',
  edit: { may: editsProjects, forbidden: 'projectsReadOnly' },
  cart: { may: editsOrderingData, forbidden: 'projectCartForbidden' },
} as const satisfies Record<string, ClientNeed>;

/** The project with the caller's role in its client: 404 for a missing id and another client's, 403 too low a role. */
export const requireProject = clientRowReader(projects, PROJECT_NEEDS, 'projectNotFound');
