import { array, enums, integer, nullable, number, object, size, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { entityId } from './fields';

export const DELIVERY_CHANNELS = ['sms', 'flashcall', 'email'] as const;

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed'] as const;

/** A message of the outbox: without a provider or mail server configured (development) it ends here. */
export const outboxMessage = object({
  id: number(),
  channel: enums(DELIVERY_CHANNELS),
  status: enums(OUTBOX_STATES),
  /** Why the last try failed, or why a flash call went as an SMS. */
  error: nullable(string()),
  recipient: string(),
  subject: string(),
  body: string(),
  /** The code the message carries, for tests and for reading codes by hand. */
  code: nullable(string()),
  createdAt: string(),
});
export type OutboxMessage = Infer<typeof outboxMessage>;

/** Answered 404 when NODE_ENV=production. */
export const listOutbox = defineCall({
  method: 'GET', path: '/dev/outbox', access: 'anonymous', response: array(outboxMessage),
});

/** Gives the caller `count` varied notifications (as `npm run admin -- demo-notifications`); answered 404 in production. */
export const createDemoNotifications = defineCall({
  method: 'POST', path: '/dev/notifications', access: 'user',
  body: object({ count: size(integer(), 1, 1000) }), response: object({ created: number() }),
});

/**
 * Gives a client `count` generated orders of three lines each (numbers 'ББ-…'), for browser tests of long lists; the
 * caller must be a member of the client. Answered 404 in production.
 */
export const seedDevOrders = defineCall({
  method: 'POST', path: '/dev/SeedOrders', access: 'user',
  body: object({ clientId: entityId, count: size(integer(), 1, 100_000) }), response: object({ created: number() }),
});
