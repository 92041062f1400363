import {
  array, boolean, enums, integer, literal, min, nullable, number, object, optional, refine, size, string, tuple, type Infer,
  type Struct,
} from 'superstruct';
import { union } from './union';
import { LAYER_COUNTS, MATERIALS } from './board';
import { defineCall } from './call';

/**
 * Manufacturability (DFM). The worker measures the board's geometry once per analysis into `places`:
 * where a rule's value comes close to the manufacturer's limits, whatever the parameters. Which of them are findings
 * depends on the parameters the customer picks (class, material, thickness), so findings are worked out from the
 * places, the capability table and the parameters by one pure function shared by the app and the gateway.
 */
export const DFM_RULES = [
  'trackWidth', 'trackSpacing', 'annularRing', 'holeSize', 'drillToCopper', 'copperToEdge',
  'silkWidth', 'silkOverPad', 'maskSliver', 'slotSize', 'boardSize', 'boardThickness',
] as const;
export type DfmRule = (typeof DFM_RULES)[number];

/**
 * Why a board goes for an engineer's review whatever its findings: 'layersCorrected', the customer's layer
 * corrections changed what DFM measures, so its result rests on the customer's word. Kept on the upload for good.
 */
export const DFM_REVIEW_REASONS = ['layersCorrected'] as const;
export type DfmReviewReason = (typeof DFM_REVIEW_REASONS)[number];

/**
 * What stands before ordering a project as it is, as the project list shows it: its DFM still being
 * measured, a finding an option cures that is not chosen (refused as it is), or an engineer's review it will go for.
 */
export const DFM_VERDICTS = ['running', 'option', 'review'] as const;
export type DfmVerdictKind = (typeof DFM_VERDICTS)[number];

/** A board parameter whose value chooses a class and so moves a rule's limit (a finer track class at a higher price). */
export const DFM_CLASS_FIELDS = ['board.minTrackMm', 'board.minHoleMm'] as const;
/**
 * What a cure sets: a finer class (the value is the class's key), or the edge connector option, which allows what no
 * class does (copper at the edge).
 */
export const dfmCure = union([
  object({ field: enums(DFM_CLASS_FIELDS), value: number() }),
  object({ field: literal('board.edgeConnector'), value: literal(true) }),
]);

export const boardPoint = object({ x: number(), y: number() });

/**
 * What a place is on, where the geometry tells: a pour (copper filling an area), a track, a pad (a flash or
 * a via's land). A fab treats them differently: a pour too near the edge is pulled back in preparation, a track is not.
 */
/** What a place is on; a sliver is thin copper of a pour that joins nothing (a tongue a clearance left). */
export const DFM_FEATURES = ['pour', 'track', 'pad', 'sliver'] as const;
export type DfmFeature = (typeof DFM_FEATURES)[number];

/** One measured place: a rule's value at a point of the board (mm, in the files' coordinates). */
export const dfmPlace = object({
  rule: enums(DFM_RULES),
  /** The file it was measured on; null for the board as a whole (its size). */
  fileId: nullable(string()),
  valueMm: number(),
  /** Null for the board as a whole. */
  at: nullable(boardPoint),
  /** Absent where it is not known (and on places measured before features were recorded). */
  feature: optional(enums(DFM_FEATURES)),
});
export type DfmPlace = Infer<typeof dfmPlace>;

/** What the worker measured. Absent from analyses made before DFM existed: those were never checked. */
export const boardDfm = object({
  places: array(dfmPlace),
  /** Places measured but not kept, per rule, past the cap on kept places. */
  moreByRule: array(tuple([enums(DFM_RULES), integer()])),
  /** The extent the top and bottom pictures show, in mm [minX, minY, maxX, maxY]: the frame of the markers. */
  pictureBoxMm: nullable(tuple([number(), number(), number(), number()])),
  /** The measuring ran out of its time and skipped what was left: the places are incomplete. */
  cutShort: optional(boolean()),
  /**
   * The copper files on the board's outer faces (top and bottom): the only layers an edge connector's fingers can be
   * on. Absent from analyses made before it was recorded: their places are judged as they were (any copper layer).
   */
  outerCopperFileIds: optional(array(string())),
});
export type BoardDfm = Infer<typeof boardDfm>;

/**
 * What a finding means for the order: an error blocks ordering as it is; a warning is shown and recorded; a
 * notice is what the fab fixes in preparation at no charge (a pour pulled back from the edge, silk clipped off pads).
 */
export const DFM_SEVERITIES = ['error', 'warning', 'notice'] as const;
export type DfmSeverity = (typeof DFM_SEVERITIES)[number];

