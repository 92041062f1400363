import type { SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';

/**
 * What outside the board pipeline holds an upload: project versions keep it from the sweep, an order or a cart
 * freezes it. The areas that hold uploads answer (server/orders/upload-holders.ts), so the pipeline imports none of
 * them and they may import the pipeline.
 */
export interface UploadHolders {
  /** Whether an order or a cart holds the upload; the caller holds its row locked. */
  isFrozen(db: Db, uploadId: string): Promise<boolean>;
  /** The rows that keep the upload in `uploadId` (a column of the sweep's query) from the sweep. */
  keepers(db: Db, uploadId: AnyPgColumn): SQLWrapper;
}
