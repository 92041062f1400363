import {
  array, boolean, enums, integer, literal, nullable, number, object, optional, record, size, string, type Infer,
} from 'superstruct';
import { union } from './union';
import { defineCall } from './call';
import { boardDfm, DFM_REVIEW_REASONS } from './dfm';
import { entityIdParam, requiredText, uuid } from './fields';

/** Layer types and sides as whats-that-gerber names them, plus 'inner' for inner copper (4+ layer boards). */
export const LAYER_TYPES = ['copper', 'soldermask', 'silkscreen', 'solderpaste', 'drill', 'outline', 'drawing'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];
export const LAYER_SIDES = ['top', 'bottom', 'inner', 'all'] as const;
export type LayerSide = (typeof LAYER_SIDES)[number];

/**
 * Where a file's layer type came from: its name, its Gerber X2 attributes (or the X2 job file), the layer name
 * written inside it, what it draws, or the user.
 */
export const IDENTIFIED_BY = ['name', 'x2', 'layerName', 'content', 'user'] as const;

/** Limits of one upload (docs/decisions.md "Board files"). Checked before anything is unpacked, and while unpacking. */
export const UPLOAD_LIMITS = {
  archiveBytes: 25 * 1024 * 1024,
  files: 100,
  fileBytes: 30 * 1024 * 1024,
  unpackedBytes: 100 * 1024 * 1024,
} as const;

/**
 * Past these a file's geometry is no board (docs/decisions.md "Geometry out of any sane range"): the file is refused
 * while it is read, before anything is drawn or measured. Lengths in mm, areas in m², the rest counts. The files of
 * one upload share `uploadPieces` and `uploadAreaM2`.
 */
export const GEOMETRY_LIMITS = {
  spanMm: 2000,
  originMm: 5000,
  arcRadiusMm: 2000,
  apertureMm: 500,
  drillMm: 100,
  apertureParts: 10_000,
  copies: 100_000,
  holes: 1_000_000,
  fileAreaM2: 1,
  uploadAreaM2: 10,
  uploadPieces: 5_000_000,
} as const;
export type GeometryLimit = keyof typeof GEOMETRY_LIMITS;
export const GEOMETRY_LIMIT_NAMES = Object.keys(GEOMETRY_LIMITS) as GeometryLimit[];

/** Processing steps reported over /streaming, in order. */
export const PROCESSING_STEPS = ['upload', 'unpack', 'identify', 'render', 'measure', 'check'] as const;
export type ProcessingStep = (typeof PROCESSING_STEPS)[number];

export const boardFile = object({
  /** Stable within the upload: 'f1', 'f2', … in archive order. */
  id: requiredText(16),
  name: requiredText(255),
  bytes: integer(),
  format: enums(['gerber', 'drill', 'unknown'] as const),
  type: nullable(enums(LAYER_TYPES)),
  side: nullable(enums(LAYER_SIDES)),
  identifiedBy: nullable(enums(IDENTIFIED_BY)),
  /** The evidence was weak (what the file draws, or a side word alone): the layer table asks the user to check. */
  needsCheck: optional(boolean()),
  /** Build order of the stack-up: 0 is the top. */
  order: integer(),
  hidden: boolean(),
  /** Why the file was not used: a message code (unparsable, unknownType, geometryOutOfRange, …); null when it was. */
  error: nullable(string()),
  /** With `geometryOutOfRange`: which limit the file passed, by how much (`value` beyond `limit`, in its units). */
  outOfRange: optional(object({ kind: enums(GEOMETRY_LIMIT_NAMES), value: number(), limit: number() })),
});
export type BoardFile = Infer<typeof boardFile>;

export const ALERT_CODES = [
  'noOutline', 'noDrill', 'unknownFiles', 'layerCountMismatch', 'fileFailed', 'noCopper', 'outlineOpen', 'smallHole',
  'outlineFromLayers', 'fileOutOfRange', 'twoMasksOneSide', 'twoSilksOneSide', 'twoPastesOneSide', 'maskOnOneSide',
  'drillSpanMismatch',
] as const;
export const boardAlert = object({
  code: enums(ALERT_CODES),
  level: enums(['error', 'warning', 'info'] as const),
  /** The file the alert is about, when it is about one. */
  fileId: nullable(string()),
});
export type BoardAlert = Infer<typeof boardAlert>;

/** What was measured from the files; feeds the board parameters the wizard proposes. */
export const boardMeasurements = object({
  widthMm: number(),
  heightMm: number(),
  /** True when the size comes from an outline layer, false when from the extent of all layers. */
  sizeFromOutline: boolean(),
  layerCount: integer(),
  copperLayers: array(enums(['top', 'bottom', 'inner'] as const)),
  drillHits: integer(),
  /** Smallest drill in mm, null without drill files. */
  smallestHoleMm: nullable(number()),
  holeSizesMm: array(number()),
  pasteTop: boolean(),
  pasteBottom: boolean(),
  /** Extent of the paste layers in mm, for the stencil size; null without paste. */
  pasteWidthMm: nullable(number()),
  pasteHeightMm: nullable(number()),
});
export type BoardMeasurements = Infer<typeof boardMeasurements>;

