/** Processes a signed-in user starts (credential change, reserve confirmation, client restoration). */
import { randomUUID } from 'node:crypto';
import { is, type Struct } from 'superstruct';
import { loadProcess, PROCESS_TTL_SECONDS, type ProcessKind, type ProcessRow } from './codes';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { authProcesses } from './schema';
import { ApiError } from '../http/errors';

export const processNotFound = (field: string): ApiError =>
  new ApiError(404, 'processNotFound', {}, { field, code: 'process_not_found' });

/** A live process of the signed-in user; another user's process answers exactly like an unknown one. */
export async function loadOwnProcess(
  ctx: GatewayContext, userId: number, id: string, kind: ProcessKind, field: string,
): Promise<ProcessRow> {
  const row = await loadProcess(ctx, id, kind, field);
  if (row.userId !== userId) throw processNotFound(field);
  return row;
}

export async function insertProcess(
  ctx: GatewayContext, db: Db, values: { kind: ProcessKind; userId: number; step: string; payload: Record<string, unknown>; email?: string },
): Promise<ProcessRow> {
  const now = ctx.now();
  const [row] = await db.insert(authProcesses).values({
    id: randomUUID(), ...values, createdAt: now, expiresAt: new Date(now.getTime() + PROCESS_TTL_SECONDS * 1000),
  }).returning();
  if (!row) throw new Error(`${values.kind} process was not stored`);
  return row;
}

/** The payload the process was started with; a payload of another shape is a bug, not a user error. */
export function readPayload<T>(row: ProcessRow, struct: Struct<T, unknown>): T {
  const payload: unknown = row.payload;
  if (!is(payload, struct)) throw new Error(`process ${row.id} carries an unexpected payload`);
  return payload;
}
