import { number, object, optional, type Infer } from 'superstruct';
import { defineCall } from './call';
import { entityId } from './fields';

/** Menu counters of the product spec's entities, computed by the gateway from the user's projects, orders, cart and favourites. */
export const counters = object({
  projects: object({ totalActual: number(), totalDraft: number() }),
  orders: object({ total: number(), waitingForPayment: number() }),
  basket: object({ price: number(), total: number() }),
  favorite: object({ totalProject: number(), totalOrder: number() }),
  /** Server time of the computation, seconds since the epoch. */
  updatedAt: number(),
});
export type Counters = Infer<typeof counters>;

export const countersV2 = defineCall({
  method: 'GET', path: '/catalog-viewer/v2/other/counters', access: 'user', response: counters,
});

/** v1 counters: keyed by main-menu code (index, drafts, projects, baskets, orders, atWork). */
export const menuCounters = object({
  index: number(), drafts: number(), projects: number(), baskets: number(), orders: number(), atWork: number(),
});
export type MenuCounters = Infer<typeof menuCounters>;

export const countersV1 = defineCall({
  method: 'GET', path: '/catalog-viewer/v1/other/counters', access: 'user', response: menuCounters,
});

export const clientCountersRequest = object({ clientId: entityId });
export const clientCounters = object({
  clientId: number(),
  projects: object({ totalActual: number(), totalDraft: number() }),
  orders: object({ total: number(), waitingForPayment: number() }),
  users: number(),
  updatedAt: optional(number()),
});
export type ClientCounters = Infer<typeof clientCounters>;

export const countersClient = defineCall({
  method: 'POST', path: '/catalog-viewer/v2/other/counters-client', access: 'user',
  body: clientCountersRequest, response: clientCounters,
});
