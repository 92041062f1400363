import { array, boolean, enums, integer, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { boardAnalysis, PROJECT_TITLE_MAX } from './board-files';
import { PRODUCT_TYPES, mountingParams, projectParams } from './board';
import { DFM_VERDICTS } from './dfm';
import { entityId, entityIdParam, isoDateTime, okResponse, requiredText, uuid } from './fields';
import { listQueryOf, pagedListCalls } from './list';

/** The product spec's project statuses: actual ('Доступны для заказа'), draft ('Черновики'), archive ('Архивные'). */
export const PROJECT_STATUSES = ['actual', 'draft', 'archive'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** Roles 1–4 upload files and create, change and duplicate projects; the buyer (5) sees them and orders them. */
export const editsProjects = (role: number): boolean => role >= 1 && role <= 4;

/** One line of the price: what it is for (a code the app translates) and its amount in roubles. */
export const priceLine = object({ code: string(), amount: number(), detail: optional(string()) });
export const priceQuote = object({
  total: number(),
  perUnit: number(),
  /** Working days to ship for the chosen urgency. */
  days: integer(),
  lines: array(priceLine),
  /** Version of the price table the quote was made with (docs/pricing.md). */
  tableVersion: string(),
});
export type PriceQuote = Infer<typeof priceQuote>;
export type PriceLine = Infer<typeof priceLine>;

/** A parameter the factory cannot make, or a combination it does not offer: field path and message code. */
export const paramProblem = object({ field: string(), code: string() });
export type ParamProblem = Infer<typeof paramProblem>;

export const quoteRequest = object({ params: projectParams });
/** Problems come back as 400 with `field` naming the first one; the full list is in the error's data. */
export const quote = defineCall({
  method: 'POST', path: '/catalog-viewer/v2/projects/Price', access: 'user', body: quoteRequest, response: priceQuote,
});

export const projectSummary = object({
  id: integer(),
  title: string(),
  status: enums(PROJECT_STATUSES),
  productType: enums(PRODUCT_TYPES),
  isFavorite: boolean(),
  clientId: integer(),
  clientName: string(),
  quantity: integer(),
  price: nullable(number()),
  /** Board size for the list line; null for projects made before parameters were kept. */
  widthMm: nullable(number()),
  heightMm: nullable(number()),
  layers: nullable(integer()),
  versionNumber: integer(),
  createdAt: isoDateTime,
  /** Last change of the project: the 'activity' the list sorts by. */
  updatedAt: isoDateTime,
  /** Top picture URL under /files/boards/ (needs the Authorization header), null when there are no files. */
  previewUrl: nullable(string()),
  /**
   * What stands before ordering it as it is (`dfmVerdictOf` with the gateway's table): its DFM still
   * measured, an option its files need that is not chosen, or an engineer's review; null (or absent, from a gateway
   * before it) when nothing does.
   */
  dfmVerdict: optional(nullable(enums(DFM_VERDICTS))),
});
export type ProjectSummary = Infer<typeof projectSummary>;

export const projectVersion = object({
  id: integer(),
  number: integer(),
  createdAt: isoDateTime,
  uploadId: nullable(uuid),
  archiveName: nullable(string()),
  /** The board's name its files tell, shown for the version; null without files or a name in them. */
  boardName: nullable(string()),
  fileCount: integer(),
});
export type ProjectVersion = Infer<typeof projectVersion>;

export const project = object({
  ...projectSummary.schema,
  params: projectParams,
  quote: nullable(priceQuote),
  versionId: integer(),
  versions: array(projectVersion),
  analysis: nullable(boardAnalysis),
  /** Drafts and actual projects can be edited by members who may order (not engineers... see role matrix). */
  isEditable: boolean(),
});
export type Project = Infer<typeof project>;

/** Sort codes: 'activity' is the last change (the product spec's default: activity descending). */
export const PROJECT_SORT_CODES = ['activity', 'createdAt', 'title', 'price'] as const;
/** Filter codes of the product spec's query filters: status=actual|draft|archive and favorite=true. */
export const PROJECT_FILTER_CODES = [...PROJECT_STATUSES, 'favorite', 'pcb', 'panel', 'stencil', 'mounting', 'module'] as const;
const projectListForms = listQueryOf(PROJECT_SORT_CODES, PROJECT_FILTER_CODES);
/**
 * The generic list form, optionally narrowed to one client of the user: a project set's picker offers its client's
 * projects only, and a first page of every client's projects could hold none of them.
 */
export const projectListQuery = {
  list: object({ ...projectListForms.list.schema, clientId: optional(entityId) }),
  count: object({ ...projectListForms.count.schema, clientId: optional(entityId) }),
};

export const { count: projectsListCount, list: projectsList } =
  pagedListCalls('/catalog-viewer/v2/projects', 'user', projectListQuery, projectSummary);

export const projectIdQuery = object({ id: entityIdParam });
export const getProject = defineCall({
  method: 'GET', path: '/catalog-viewer/v2/projects/Get', access: 'user', query: projectIdQuery, response: project,
});

/**
 * Create and Update save the wizard's result. An uploadId attaches that upload's files; on Update a different
 * upload than the current version's makes a new version. `status` 'actual' saves as ready to order.
 */
export const saveProjectRequest = object({
  clientId: entityId,
  title: requiredText(PROJECT_TITLE_MAX),
  params: projectParams,
  uploadId: nullable(uuid),
  status: enums(['actual', 'draft'] as const),
});
export const createProject = defineCall({
  method: 'POST', path: '/catalog-viewer/v2/projects/Create', access: 'user', body: saveProjectRequest, response: project,
});
export const updateProjectRequest = object({ id: entityId, ...saveProjectRequest.schema });
export const updateProject = defineCall({
  method: 'POST', path: '/catalog-viewer/v2/projects/Update', access: 'user', body: updateProjectRequest, response: project,
});

export const setProjectStatusRequest = object({ id: entityId, status: enums(PROJECT_STATUSES) });
export const setProjectStatus = defineCall({
  method: 'POST', path: '/catalog-viewer/v2/projects/SetStatus', access: 'user', body: setProjectStatusRequest, response: project,
});
export const setProjectFavoriteRequest = object({ id: entityId, isFavorite: boolean() });
export const setProjectFavorite = defineCall({
  method: 'POST', path: '/catalog-viewer/v2/projects/SetFavorite', access: 'user', body: setProjectFavoriteRequest, response: okResponse,
});
export const duplicateProjectRequest = object({ id: entityId });
export const duplicateProject = defineCall({
  method: 'POST', path: '/catalog-viewer/v2/projects/Duplicate', access: 'user', body: duplicateProjectRequest, response: project,
});
/**
 * Puts the project into the signed-in user's cart with its quantity; its quote is the line's price. A project with
 * DFM errors is refused as it is (400 `dfm.<rule>`) unless `dfmReview` acknowledges them: the line then goes for an
 * engineer's review and its order is placed held at the check.
 */
export const addProjectToCartRequest = object({ projectId: entityId, dfmReview: optional(boolean()) });
export const addProjectToCart = defineCall({
  method: 'POST', path: '/cart/AddProject', access: 'user', body: addProjectToCartRequest,
  response: object({ cartTotal: integer() }),
});

/** A BOM or pick-and-place file as base64 (CSV or XLSX, ≤ 2 MB); the gateway reads it into the mounting parameters. */
export const BOM_MAX_BYTES = 2 * 1024 * 1024;
export const BOM_KINDS = ['bom', 'pnp'] as const;
export const parseBomRequest = object({
  kind: enums(BOM_KINDS),
  fileName: requiredText(255),
  dataBase64: requiredText(Math.ceil((BOM_MAX_BYTES * 4) / 3) + 4),
});
export const bomSummary = object({
  kind: enums(BOM_KINDS),
  rows: integer(),
  mounting: mountingParams,
  /** Rows that could not be read, with their 1-based line numbers (at most 20 are listed). */
  skippedLines: array(integer()),
  /** Columns the file was read by, as found in its header. */
  columns: array(string()),
});
export type BomSummary = Infer<typeof bomSummary>;
export const parseBom = defineCall({
  method: 'POST', path: '/catalog-viewer/v2/projects/ParseBom', access: 'user', body: parseBomRequest, response: bomSummary,
});