/** Image URLs under /files/boards/…; fetched with the Authorization header (members of the client only). */
export const boardImages = object({
  top: nullable(string()),
  bottom: nullable(string()),
  layers: record(string(), string()),
});

export const DFM_STATUSES = ['running', 'done', 'failed'] as const;
export type DfmStatus = (typeof DFM_STATUSES)[number];

/** The longest project title: a board's name read from its files is cut to it. */
export const PROJECT_TITLE_MAX = 200;

export const boardAnalysis = object({
  uploadId: uuid,
  archiveName: string(),
  /**
   * The board's name as its files tell it (the X2 or job file's project, the files' common stem, the zip's
   * name); null when nothing in them names the board. Absent from analyses made before it was read.
   */
  boardName: optional(nullable(requiredText(PROJECT_TITLE_MAX))),
  files: array(boardFile),
  measurements: nullable(boardMeasurements),
  alerts: array(boardAlert),
  images: boardImages,
  /** Manufacturability measurements; absent from analyses made before they existed. */
  dfm: optional(boardDfm),
  /**
   * DFM is measured after the pictures and the price are stored and shown: 'running' until `dfm` comes, 'failed' when
   * it could not be measured (its time or memory ran out, the gateway stopped); the analysis stands either way.
   * Absent from analyses stored whole, before DFM was a stage of its own.
   */
  dfmStatus: optional(enums(DFM_STATUSES)),
  /**
   * Set once the user's layer corrections changed what DFM measures, and kept even if they are undone: the
   * board is then ordered for an engineer's review. Answered from the upload, not stored in the analysis.
   */
  dfmReviewReason: optional(enums(DFM_REVIEW_REASONS)),
});
export type BoardAnalysis = Infer<typeof boardAnalysis>;

/**
 * Which analysis of an upload this is: a re-run with other layers is another analysis of the same upload, whose DFM
 * is measured again. The app waits for an analysis' DFM and reads it into the wizard by this key.
 */
export const analysisKeyOf = (analysis: Pick<BoardAnalysis, 'uploadId' | 'files'>): string => `${analysis.uploadId}|${
  analysis.files.map((file) => `${file.id}:${file.type ?? ''}:${file.side ?? ''}:${String(file.hidden)}:${file.order}`).join(',')}`;

export const UPLOAD_STATUSES = ['processing', 'done', 'failed'] as const;
export const uploadState = object({
  uploadId: uuid,
  clientId: integer(),
  status: enums(UPLOAD_STATUSES),
  step: enums(PROCESSING_STEPS),
  /** The message code of a refused or failed upload ('zipTraversal', 'zipTooLarge', 'notGerber', …). */
  error: nullable(string()),
  /** The refusal's text in the caller's language. */
  message: nullable(string()),
  analysis: nullable(boardAnalysis),
});
export type UploadState = Infer<typeof uploadState>;

/**
 * POST with the raw bytes as the body (`application/octet-stream`): a zip, or one Gerber / drill file. The app
 * zips several separate files itself, so the gateway has one way in. Processing goes on after the answer; its
 * steps come over /streaming and `getUpload` gives the state at any time.
 */
export const uploadBoardFilesQuery = object({ clientId: entityIdParam, fileName: requiredText(255) });
export const uploadBoardFiles = defineCall({
  method: 'POST', path: '/board-files/Upload', access: 'user', query: uploadBoardFilesQuery, response: uploadState,
});

export const uploadIdQuery = object({ uploadId: uuid });
export const getUpload = defineCall({
  method: 'GET', path: '/board-files/Get', access: 'user', query: uploadIdQuery, response: uploadState,
});

/** The user's corrections of the identification; the gateway renders and measures again with them. */
export const setLayersRequest = object({
  uploadId: uuid,
  files: size(array(object({
    id: requiredText(16),
    type: nullable(enums(LAYER_TYPES)),
    side: nullable(enums(LAYER_SIDES)),
    hidden: boolean(),
    order: integer(),
  })), 1, UPLOAD_LIMITS.files),
});
export const setLayers = defineCall({
  method: 'POST', path: '/board-files/SetLayers', access: 'user', body: setLayersRequest, response: uploadState,
});

/** The token the /streaming websocket is opened with (`/streaming?token=…`); valid for a minute. */
export const streamingToken = defineCall({
  method: 'POST', path: '/streaming/token', access: 'user', response: string(),
});

/** One message on /streaming: a step of one upload started, finished or failed. */
export const streamingMessage = object({
  uploadId: uuid,
  step: enums(PROCESSING_STEPS),
  state: enums(['running', 'done', 'failed'] as const),
  /** 0–100 over all steps. */
  progress: number(),
  /** When the whole processing is over: the final state. */
  final: union([literal(null), uploadState]),
});
export type StreamingMessage = Infer<typeof streamingMessage>;

/** /streaming's answer to a message it cannot act on: unreadable, or an upload the user may not see (or too many). */
export const streamingError = object({
  error: enums(['badMessage', 'notFound', 'tooManySubscriptions'] as const), uploadId: nullable(uuid),
});
