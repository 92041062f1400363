import type { OrderAction, OrderStatus } from './orders';

/**
 * The life of an order, driven by the manufacturer (docs/decisions.md, "Orders"). The files are checked by an
 * engineer before the invoice is issued, as PCBWay does, so a customer never pays for a board that fails review.
 * A check or the production can be held with a reason the customer sees; the customer may cancel until payment.
 *
 * One table for both sides: the gateway applies operator actions through `nextOrderState`, and the order lifecycle
 * machine (src/machines/order-lifecycle) is built from it, so the diagram in the visualizer is the rule the gateway
 * enforces, not a picture of it.
 */

/** The stages of a status that can be held: it runs in its first stage, or is held. */
export type OrderStage = 'checking' | 'producing' | 'held';

/** Where each action leads: a status, or another stage of the same status. */
export type OrderMoves = Partial<Record<OrderAction, OrderStatus | OrderStage>>;

export interface OrderLifecycleStatus {
  /** The stage the status is entered in, and every stage's own moves (tried before the status' `on`). */
  stages?: { initial: OrderStage; moves: Partial<Record<OrderStage, OrderMoves>> };
  /** Moves taken in any stage of the status; a status with no moves and no stages is final. */
  on: OrderMoves;
}

export const ORDER_LIFECYCLE: Readonly<Record<OrderStatus, OrderLifecycleStatus>> = {
  on_check: {
    stages: {
      initial: 'checking',
      moves: { checking: { approve: 'waiting_for_payment', hold: 'held' }, held: { release: 'checking' } },
    },
    on: { cancel: 'canceled' },
  },
  waiting_for_payment: { on: { pay: 'in_progress', cancel: 'canceled' } },
  in_progress: {
    stages: {
      initial: 'producing',
      moves: { producing: { finish: 'in_stock', hold: 'held' }, held: { release: 'producing' } },
    },
    on: {},
  },
  in_stock: { on: { ship: 'shipped' } },
  shipped: { on: {} },
  canceled: { on: {} },
};

/** The status every placed order starts in. */
export const FIRST_ORDER_STATUS: OrderStatus = 'on_check';

/** An order as the database keeps it: its status and whether the current stage is held. */
export interface OrderState {
  status: OrderStatus;
  held: boolean;
  /**
   * Placed with 'файлы пришлю позже': the check is held until the customer attaches the files, and
   * nothing but the files (or a cancellation) moves it on, whoever asks: the operator, `Next`, the demo simulator.
   */
  filesAwaited?: boolean;
}

/** What an order awaiting its files still accepts; the files arriving release the check (server/orders/order-files.ts). */
const WHILE_FILES_AWAITED: readonly OrderAction[] = ['cancel'];

const isStatus = (target: OrderStatus | OrderStage): target is OrderStatus => target in ORDER_LIFECYCLE;

/** The state an action leads to, or null when the lifecycle does not take it there (the gateway answers 409). */
export function nextOrderState(current: OrderState, action: OrderAction): OrderState | null {
  if (current.filesAwaited === true && !WHILE_FILES_AWAITED.includes(action)) return null;
  const { stages, on } = ORDER_LIFECYCLE[current.status];
  // A held flag means nothing where nothing can be held.
  const stage = stages && (current.held ? 'held' : stages.initial);
  const target = (stage && stages?.moves[stage]?.[action]) ?? on[action];
  if (target === undefined) return null;
  return isStatus(target) ? { status: target, held: false } : { status: current.status, held: target === 'held' };
}

/** The actions an order in this state accepts, in the order the operator would usually take them. */
export function availableOrderActions(current: OrderState, actions: readonly OrderAction[]): OrderAction[] {
  return actions.filter((action) => nextOrderState(current, action) !== null);
}
