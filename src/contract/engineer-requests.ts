import { array, enums, nullable, object, string, type Infer } from 'superstruct';
import { entityId, isoDateTime } from './fields';

/**
 * What a manufacturer's engineer asks the customer at the engineering check (issue 33): new files of some lines or of
 * the whole order, or a decision. The customer reads it on the order page and in a letter, and answers there.
 */
export const ENGINEER_REQUEST_KINDS = ['files', 'decision'] as const;
export const engineerRequest = object({
  id: entityId,
  kind: enums(ENGINEER_REQUEST_KINDS),
  message: string(),
  /** The lines new files are asked for (kind 'files'); empty for the whole order. */
  lineIds: array(entityId),
  /** The engineer's name as the customer sees it. */
  authorName: string(),
  at: isoDateTime,
  /** Set once the customer sent the files or answered. */
  answeredAt: nullable(isoDateTime),
  answer: nullable(string()),
});
export type EngineerRequest = Infer<typeof engineerRequest>;

