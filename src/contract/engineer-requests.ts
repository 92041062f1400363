import { array, enums, integer, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { projectParams } from './board';
import { entityId, isoDateTime } from './fields';

/**
 * What a manufacturer's engineer asks the customer at the engineering check: new files of some lines or of
 * the whole order, a decision, or to accept corrected parameters and their price. The customer reads it on the order
 * page and in a letter, and answers there.
 */
export const ENGINEER_REQUEST_KINDS = ['files', 'decision', 'correction'] as const;
export type EngineerRequestKind = (typeof ENGINEER_REQUEST_KINDS)[number];

/** A line as ordered or as the engineer corrected it: its parameters and what they cost. */
export const correctedSide = object({ params: projectParams, unitPrice: number(), total: number(), days: integer() });
/** One line's correction: the customer accepts every line of a request or none. */
export const lineCorrection = object({ lineId: entityId, before: correctedSide, after: correctedSide });
export type LineCorrection = Infer<typeof lineCorrection>;
export const engineerRequest = object({
  id: entityId,
  kind: enums(ENGINEER_REQUEST_KINDS),
  message: string(),
  /** The lines new files are asked for (kind 'files'); empty for the whole order. */
  lineIds: array(entityId),
  /** The engineer's name as the customer sees it. */
  authorName: string(),
  at: isoDateTime,
  /** The corrected lines (kind 'correction'); the order's total changes by the sum of their differences. */
  corrections: optional(array(lineCorrection)),
  /** Set once the customer sent the files or answered. */
  answeredAt: nullable(isoDateTime),
  /** The customer's words (a decision), or 'accepted' / 'declined' (a correction). */
  answer: nullable(string()),
});
export type EngineerRequest = Infer<typeof engineerRequest>;

