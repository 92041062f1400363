import { describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, ORDER_STATUSES } from '../../src/contract/orders';
import { availableOrderActions, nextOrderState } from '../../src/contract/order-lifecycle';
import { ALLOWED, lifecycleCases, STATES } from '../order-lifecycle-table';

describe('nextOrderState follows the lifecycle of docs/decisions.md', () => {
  for (const { from, action, to } of lifecycleCases()) {
    it(`${from.name} + ${action} → ${to ? to.name : 'refused'}`, () => {
      expect(nextOrderState({ status: from.status, held: from.held }, action)).toEqual(to ? { status: to.status, held: to.held } : null);
    });
  }

  it('covers every status of the contract and every action somewhere', () => {
    expect(new Set(Object.values(STATES).map((state) => state.status))).toEqual(new Set(ORDER_STATUSES));
    const used = new Set(Object.values(ALLOWED).flatMap((actions) => Object.keys(actions)));
    expect(used).toEqual(new Set(ORDER_ACTIONS));
  });

  it('ignores a held flag where nothing can be held', () => {
    expect(nextOrderState({ status: 'in_stock', held: true }, 'ship')).toEqual({ status: 'shipped', held: false });
    expect(nextOrderState({ status: 'waiting_for_payment', held: true }, 'release')).toBeNull();
  });

  it('lists the accepted actions in the order given', () => {
    expect(availableOrderActions({ status: 'on_check', held: false }, ORDER_ACTIONS)).toEqual(['approve', 'hold', 'cancel']);
    expect(availableOrderActions({ status: 'shipped', held: false }, ORDER_ACTIONS)).toEqual([]);
  });
});
