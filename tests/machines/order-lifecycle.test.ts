import { describe, expect, it } from 'vitest';
import { createActor, transition, type StateValue } from 'xstate';
import type { OrderAction } from '../../src/contract/orders';
import { orderLifecycleMachine, type OrderLifecycleEvent } from '../../src/machines/order-lifecycle/order-lifecycle';
import { lifecycleCases, type LifecycleState } from '../order-lifecycle-table';

// The machine is built from the contract's table: walked here against the lifecycle written out by hand, so the
// diagram the visualizer draws is the rule the gateway applies (tests/unit/order-lifecycle.test.ts checks the table).

const valueOf = ({ status, held }: LifecycleState): StateValue => {
  if (status === 'on_check') return { on_check: held ? 'held' : 'checking' };
  if (status === 'in_progress') return { in_progress: held ? 'held' : 'producing' };
  return status;
};

const eventOf = (action: OrderAction): OrderLifecycleEvent => {
  if (action === 'hold') return { type: 'hold', reason: 'Нет контура платы' };
  if (action === 'ship') return { type: 'ship', trackingNumber: null };
  return { type: action };
};

describe('the order lifecycle machine follows the lifecycle of docs/decisions.md', () => {
  it('starts an order on the engineer\'s check', () => {
    expect(createActor(orderLifecycleMachine).getSnapshot().value).toEqual({ on_check: 'checking' });
  });

  for (const { from, action, to } of lifecycleCases()) {
    it(`${from.name} + ${action} → ${to ? to.name : 'refused'}`, () => {
      const snapshot = orderLifecycleMachine.resolveState({ value: valueOf(from) });
      expect(snapshot.can(eventOf(action))).toBe(to !== null);
      if (to) expect(transition(orderLifecycleMachine, snapshot, eventOf(action))[0].value).toEqual(valueOf(to));
    });
  }

  it('ends at shipped and at canceled', () => {
    for (const status of ['shipped', 'canceled'] as const) {
      expect(orderLifecycleMachine.resolveState({ value: status }).status).toBe('done');
    }
  });
});
