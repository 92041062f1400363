import { array, enums, integer, nullable, number, object, string, tuple, type Infer } from 'superstruct';

/**
 * Manufacturability (DFM, issue 21). The worker measures the board's geometry once per analysis into `places`:
 * where a rule's value comes close to the manufacturer's limits, whatever the parameters. Which of them are findings
 * depends on the parameters the customer picks (class, material, thickness), so findings are worked out from the
 * places, the capability table and the parameters by one pure function shared by the app and the gateway.
 */
export const DFM_RULES = [
  'trackWidth', 'trackSpacing', 'annularRing', 'holeSize', 'drillToCopper', 'copperToEdge',
  'silkWidth', 'silkOverPad', 'maskSliver', 'slotSize', 'boardSize', 'boardThickness',
] as const;
export type DfmRule = (typeof DFM_RULES)[number];

/** A board parameter whose choice moves a rule's limit (a finer track class at a higher price). */
export const DFM_CURE_FIELDS = ['board.minTrackMm', 'board.minHoleMm'] as const;

export const boardPoint = object({ x: number(), y: number() });

/** One measured place: a rule's value at a point of the board (mm, in the files' coordinates). */
export const dfmPlace = object({
  rule: enums(DFM_RULES),
  /** The file it was measured on; null for the board as a whole (its size). */
  fileId: nullable(string()),
  valueMm: number(),
  /** Null for the board as a whole. */
  at: nullable(boardPoint),
});
export type DfmPlace = Infer<typeof dfmPlace>;

/** What the worker measured. Absent from analyses made before DFM existed: those were never checked. */
export const boardDfm = object({
  places: array(dfmPlace),
  /** Places measured but not kept, per rule, past the cap on kept places. */
  moreByRule: array(tuple([enums(DFM_RULES), integer()])),
  /** The extent the top and bottom pictures show, in mm [minX, minY, maxX, maxY]: the frame of the markers. */
  pictureBoxMm: nullable(tuple([number(), number(), number(), number()])),
});
export type BoardDfm = Infer<typeof boardDfm>;

export const dfmFinding = object({
  rule: enums(DFM_RULES),
  /** An error blocks ordering as is; a warning is shown and recorded. */
  severity: enums(['error', 'warning'] as const),
  fileId: nullable(string()),
  valueMm: number(),
  limitMm: number(),
  at: nullable(boardPoint),
  /** The parameter choice that makes the finding go away, when one does. */
  cure: nullable(object({ field: enums(DFM_CURE_FIELDS), value: number() })),
});
export type DfmFinding = Infer<typeof dfmFinding>;
