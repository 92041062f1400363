import { asc, eq } from 'drizzle-orm';
import { countCartLines, putCartLine } from '../cart/lines';
import type { Db } from '../db/connect';
import { requireManufacturable } from '../projects/manufacturable';
import type { Lang } from '../http/messages';
import { projects } from '../projects/schema';
import { projectSetItems } from './schema';
import { requireProjectCoversFiles } from '../projects/measured';
import { ApiError } from '../http/errors';
import type { ProjectSetRow } from './access';

/**
 * Only a kit goes to the cart: its quantities are what one product needs, while a folder's are just a note.
 * Every orderable project of the kit (actual, with a quote) becomes or updates a line of the caller's own cart
 * with the kit's quantity; the others are skipped and counted. All lines or none: if a project stops being
 * orderable while the kit is added, or one has DFM errors the caller did not send for review (the same
 * rule as AddProject, 400 naming the project), or parameters below its files, nothing is added and the
 * caller may try again.
 */
export async function addProjectSetToCart(
  db: Db, set: ProjectSetRow, userId: number, now: Date, dfm: { lang: Lang; review: boolean },
): Promise<{ cartTotal: number; added: number; skipped: number }> {
  if (set.kind !== 'kit') throw new ApiError(409, 'projectSetNotKit', {}, { field: 'id', code: 'not_kit' });
  return db.transaction(async (tx) => {
    const items = await tx.select({ project: projects, quantity: projectSetItems.quantity }).from(projectSetItems)
      .innerJoin(projects, eq(projects.id, projectSetItems.projectId))
      .where(eq(projectSetItems.setId, set.id))
      .orderBy(asc(projectSetItems.addedAt), asc(projectSetItems.projectId));
    const orderable = items.filter(({ project }) => project.status === 'actual' && project.quote !== null);
    for (const { project, quantity } of orderable) {
      const unmeasured = await requireProjectCoversFiles(tx, project, dfm.lang, { field: 'id' });
      const review = await requireManufacturable(tx, project, dfm.lang, dfm.review, { field: 'id', kind: 'kit' });
      await putCartLine(tx, project, userId, quantity, now, review || unmeasured);
    }
    return { cartTotal: await countCartLines(tx, userId), added: orderable.length, skipped: items.length - orderable.length };
  });
}
