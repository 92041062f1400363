import type { BomSummary } from '../../src/contract/projects';
import { parseBomFile, type BomKind } from '../bom/parse';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../http/messages';

/**
 * A BOM file read in a runner: a 2 MB workbook unpacks to 32 MB of XML, which took 1.9 s of parsing on
 * the gateway's event loop. A refusal crosses the process as data and becomes the same 400 again.
 */

export interface BomTask { kind: BomKind; fileName: string }

export type BomOutcome =
  | { kind: 'parsed'; summary: BomSummary }
  | { kind: 'refused'; status: number; key: MessageKey; params: Record<string, string | number>; field: string | undefined; code: string | undefined };

export function parseBom(task: BomTask, bytes: Uint8Array): BomOutcome {
  try {
    return { kind: 'parsed', summary: parseBomFile(task.kind, task.fileName, bytes) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { kind: 'refused', status: error.status, key: error.key, params: { ...error.params }, field: error.field, code: error.code };
  }
}

/** The answer the gateway gives for a runner's outcome. */
export function bomAnswer(outcome: BomOutcome): BomSummary {
  if (outcome.kind === 'parsed') return outcome.summary;
  throw new ApiError(outcome.status, outcome.key, outcome.params, {
    ...(outcome.field === undefined ? {} : { field: outcome.field }), ...(outcome.code === undefined ? {} : { code: outcome.code }),
  });
}