export const dfmFinding = object({
  rule: enums(DFM_RULES),
  severity: enums(DFM_SEVERITIES),
  fileId: nullable(string()),
  valueMm: number(),
  limitMm: number(),
  at: nullable(boardPoint),
  /** The parameter choice that makes the finding go away, when one does. */
  cure: nullable(dfmCure),
  /**
   * The option that allows what the class does not: copper at the edge with an edge connector chosen is the
   * fingers' edge, a warning the engineering check confirms. Absent when no option allows it.
   */
  allowedBy: optional(literal('board.edgeConnector')),
  /** What a notice is on, where the fix is named for it (a pour's sliver is said as one, not as a track). */
  feature: optional(enums(DFM_FEATURES)),
});
export type DfmFinding = Infer<typeof dfmFinding>;

/**
 * The manufacturer's capability table (docs/capabilities.md): what the line can make, per class, material and layer
 * count. The gateway loads it (CAPABILITIES_FILE replaces the built-in one) and serves it, so the app works out the
 * same findings from the same table without a copy of its own.
 */

const mm = refine(number(), 'mm', (value) => Number.isFinite(value) && value >= 0 && value <= 1000);
const positiveMm = refine(number(), 'positiveMm', (value) => Number.isFinite(value) && value > 0 && value <= 1000);

/**
 * A class is a price option: it is chosen by the project's `board.minTrackMm` (track rules) or `board.minHoleMm`
 * (hole rules), the finest class whose key is at or below the declared value, so the price table's fine-feature
 * multiplier and the class always agree.
 */
export const capabilityClass = object({
  name: size(string(), 1, 40),
  /** Chosen for track rules when board.minTrackMm is at least this. */
  minTrackMm: positiveMm,
  /** Chosen for hole rules when board.minHoleMm is at least this. */
  minHoleMm: positiveMm,
  trackWidthMm: positiveMm,
  trackSpacingMm: positiveMm,
  copperToEdgeMm: mm,
  maskSliverMm: mm,
  annularRingMm: mm,
  holeSizeMm: positiveMm,
  drillToCopperMm: mm,
});
export type CapabilityClass = Infer<typeof capabilityClass>;

/** What one material can be made as, per layer count; a layer count missing here is not made in it. */
export const materialLimits = object({
  layers: array(object({
    layers: enums(LAYER_COUNTS),
    maxSideMm: positiveMm,
    minSideMm: positiveMm,
    minThicknessMm: positiveMm,
    maxThicknessMm: positiveMm,
  })),
  /** Names of the classes made in this material; a finer class than these is not offered. */
  classes: array(size(string(), 1, 40)),
});
export type MaterialLimits = Infer<typeof materialLimits>;

/**
 * A fault the fab fixes while preparing the files, at no charge: a place of this rule (on this feature,
 * when one is named) past its limit is a notice, never an error. Places measured before features were recorded have
 * none, so a fix named for a feature leaves them judged as before.
 */
export const preparationFix = object({ rule: enums(DFM_RULES), feature: optional(enums(DFM_FEATURES)) });
export type PreparationFix = Infer<typeof preparationFix>;

export const capabilityTableStruct = object({
  version: size(string(), 1, 40),
  /** Coarsest first. */
  classes: size(array(capabilityClass), 1, 10),
  silk: object({
    lineWidthMm: positiveMm,
    /** Clearance from silk to an exposed pad; below it (or overlap) is a finding. */ padClearanceMm: number(),
  }),
  slots: object({ minWidthMm: positiveMm, minLengthMm: positiveMm }),
  materials: object(
    Object.fromEntries(MATERIALS.map((material) => [material, materialLimits])) as Record<(typeof MATERIALS)[number], typeof materialLimits>,
  ),
  severity: object(
    Object.fromEntries(DFM_RULES.map((rule) => [rule, enums(['error', 'warning'] as const)])) as Record<
      DfmRule,
      Struct<'error' | 'warning', { error: 'error'; warning: 'warning' }>
    >,
  ),
  /** Measured places up to this much above the coarsest class's limit are kept, so a small change of class is seen. */
  marginMm: optional(min(number(), 0)),
  /**
   * Whether an error finding refuses the project at the cart as it is (AddProject, a kit's AddToCart, the checkout).
   * The shipped table says yes; the customer's ways out are the finding's cure, other files, or ordering it for an
   * engineer's review (`dfmReview`), which places the order held at the check (docs/decisions.md).
   */
  blocksOrdering: optional(boolean()),
  /**
   * What the fab fixes in preparation at no charge. A table file written before it existed gets the
   * built-in list when it is loaded (docs/capabilities.md); an empty list fixes nothing.
   */
  fixedInPreparation: optional(array(preparationFix)),
});
export type CapabilityTable = Infer<typeof capabilityTableStruct>;


/** The active capability table, for anyone (the quote page works it out before sign-in). */
export const getCapabilities = defineCall({
  method: 'GET', path: '/dfm/Capabilities', access: 'anonymous', response: capabilityTableStruct,
});
