import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { defaultParams, type ProductType, type ProjectParams } from '../../src/contract/board';
import type { BoardAnalysis, BoardMeasurements } from '../../src/contract/board-files';
import type { Gateway } from '../../server/app';
import { sourceKey } from '../../server/board-jobs/upload-keys';
import { boardUploadFiles, boardUploads } from '../../server/board-jobs/schema';
import { clients, users } from '../../server/db/schema';
import { projects, projectVersions } from '../../server/projects/schema';

/**
 * Measured as the smallest board the factory makes, one copper layer and no holes: any parameters cover it (they
 * are held to the files), and the files were measured (unmeasured files go for an engineer's review).
 */
export const SMALLEST_MEASURED: BoardMeasurements = {
  widthMm: 5, heightMm: 5, sizeFromOutline: true, layerCount: 1, copperLayers: ['top'], drillHits: 0, smallestHoleMm: null,
  holeSizesMm: [], pasteTop: false, pasteBottom: false, pasteWidthMm: null, pasteHeightMm: null,
};

/** The smallest analysis the contract accepts: identified files (two by default), measured as given. */
function analysisOf(uploadId: string, archiveName: string, files = 2, measurements: BoardMeasurements | null = SMALLEST_MEASURED): BoardAnalysis {
  return {
    uploadId, archiveName, measurements, alerts: [],
    files: Array.from({ length: files }, (_, index) => ({
      id: `f${index + 1}`, name: `board-${index + 1}.gbr`, bytes: 1000, format: 'gerber' as const, type: 'copper' as const,
      side: index === 0 ? 'top' as const : 'bottom' as const, identifiedBy: 'name' as const, order: index, hidden: false, error: null,
    })),
    images: { top: `/files/boards/${uploadId}/top.svg`, bottom: `/files/boards/${uploadId}/bottom.svg`, layers: {} },
  };
}

/** The seeded data's first client and first user: an owner for uploads made straight in the database. */
export async function firstOwner(gw: Gateway): Promise<{ clientId: number; userId: number }> {
  const [client] = await gw.db.select({ id: clients.id }).from(clients).limit(1);
  const [user] = await gw.db.select({ id: users.id }).from(users).limit(1);
  return { clientId: client?.id ?? 0, userId: user?.id ?? 0 };
}

/** An upload row straight in the database, as the board files routes leave it after processing. */
export async function makeUpload(
  gw: Gateway, values: {
    clientId: number; userId: number; status?: 'processing' | 'done' | 'failed'; files?: number; name?: string;
    measurements?: BoardMeasurements | null;
  },
): Promise<string> {
  const id = randomUUID();
  const status = values.status ?? 'done';
  const archiveName = values.name ?? `${id.slice(0, 8)}.zip`;
  await gw.db.insert(boardUploads).values({
    id, clientId: values.clientId, userId: values.userId, archiveName, status,
    step: status === 'done' ? 'check' : 'identify', analysis: status === 'done' ? analysisOf(id, archiveName, values.files, values.measurements) : null,
  });
  return id;
}

/** An upload's files as the Upload call stores them: bytes in the gateway's file store, metadata in the database. */
export async function storeUploadFiles(gw: Gateway, uploadId: string, files: { name: string; content: string }[]): Promise<void> {
  for (const [index, file] of files.entries()) {
    const fileId = `f${index + 1}`;
    const bytes = Buffer.from(file.content);
    await gw.context.files.put(sourceKey(uploadId, fileId), bytes);
    await gw.db.insert(boardUploadFiles).values({ uploadId, fileId, name: file.name, bytes: bytes.length, storeKey: sourceKey(uploadId, fileId) });
  }
}

export interface ProjectFixture {
  clientId: number;
  ownerUserId: number;
  title: string;
  status?: 'actual' | 'draft' | 'archive';
  productType?: ProductType;
  isFavorite?: boolean;
  price?: number | null;
  createdAt?: Date;
  updatedAt?: Date;
  uploadId?: string | null;
  params?: ProjectParams;
}

/** A project with its version 1 straight in the database (list fixtures need set dates and prices). */
export async function makeProject(gw: Gateway, fixture: ProjectFixture): Promise<number> {
  const productType = fixture.productType ?? 'pcb';
  const params = fixture.params ?? defaultParams(productType);
  const price = fixture.price === undefined ? 1000 : fixture.price;
  const at = fixture.updatedAt ?? new Date('2025-08-01T10:00:00Z');
  const [row] = await gw.db.insert(projects).values({
    clientId: fixture.clientId, ownerUserId: fixture.ownerUserId, title: fixture.title, status: fixture.status ?? 'draft',
    productType, isFavorite: fixture.isFavorite ?? false, quantity: params.quantity, params, price,
    quote: price === null ? null : { total: price, perUnit: price / params.quantity, days: 5, lines: [], tableVersion: 'test' },
    createdAt: fixture.createdAt ?? at, updatedAt: at,
  }).returning({ id: projects.id });
  if (!row) throw new Error('project not created');
  const [version] = await gw.db.insert(projectVersions).values({
    projectId: row.id, number: 1, uploadId: fixture.uploadId ?? null, params, createdAt: fixture.createdAt ?? at,
  }).returning({ id: projectVersions.id });
  await gw.db.update(projects).set({ currentVersionId: version?.id ?? null }).where(eq(projects.id, row.id));
  return row.id;
}

export const PAGE = (page = 1, itemsOnPage = 20) => ({ pagination: { page, itemsOnPage } });
