import { ORDER_ACTIONS, type OrderAction, type OrderStatus } from '../src/contract/orders';

/**
 * The order lifecycle of docs/decisions.md written out by hand, state by state: the tests of the machine and of
 * the gateway compare against this table, never against nextOrderState itself. Every action of ORDER_ACTIONS that
 * a state does not list must be refused there.
 */
export interface LifecycleState { name: string; status: OrderStatus; held: boolean }

export const STATES = {
  checking: { name: 'checking', status: 'on_check', held: false },
  checkHeld: { name: 'check held', status: 'on_check', held: true },
  waiting: { name: 'waiting for payment', status: 'waiting_for_payment', held: false },
  producing: { name: 'producing', status: 'in_progress', held: false },
  productionHeld: { name: 'production held', status: 'in_progress', held: true },
  inStock: { name: 'in stock', status: 'in_stock', held: false },
  shipped: { name: 'shipped', status: 'shipped', held: false },
  canceled: { name: 'canceled', status: 'canceled', held: false },
} as const satisfies Record<string, LifecycleState>;

type StateKey = keyof typeof STATES;

export const ALLOWED: Record<StateKey, Partial<Record<OrderAction, StateKey>>> = {
  checking: { approve: 'waiting', hold: 'checkHeld', cancel: 'canceled' },
  checkHeld: { release: 'checking', cancel: 'canceled' },
  waiting: { pay: 'producing', cancel: 'canceled' },
  producing: { finish: 'inStock', hold: 'productionHeld' },
  productionHeld: { release: 'producing' },
  inStock: { ship: 'shipped' },
  shipped: {},
  canceled: {},
};

export interface LifecycleCase { from: LifecycleState; action: OrderAction; to: LifecycleState | null }

/** Every state with every action: the state it leads to, or null when it must be refused. */
export function lifecycleCases(): LifecycleCase[] {
  return (Object.keys(STATES) as StateKey[]).flatMap((key) => ORDER_ACTIONS.map((action) => {
    const target = ALLOWED[key][action];
    return { from: STATES[key], action, to: target === undefined ? null : STATES[target] };
  }));
}
