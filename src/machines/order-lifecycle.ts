import { setup, transition, type StateValue } from 'xstate';
import type { OrderAction, OrderStatus } from '../contract/orders';

/**
 * The life of an order, driven by the manufacturer (docs/decisions.md, "Orders"). The files are checked by an
 * engineer before the invoice is issued, as PCBWay does, so a customer never pays for a board that fails review.
 * A check or the production can be held with a reason the customer sees; the customer may cancel until payment.
 *
 * The gateway applies operator actions through `nextOrderState`, so the diagram in the visualizer is the rule the
 * gateway enforces, not a picture of it.
 */
export type OrderLifecycleEvent =
  | { type: 'approve' }
  | { type: 'hold'; reason: string }
  | { type: 'release' }
  | { type: 'pay' }
  | { type: 'finish' }
  | { type: 'ship'; trackingNumber: string | null }
  | { type: 'cancel' };

export const orderLifecycleMachine = setup({
  types: {
    events: {} as OrderLifecycleEvent,
  },
}).createMachine({
  id: 'orderLifecycle',
  initial: 'on_check',
  states: {
    on_check: {
      initial: 'checking',
      states: {
        checking: { on: { approve: { target: '#orderLifecycle.waiting_for_payment' }, hold: { target: 'held' } } },
        held: { on: { release: { target: 'checking' } } },
      },
      on: { cancel: { target: 'canceled' } },
    },
    waiting_for_payment: {
      on: { pay: { target: 'in_progress' }, cancel: { target: 'canceled' } },
    },
    in_progress: {
      initial: 'producing',
      states: {
        producing: { on: { finish: { target: '#orderLifecycle.in_stock' }, hold: { target: 'held' } } },
        held: { on: { release: { target: 'producing' } } },
      },
    },
    in_stock: {
      on: { ship: { target: 'shipped' } },
    },
    shipped: { type: 'final' },
    canceled: { type: 'final' },
  },
});

/** An order as the database keeps it: its status and whether the current stage is held. */
export interface OrderState {
  status: OrderStatus;
  held: boolean;
}

const HOLDABLE: ReadonlySet<OrderStatus> = new Set(['on_check', 'in_progress']);

function stateValueOf({ status, held }: OrderState): StateValue {
  if (status === 'on_check') return { on_check: held ? 'held' : 'checking' };
  if (status === 'in_progress') return { in_progress: held ? 'held' : 'producing' };
  return status;
}

function orderStateOf(value: StateValue): OrderState {
  if (typeof value === 'string') return { status: value as OrderStatus, held: false };
  const [status, sub] = Object.entries(value)[0] ?? [];
  return { status: status as OrderStatus, held: sub === 'held' };
}

const eventOf = (action: OrderAction): OrderLifecycleEvent => {
  if (action === 'hold') return { type: 'hold', reason: '' };
  if (action === 'ship') return { type: 'ship', trackingNumber: null };
  return { type: action };
};

/** The state an action leads to, or null when the machine does not take it there (the gateway answers 409). */
export function nextOrderState(current: OrderState, action: OrderAction): OrderState | null {
  const held = HOLDABLE.has(current.status) && current.held;
  const snapshot = orderLifecycleMachine.resolveState({ value: stateValueOf({ status: current.status, held }) });
  if (!snapshot.can(eventOf(action))) return null;
  const [next] = transition(orderLifecycleMachine, snapshot, eventOf(action));
  return orderStateOf(next.value);
}

/** The actions an order in this state accepts, in the order the operator would usually take them. */
export function availableOrderActions(current: OrderState, actions: readonly OrderAction[]): OrderAction[] {
  return actions.filter((action) => nextOrderState(current, action) !== null);
}
