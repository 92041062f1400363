import { array, boolean, enums, integer, nullable, number, object, optional, size, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { PRODUCT_TYPES } from './board';
import { entityId, entityIdParam, isoDateTime, okResponse, requiredText } from './fields';
import { listQueryOf, pagedListCalls } from './list';
import { PROJECT_STATUSES } from './projects';

/**
 * Named sets of a client's projects (menu 'Папки' and 'Комплекты'). A folder only gathers projects; a kit also
 * gives each a quantity and goes to the cart as a whole, for products made of several boards.
 */
export const PROJECT_SET_KINDS = ['folder', 'kit'] as const;
export type ProjectSetKind = (typeof PROJECT_SET_KINDS)[number];
export const PROJECT_SET_MAX_ITEMS = 100;

export const projectSetSummary = object({
  id: integer(),
  kind: enums(PROJECT_SET_KINDS),
  name: string(),
  clientId: integer(),
  clientName: string(),
  projectCount: integer(),
  /** Sum of the priced projects × quantity; null when some project has no price yet. */
  total: nullable(number()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ProjectSetSummary = Infer<typeof projectSetSummary>;

export const projectSetItem = object({
  projectId: integer(),
  title: string(),
  productType: enums(PRODUCT_TYPES),
  status: enums(PROJECT_STATUSES),
  quantity: integer(),
  price: nullable(number()),
  previewUrl: nullable(string()),
});
export type ProjectSetItem = Infer<typeof projectSetItem>;
export const projectSet = object({ ...projectSetSummary.schema, items: array(projectSetItem) });
export type ProjectSet = Infer<typeof projectSet>;

export const PROJECT_SET_SORT_CODES = ['updatedAt', 'name', 'createdAt'] as const;
export const projectSetListQuery = listQueryOf(PROJECT_SET_SORT_CODES, PROJECT_SET_KINDS);

const SETS = '/catalog-viewer/v2/project-sets';
export const { count: projectSetsListCount, list: projectSetsList } =
  pagedListCalls(SETS, 'user', projectSetListQuery, projectSetSummary);
export const getProjectSet = defineCall({
  method: 'GET', path: `${SETS}/Get`, access: 'user', query: object({ id: entityIdParam }), response: projectSet,
});
export const createProjectSet = defineCall({
  method: 'POST', path: `${SETS}/Create`, access: 'user',
  body: object({ clientId: entityId, kind: enums(PROJECT_SET_KINDS), name: requiredText(200) }), response: projectSet,
});
export const renameProjectSet = defineCall({
  method: 'POST', path: `${SETS}/Rename`, access: 'user', body: object({ id: entityId, name: requiredText(200) }), response: projectSet,
});
export const deleteProjectSet = defineCall({
  method: 'DELETE', path: `${SETS}/Delete`, access: 'user', body: object({ id: entityId }), response: okResponse,
});
/** Adds the project or changes its quantity; the project must belong to the set's client. */
export const putProjectSetItem = defineCall({
  method: 'POST', path: `${SETS}/PutProject`, access: 'user',
  body: object({ id: entityId, projectId: entityId, quantity: size(integer(), 1, 100_000) }), response: projectSet,
});
export const removeProjectSetItem = defineCall({
  method: 'POST', path: `${SETS}/RemoveProject`, access: 'user', body: object({ id: entityId, projectId: entityId }), response: projectSet,
});
/**
 * A kit's projects go to the cart with the kit's quantities; archived projects are skipped and counted. A project
 * with DFM errors refuses the whole kit (400 `dfm.<rule>` naming it) unless `dfmReview` sends such projects for an
 * engineer's review, as AddProject does.
 */
export const addProjectSetToCart = defineCall({
  method: 'POST', path: `${SETS}/AddToCart`, access: 'user',
  body: object({ id: entityId, dfmReview: optional(boolean()) }), response: object({ cartTotal: integer(), added: integer(), skipped: integer() }),
});
