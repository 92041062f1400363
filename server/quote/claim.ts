import { eq } from 'drizzle-orm';
import type { ProjectParams } from '../../src/contract/board';
import { putCartLine } from '../cart/lines';
import type { Db } from '../db/connect';
import { boardUploads } from '../board-jobs/schema';
import { projects } from '../projects/schema';
import { requireManufacturable } from '../projects/manufacturable';
import { ApiError } from '../http/errors';
import type { Lang } from '../http/messages';
import { requireParamsCoverFiles, requireProjectCoversFiles } from '../projects/measured';
import { insertProject, priceForm } from '../projects/save';
import { holdsQuote } from './access';

export interface QuoteClaim {
  uploadId: string | null;
  clientId: number;
  userId: number;
  title: string;
  params: ProjectParams;
  key: string | null;
  lang: Lang;
  now: Date;
}

/**
 * The quote becomes a project of the client in the caller's transaction, priced by the same `priceForm` as Create:
 * its upload (locked, so two tabs make one project; the other finds it gone, 404) turns the client's, or, entered
 * by hand, it has none. `status` is 'draft' for 'Сохранить проект', 'actual' for 'Заказать'.
 */
export async function claimInto(tx: Db, claim: QuoteClaim, status: 'draft' | 'actual'): Promise<number> {
  const { uploadId, clientId, userId, title, params } = claim;
  const form = priceForm({ clientId, title, params, uploadId, status });
  if (uploadId !== null) {
    const [row] = await tx.select().from(boardUploads).where(eq(boardUploads.id, uploadId)).for('update');
    const locked = row ?? null;
    if (!holdsQuote(locked, claim.key)) throw new ApiError(404, 'uploadNotFound', {}, { field: 'uploadId', code: 'not_found' });
    if (locked.status !== 'done') throw new ApiError(409, 'projectUploadNotReady', {}, { field: 'uploadId', code: 'uploadNotReady' });
    requireParamsCoverFiles(locked.analysis, params, claim.lang);
    await tx.update(boardUploads).set({ clientId, userId, quoteKeyHash: null }).where(eq(boardUploads.id, uploadId));
  }
  return insertProject(tx, { clientId, ownerUserId: userId, form, now: claim.now });
}

/**
 * 'Заказать': the quote is claimed ready to order and put into the user's cart in one transaction, so a
 * refusal leaves neither. The customer saw the DFM verdict above the button: a board that needs an engineer's review
 * goes into the cart for it, as AddProject with `dfmReview` does. The line's price is the quote's own arithmetic.
 */
export async function orderQuote(db: Db, claim: QuoteClaim): Promise<{ projectId: number; cartTotal: number; dfmReview: boolean }> {
  return db.transaction(async (tx) => {
    const projectId = await claimInto(tx, claim, 'actual');
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
    if (!project) throw new Error('the claimed project is missing');
    // Files never measured whole go for the review too, as they do from a project.
    const unmeasured = await requireProjectCoversFiles(tx, project, claim.lang, { field: 'uploadId' });
    const dfmReview = (await requireManufacturable(tx, project, claim.lang, true)) || unmeasured;
    const cartTotal = await putCartLine(tx, project, claim.userId, project.quantity, claim.now, dfmReview);
    return { projectId, cartTotal, dfmReview };
  });
}
