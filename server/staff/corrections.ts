import { eq } from 'drizzle-orm';
import type { ProjectParams } from '../../src/contract/board';
import { isPricedFromFiles } from '../../src/contract/board-measured';
import type { LineCorrection } from '../../src/contract/engineer-requests';
import { recordAudit } from '../audit/log';
import type { Db } from '../db/connect';
import { boardUploads } from '../board-jobs/schema';
import { orderLines } from '../orders/schema';
import { projectVersions, versionUpload } from '../projects/schema';
import { ApiError } from '../http/errors';
import type { Lang } from '../http/messages';
import type { LetterPost } from '../letters/queue';
import { quoteFor } from '../pricing/quote';
import { requireParamsCoverFiles } from '../projects/measured';
import { lockAtCheck, putToCustomer, type ByStaff } from './check';

/**
 * The check passed with corrected parameters: each corrected line is priced by today's price table for
 * its quantity and checked against what its files measure, and the order waits for the customer to accept the new
 * parameters and price. What they accept is exactly what was priced here (server/orders/engineer-requests.ts).
 */

export interface CorrectInput { orderId: number; message: string; lines: ReadonlyArray<{ lineId: number; params: ProjectParams }> }

/** An ApiError of one corrected line's parameters, its field named under the line's place in the request. */
function underLine(error: unknown, index: number): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const field = error.field?.replace(/^params\./, '') ?? '';
  return new ApiError(400, error.key, error.params, { field: `lines.${index}.params${field ? `.${field}` : ''}`, code: error.code ?? 'bad_value' });
}

async function correctionOf(
  tx: Db, orderId: number, wanted: CorrectInput['lines'][number], index: number, lang: Lang,
): Promise<LineCorrection> {
  const [found] = await tx.select({ line: orderLines, analysis: boardUploads.analysis, versionParams: projectVersions.params })
    .from(orderLines).leftJoin(projectVersions, eq(projectVersions.id, orderLines.versionId))
    .leftJoin(boardUploads, versionUpload)
    .where(eq(orderLines.id, wanted.lineId));
  if (!found || found.line.orderId !== orderId) {
    throw new ApiError(400, 'engineerRequestLineUnknown', { id: wanted.lineId }, { field: `lines.${index}.lineId`, code: 'not_found' });
  }
  const { line } = found;
  const before = line.params ?? found.versionParams;
  if (!before) throw new ApiError(409, 'orderLineProjectGone', {}, { field: `lines.${index}.lineId`, code: 'projectGone' });
  if (wanted.params.productType !== before.productType) {
    throw new ApiError(400, 'fieldFormat', { field: 'productType' }, { field: `lines.${index}.params.productType`, code: 'bad_value' });
  }
  // The customer ordered a quantity; a correction changes how the boards are made, not how many.
  const params: ProjectParams = { ...wanted.params, quantity: line.quantity };
  try {
    if (isPricedFromFiles(params.productType)) requireParamsCoverFiles(found.analysis ?? null, params, lang);
    const quote = quoteFor(params);
    return {
      lineId: line.id,
      before: { params: before, unitPrice: line.unitPrice, total: line.total, days: line.days },
      after: { params, unitPrice: quote.perUnit, total: quote.total, days: quote.days },
    };
  } catch (error) {
    throw underLine(error, index);
  }
}

/** Sends the corrections to the customer: the order is held for their answer, with the engineer's words as the reason. */
export async function correctAtCheck(db: Db, input: CorrectInput, lang: Lang, letters: LetterPost, by: ByStaff): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAtCheck(tx, input.orderId);
    if (row.holdCode === 'filesAwaited') throw new ApiError(409, 'orderFilesNotAttached', {}, { field: 'orderId', code: 'filesAwaited' });
    const seen = new Set<number>();
    const corrections: LineCorrection[] = [];
    for (const [index, wanted] of input.lines.entries()) {
      if (seen.has(wanted.lineId)) throw new ApiError(400, 'fieldFormat', { field: 'lineId' }, { field: `lines.${index}.lineId`, code: 'duplicate' });
      seen.add(wanted.lineId);
      corrections.push(await correctionOf(tx, row.id, wanted, index, lang));
    }
    const requestId = await putToCustomer(tx, row.id, {
      kind: 'correction', message: input.message.trim(), lineIds: [...seen], pendingLineIds: [], corrections,
    }, letters, by);
    await recordAudit(tx, {
      actor: { staffId: by.staffId }, action: 'order.correct', targetType: 'order', targetId: row.id, at: by.now, requestId: by.requestId,
      before: { holdCode: row.holdCode, total: row.total, lines: corrections.map((one) => ({ lineId: one.lineId, ...one.before })) },
      after: { holdCode: 'engineerRequest', requestId, lines: corrections.map((one) => ({ lineId: one.lineId, ...one.after })) },
    });
  });
}
