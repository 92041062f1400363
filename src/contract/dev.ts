import { array, enums, integer, nullable, number, object, size, string, type Infer } from 'superstruct';
import { defineCall } from './call';

export const DELIVERY_CHANNELS = ['sms', 'flashcall', 'email'] as const;

/** A message the gateway delivered; out of the box they land here instead of a real SMS or mail provider. */
export const outboxMessage = object({
  id: number(),
  channel: enums(DELIVERY_CHANNELS),
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
