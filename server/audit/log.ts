import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { isOneOf } from '../../src/contract/fields';
import {
  AUDIT_TARGET_TYPES, STAFF_AUDIT_ACTIONS, type AuditEntry, type AuditTargetType, type StaffAuditAction,
} from '../../src/contract/staff';
import type { Db } from '../db/connect';
import { staffAudit } from './schema';
import { staffMembers } from '../db/schema';

/** Who did it: a signed-in member, or the command line with the operator key. */
export type Actor = { staffId: number } | 'cli';

/** Who makes a change, and in which request: what its audit row records. */
export interface Change { actor: Actor; requestId: string }

export interface AuditRecord {
  actor: Actor;
  action: StaffAuditAction;
  targetType: AuditTargetType;
  targetId: string | number;
  /** What the target was and became; callers pass only what may be read (no secret, no password hash). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  requestId: string;
  at: Date;
}

/** One row per change, written in the change's own transaction so neither lands without the other. */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(staffAudit).values({
    actor: record.actor === 'cli' ? 'cli' : 'staff',
    actorStaffId: record.actor === 'cli' ? null : record.actor.staffId,
    at: record.at, action: record.action, targetType: record.targetType, targetId: String(record.targetId),
    before: record.before ?? null, after: record.after ?? null, requestId: record.requestId,
  });
}

export interface AuditFilter {
  actor?: number | 'cli';
  action?: StaffAuditAction;
  from?: Date;
  to?: Date;
  beforeId?: number;
}

const PAGE = 100;
const isAction = isOneOf(STAFF_AUDIT_ACTIONS);
const isTargetType = isOneOf(AUDIT_TARGET_TYPES);

/** Rows are written from the contract's list only; another value is a broken row. */
function actionOf(value: string): StaffAuditAction {
  if (!isAction(value)) throw new Error(`Unknown audit action ${value}`);
  return value;
}

function targetTypeOf(value: string): AuditTargetType {
  if (!isTargetType(value)) throw new Error(`Unknown audit target ${value}`);
  return value;
}

/** Newest first, a page at a time. */
export async function listAudit(db: Db, filter: AuditFilter): Promise<{ entries: AuditEntry[]; nextBeforeId: number | null }> {
  const where: SQL[] = [];
  if (filter.actor === 'cli') where.push(eq(staffAudit.actor, 'cli'));
  else if (filter.actor !== undefined) where.push(eq(staffAudit.actorStaffId, filter.actor));
  if (filter.action) where.push(eq(staffAudit.action, filter.action));
  if (filter.from) where.push(gte(staffAudit.at, filter.from));
  if (filter.to) where.push(lte(staffAudit.at, filter.to));
  if (filter.beforeId) where.push(lt(staffAudit.id, filter.beforeId));
  const rows = await db.select().from(staffAudit).where(and(...where)).orderBy(desc(staffAudit.id)).limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const actorIds = [...new Set(page.flatMap((row) => (row.actorStaffId === null ? [] : [row.actorStaffId])))];
  const names = new Map((actorIds.length === 0 ? [] : await db.select({ id: staffMembers.id, name: staffMembers.name })
    .from(staffMembers).where(inArray(staffMembers.id, actorIds))).map((row) => [row.id, row.name]));
  return {
    entries: page.map((row) => ({
      id: row.id,
      actor: row.actorStaffId === null ? 'cli' as const : { staffId: row.actorStaffId, name: names.get(row.actorStaffId) ?? '' },
      at: row.at.toISOString(),
      action: actionOf(row.action),
      targetType: targetTypeOf(row.targetType),
      targetId: row.targetId, before: row.before, after: row.after, requestId: row.requestId,
    })),
    nextBeforeId: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}
