import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Cart, CartLine } from '../../src/contract/cart';
import { PROJECT_STATUSES, type ProjectStatus } from '../../src/contract/projects';
import type { Db } from '../db/connect';
import { cartItems } from './schema';
import { boardUploads } from '../board-jobs/schema';
import { clients } from '../db/schema';
import { currentVersion, projects, projectVersions, versionUpload } from '../projects/schema';
import { roundKopecks } from '../pricing/quote-lines';
import { previewUrlOf } from '../projects/view';
import { visibleLinesOf } from './lines';

const statusOf = (value: string): ProjectStatus => PROJECT_STATUSES.find((status) => status === value) ?? 'draft';

/** The lines with their project, client and picture in one query; `where` narrows the user's visible lines. */
function selectLines(db: Db, userId: number, where?: SQL) {
  return db.select({
    id: cartItems.id,
    projectId: projects.id,
    title: projects.title,
    productType: projects.productType,
    projectStatus: projects.status,
    clientId: projects.clientId,
    clientName: clients.name,
    quantity: cartItems.quantity,
    price: cartItems.price,
    dfmReview: cartItems.dfmReview,
    quote: projects.quote,
    uploadId: projectVersions.uploadId,
    uploadStatus: boardUploads.status,
    dfmReviewReason: boardUploads.dfmReviewReason,
  }).from(cartItems)
    .innerJoin(projects, eq(projects.id, cartItems.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .leftJoin(projectVersions, currentVersion)
    .leftJoin(boardUploads, versionUpload)
    .where(and(visibleLinesOf(userId), where))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

type LineRow = Awaited<ReturnType<typeof selectLines>>[number];

/** The per-piece price and the days are derived from the stored line price, so they never disagree with it. */
function lineToWire(row: LineRow): CartLine {
  const priced = row.price !== null;
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    productType: row.productType,
    projectStatus: statusOf(row.projectStatus),
    clientId: row.clientId,
    clientName: row.clientName,
    quantity: row.quantity,
    price: row.price,
    unitPrice: row.price === null ? null : roundKopecks(row.price / row.quantity),
    days: priced ? row.quote?.days ?? null : null,
    previewUrl: previewUrlOf(row.uploadId ?? null, row.uploadStatus ?? null),
    hasFiles: row.uploadId !== null && row.uploadStatus === 'done',
    dfmReview: row.dfmReview,
    ...(row.dfmReview && row.dfmReviewReason ? { dfmReviewReason: row.dfmReviewReason } : {}),
  };
}

/** The signed-in user's cart, oldest line first; lines marked 'Оценка' add nothing to the total. */
export async function getCart(db: Db, userId: number): Promise<Cart> {
  const lines = (await selectLines(db, userId)).map(lineToWire);
  const total = roundKopecks(lines.reduce((sum, line) => sum + (line.price ?? 0), 0));
  return { lines, total };
}

/** One visible line of the user's cart, or null. */
export async function getCartLine(db: Db, userId: number, lineId: number): Promise<CartLine | null> {
  const [row] = await selectLines(db, userId, eq(cartItems.id, lineId));
  return row ? lineToWire(row) : null;
}
