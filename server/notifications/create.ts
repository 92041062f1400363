import { validate, type Struct, type StructError } from 'superstruct';
import {
  notificationContents, notificationTypes, type NotificationContent, type NotificationType,
} from '../../src/contract/notifications';
import type { Db } from '../db/connect';
import { notifications } from './schema';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * What produces a notification. A caller naming a known type gets its content checked by the compiler as well;
 * the admin command passes a type and content it read from the command line, which only the run-time check sees.
 */
export interface NotificationDraft<T extends string = string> {
  userId: number;
  type: T;
  content: T extends NotificationType ? NotificationContent<T> : unknown;
  /** Defaults to `now`; the demo data dates its notifications in the past. */
  createdAt?: Date;
  readAt?: Date | null;
}

/** Content that does not match its type's struct; `field` names the first offending field. */
export class NotificationContentError extends Error {
  constructor(message: string, readonly field: string | null) {
    super(message);
    this.name = 'NotificationContentError';
  }
}

const isNotificationType = (type: string): type is NotificationType => (notificationTypes as string[]).includes(type);

/** PostgreSQL's jsonb cannot hold U+0000, so such a string is refused here rather than failing in the insert. */
const nulField = (content: Record<string, unknown>): string | undefined =>
  Object.keys(content).find((key) => { const value = content[key]; return typeof value === 'string' && value.includes('\u0000'); });

type Checker = (value: unknown) => [StructError, undefined] | [undefined, Record<string, unknown>];
const checkerOf = <T extends Record<string, unknown>, S>(struct: Struct<T, S>): Checker => (value) => validate(value, struct);

/** One checker per notification type; a type added to the contract without one here does not compile. */
const checkers: Record<NotificationType, Checker> = {
  ClientAccessRequest: checkerOf(notificationContents.ClientAccessRequest),
  ClientAccessRequestDecision: checkerOf(notificationContents.ClientAccessRequestDecision),
  InvitationToClient: checkerOf(notificationContents.InvitationToClient),
  InvitationResult: checkerOf(notificationContents.InvitationResult),
  ClientRoleChanging: checkerOf(notificationContents.ClientRoleChanging),
  Looser: checkerOf(notificationContents.Looser),
  OrderStatusChanged: checkerOf(notificationContents.OrderStatusChanged),
  ComplaintStatusChanged: checkerOf(notificationContents.ComplaintStatusChanged),
};

function checkedContent(type: string, content: unknown): Record<string, unknown> {
  if (!isNotificationType(type)) {
    throw new NotificationContentError(`Unknown notification type "${type}"; known: ${notificationTypes.join(', ')}`, null);
  }
  const [failure, value] = checkers[type](content);
  if (failure) {
    const first = failure.failures()[0] ?? failure;
    const field = first.path.map(String).join('.') || null;
    throw new NotificationContentError(`Content of ${type}: ${field ? `field "${field}": ` : ''}${first.message}`, field);
  }
  const bad = nulField(value);
  if (bad !== undefined) throw new NotificationContentError(`Content of ${type}: field "${bad}" contains U+0000`, bad);
  return value;
}

/** Rows per INSERT: far below PostgreSQL's 65535 bind parameters (5 per row). */
const BATCH = 1000;

/**
 * Stores notifications after checking every content against `notificationContents[type]`; nothing is stored when
 * any draft is refused. Pass a transaction as `db` to make them part of a larger change.
 */
export async function createNotifications(db: Db, drafts: readonly NotificationDraft[], now: Date): Promise<NotificationRow[]> {
  const values = drafts.map((draft) => ({
    userId: draft.userId,
    type: draft.type,
    content: checkedContent(draft.type, draft.content),
    createdAt: draft.createdAt ?? now,
    readAt: draft.readAt ?? null,
  }));
  if (values.length === 0) return [];
  if (values.length <= BATCH) return db.insert(notifications).values(values).returning();
  // Several statements: all or none.
  return db.transaction(async (tx) => {
    const rows: NotificationRow[] = [];
    for (let start = 0; start < values.length; start += BATCH) {
      rows.push(...await tx.insert(notifications).values(values.slice(start, start + BATCH)).returning());
    }
    return rows;
  });
}

/** The one way a notification comes to be: real events (invites, access requests, role changes) call this. */
export async function createNotification<T extends string>(db: Db, draft: NotificationDraft<T>, now: Date): Promise<NotificationRow> {
  const [row] = await createNotifications(db, [draft], now);
  if (!row) throw new Error('notification not stored');
  return row;
}
