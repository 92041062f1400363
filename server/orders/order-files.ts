import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { boardUploads } from '../board-jobs/schema';
import { orderLines, orders, orderStatusHistory } from './schema';
import { projects, projectVersions, versionUpload } from '../projects/schema';
import { ApiError } from '../http/errors';
import type { LetterPost } from '../letters/queue';
import { storedHoldReason } from './holds';
import type { ProjectParams } from '../../src/contract/board';
import { blockingOfUpload } from '../projects/manufacturable';
import { analysisOfUpload, filesExceedOrdered } from '../projects/measured';
import { insertNextVersion, requireReadyUpload } from '../projects/save';
import { applyOrderAction } from './lifecycle';
import { emitEvent } from '../webhooks/events';
import { emitOrderHold, notifyOrderChange } from './notify';
import { backToReview, openRequestOf, receiveAskedFiles } from './engineer-requests';

/**
 * Manufacturing files of an order (docs/decisions.md "Files for an order"): a line whose project has no
 * processed files is ordered only with 'файлы пришлю позже', and such an order is held at the engineering check
 * until a member attaches the files of every line on the order page.
 */

/** The versions among `versionIds` that have processed files. */
async function versionsWithFiles(tx: Db, versionIds: readonly number[]): Promise<Set<number>> {
  if (versionIds.length === 0) return new Set();
  const rows = await tx.select({ id: projectVersions.id }).from(projectVersions)
    .innerJoin(boardUploads, versionUpload)
    .where(and(inArray(projectVersions.id, [...versionIds]), eq(boardUploads.status, 'done')));
  return new Set(rows.map((row) => row.id));
}

/** The lines whose version has no processed files (or no version at all), in the order given. */
export async function linesWithoutFiles<T extends { versionId: number | null }>(tx: Db, lines: readonly T[]): Promise<T[]> {
  const ids = lines.map((line) => line.versionId).filter((id): id is number => id !== null);
  const withFiles = await versionsWithFiles(tx, ids);
  return lines.filter((line) => line.versionId === null || !withFiles.has(line.versionId));
}

/** Without 'files later', a line without files refuses the whole checkout, naming its project. */
export function requireFilesOrLater(missing: readonly string[], filesLater: boolean): void {
  const first = missing[0];
  if (first !== undefined && !filesLater) {
    throw new ApiError(400, 'orderFilesRequired', { title: first }, { field: 'filesLater', code: 'filesRequired' });
  }
}

const notAwaited = () => new ApiError(409, 'orderFilesNotAwaited', {}, { field: 'orderId', code: 'filesNotAwaited' });

/**
 * A new version of the line's project with the upload and the parameters as ordered (answered with it); the line then
 * points at it.
 */
async function versionForLine(
  tx: Db, line: typeof orderLines.$inferSelect, uploadId: string, now: Date,
): Promise<{ versionId: number; params: ProjectParams }> {
  const [project] = line.projectId === null ? [] : await tx.select().from(projects).where(eq(projects.id, line.projectId)).for('update');
  const params = line.params ?? project?.params ?? null;
  if (!project || params === null) {
    throw new ApiError(409, 'orderLineProjectGone', {}, { field: 'lineId', code: 'projectGone' });
  }
  const versionId = await insertNextVersion(tx, { projectId: project.id, uploadId, params, now });
  // The project gets the files too, unless it was edited since the order (then its own version stays current).
  if (project.currentVersionId === line.versionId) {
    await tx.update(projects).set({ currentVersionId: versionId, updatedAt: now }).where(eq(projects.id, project.id));
  }
  return { versionId, params };
}

/**
 * Files attached late are judged as the cart judges a project: while their DFM is still measured the attach waits
 * (409, the app waits for DFM first), and an error puts the line under the engineer's review, the way out the cart
 * offers. Not a refusal: the order is already at the check, and the customer may have no other files to send.
 */
async function reviewForAttached(tx: Db, uploadId: string, params: ProjectParams): Promise<boolean> {
  const blocking = await blockingOfUpload(tx, uploadId, params);
  if (blocking === 'running') throw new ApiError(409, 'orderFilesDfmRunning', {}, { field: 'uploadId', code: 'dfm.running' });
  // The line was priced from declared values; files measuring more are the engineer's to price.
  return blocking !== null || filesExceedOrdered(await analysisOfUpload(tx, uploadId), params);
}

export interface AttachInput { orderId: number; lineId: number; uploadId: string; now: Date; letters: LetterPost }

/**
 * Attaches a processed upload of the order's client to one line of an order awaiting files, in one transaction
 * with the order locked; once no line lacks files the check is released (the lifecycle's 'release', by the files).
 * The caller has checked that the user is a member of the order's client.
 */
export async function attachOrderFiles(db: Db, input: AttachInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new Error(`order ${input.orderId} vanished`);
    if (!order.filesAwaited || order.status !== 'on_check') throw notAwaited();
    const lineId = asDbId(input.lineId);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const line = lines.find((one) => one.id === lineId);
    if (!line) throw new ApiError(404, 'orderLineNotInOrder', {}, { field: 'lineId', code: 'not_found' });
    // Lines without files, and those whose new files an engineer asked for.
    const withoutFiles = await linesWithoutFiles(tx, lines);
    const request = await openRequestOf(tx, order.id);
    const asked = new Set(request?.kind === 'files' ? request.pendingLineIds : []);
    const awaited = lines.filter((one) => withoutFiles.includes(one) || asked.has(one.id));
    if (!awaited.includes(line)) throw new ApiError(409, 'orderLineHasFiles', {}, { field: 'lineId', code: 'hasFiles' });
    await requireReadyUpload(tx, input.uploadId, order.clientId);
    const { versionId, params } = await versionForLine(tx, line, input.uploadId, input.now);
    const review = await reviewForAttached(tx, input.uploadId, params);
    await tx.update(orderLines).set({ versionId, ...(review ? { dfmReview: true } : {}) }).where(eq(orderLines.id, line.id));
    if (request && asked.has(line.id)) await receiveAskedFiles(tx, request, line.id, input.now);
    await emitEvent(tx, {
      type: 'order.files_attached', orderId: order.id,
      data: { orderId: order.id, number: order.number, lineId: line.id, uploadId: input.uploadId, linesWithoutFiles: awaited.length - 1 },
    }, input.now);
    if (awaited.length > 1) return;
    // The engineer who asked for them judges the new files: the order goes back to their review, not on.
    if (request) {
      await backToReview(tx, order.id, input.now);
      return;
    }
    if (review || lines.some((one) => one.dfmReview)) {
      // A line also goes for an engineer's review: the check stays held, now for that review, until the operator
      // releases it; the customer is told what it waits for now.
      const holdReason = storedHoldReason('dfmReview');
      await tx.update(orders).set({ filesAwaited: false, holdCode: 'dfmReview', holdReason }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({
        orderId: order.id, status: order.status, held: true, action: 'hold', note: holdReason, noteCode: 'dfmReview', at: input.now,
      });
      await emitOrderHold(tx, order.id, 'system', input.now);
      await notifyOrderChange(tx, order.id, input.now);
      return;
    }
    await tx.update(orders).set({ filesAwaited: false }).where(eq(orders.id, order.id));
    await applyOrderAction(tx, { orderId: order.id, action: 'release', now: input.now, by: 'files', letters: input.letters });
  });
}
