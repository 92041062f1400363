import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';

/** What staff (or the command line) did to staff accounts and sessions: never a secret or a password hash. */
export const staffAudit = pgTable('staff_audit', {
  id: serial('id').primaryKey(),
  /** The acting member; null with actor 'cli'. */
  actorStaffId: integer('actor_staff_id'),
  actor: text('actor', { enum: ['staff', 'cli'] }).notNull(),
  at: at('at').notNull().defaultNow(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
  requestId: text('request_id').notNull().default(''),
}, (t) => [index('staff_audit_at_idx').on(t.at), index('staff_audit_actor_idx').on(t.actorStaffId, t.at)]);
