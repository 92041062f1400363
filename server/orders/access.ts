import { editsOrderingData } from '../../src/contract/clients';
import { clientRowReader, type ClientNeed } from '../client-access/check';
import { orders } from './schema';

export type OrderRow = typeof orders.$inferSelect;

/** What a call needs of the caller's role in the order's client: any member, or roles 1, 2, 3, 5 (ordering). */
const ORDER_NEEDS = {
  member: 'member',
  order: { may: editsOrderingData, forbidden: 'orderRoleForbidden' },
} as const satisfies Record<string, ClientNeed>;

/** The order with the caller's role in its client: 404 for a missing id and another client's, 403 too low a role. */
export const requireOrder = clientRowReader(orders, ORDER_NEEDS, 'orderNotFound');

/** Reviews and complaints are about boards the customer has: in stock or shipped. */
export const isReceived = (status: string): boolean => status === 'in_stock' || status === 'shipped';
