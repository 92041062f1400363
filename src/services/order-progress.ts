import { ORDER_STATUSES, type Order, type OrderHistoryEntry, type OrderStatus } from '../contract/orders';

/* What the order page shows of the history: the lifecycle steps with the date each was reached, and the entries. */

/** The lifecycle an order goes through, in order (docs/decisions.md "Orders"); `canceled` leaves it. */
export const ORDER_STEPS = ORDER_STATUSES.filter((status) => status !== 'canceled');

export interface OrderStep {
  status: OrderStatus;
  state: 'done' | 'current' | 'upcoming';
  /** When the order first came to this status; null while it has not. */
  reachedAt: string | null;
  /** The current step while the manufacturer holds the order. */
  held: boolean;
}

const chronological = (history: readonly OrderHistoryEntry[]) => [...history].sort((a, b) => a.at.localeCompare(b.at));

/**
 * The stepper: steps before the current one are done, the current one carries the hold, later ones are ahead. A
 * cancelled order keeps the steps it reached as done and ends with 'canceled' as its current step.
 */
export function orderProgress(order: Pick<Order, 'status' | 'holdReason' | 'history' | 'statusChangedAt'>): OrderStep[] {
  const history = chronological(order.history);
  const reached = (status: OrderStatus) => history.find((entry) => entry.status === status)?.at ?? null;
  const held = order.holdReason !== null;
  if (order.status === 'canceled') {
    const passed: OrderStep[] = ORDER_STEPS.map((status) => ({
      status,
      state: reached(status) ? 'done' : 'upcoming',
      reachedAt: reached(status),
      held: false,
    }));
    return [
      ...passed.filter((step) => step.state === 'done'),
      { status: 'canceled', state: 'current', reachedAt: reached('canceled') ?? order.statusChangedAt, held: false },
    ];
  }
  const current = ORDER_STEPS.indexOf(order.status);
  return ORDER_STEPS.map((status, index) => {
    if (index < current) return { status, state: 'done', reachedAt: reached(status), held: false };
    if (index === current) return { status, state: 'current', reachedAt: reached(status) ?? order.statusChangedAt, held };
    return { status, state: 'upcoming', reachedAt: null, held: false };
  });
}

/** What one history entry tells: a new status, a hold, or the end of a hold. */
export type OrderEventKind = 'status' | 'held' | 'released';
export interface OrderEvent extends OrderHistoryEntry {
  kind: OrderEventKind;
}

/** The history, newest first, each entry named by what happened compared with the one before it. */
export function orderEvents(history: readonly OrderHistoryEntry[]): OrderEvent[] {
  const ordered = chronological(history);
  return ordered.map((entry, index): OrderEvent => {
    const previous = ordered[index - 1];
    if (entry.held) return { ...entry, kind: 'held' };
    if (previous?.held && previous.status === entry.status) return { ...entry, kind: 'released' };
    return { ...entry, kind: 'status' };
  }).reverse();
}
