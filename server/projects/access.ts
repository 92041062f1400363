import { editsOrderingData } from '../../src/contract/clients';
import { editsProjects } from '../../src/contract/projects';
import { clientRowReader, type ClientNeed } from '../client-access/check';
import { projects } from './schema';
import type { MessageKey } from '../http/messages';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * What a call needs of the caller's role in the client of a project or a project set (the role matrix of
 * docs/decisions.md): any member sees it, roles 1–4 change it, roles 1, 2, 3, 5 put it into the cart; each 403 its text.
 */
export const projectNeeds = (editForbidden: MessageKey, cartForbidden: MessageKey) => ({
  member: 'member',
  edit: { may: editsProjects, forbidden: editForbidden },
  cart: { may: editsOrderingData, forbidden: cartForbidden },
}) as const satisfies Record<string, ClientNeed>;

export const PROJECT_NEEDS = projectNeeds('projectsReadOnly', 'projectCartForbidden');

/** The project with the caller's role in its client: 404 for a missing id and another client's, 403 too low a role. */
export const requireProject = clientRowReader(projects, PROJECT_NEEDS, 'projectNotFound');
