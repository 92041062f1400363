import { setup } from 'xstate';
import { FIRST_ORDER_STATUS, ORDER_LIFECYCLE, type OrderMoves } from '../../contract/order-lifecycle';

/**
 * The life of an order as a statechart, built from the contract's table (src/contract/order-lifecycle.ts) that the
 * gateway applies: the visualizer and the path tests see exactly the rule the gateway enforces.
 */
export type OrderLifecycleEvent =
  | { type: 'approve' }
  | { type: 'hold'; reason: string }
  | { type: 'release' }
  | { type: 'pay' }
  | { type: 'finish' }
  | { type: 'ship'; trackingNumber: string | null }
  | { type: 'cancel' };

const isStatus = (target: string) => target in ORDER_LIFECYCLE;

/** A stage's move to another status leaves the status by its id; any other move stays beside its source. */
const transitionsOf = (moves: OrderMoves, fromStage: boolean) =>
  Object.fromEntries(Object.entries(moves).map(([action, target]) =>
    [action, { target: fromStage && isStatus(target) ? `#orderLifecycle.${target}` : target }]));

const statesOf = () => Object.fromEntries(Object.entries(ORDER_LIFECYCLE).map(([status, { stages, on }]) => {
  const hasMoves = Object.keys(on).length > 0;
  if (!stages && !hasMoves) return [status, { type: 'final' as const }];
  return [status, {
    ...(stages && {
      initial: stages.initial,
      states: Object.fromEntries(Object.entries(stages.moves).map(([stage, moves]) => [stage, { on: transitionsOf(moves, true) }])),
    }),
    ...(hasMoves && { on: transitionsOf(on, false) }),
  }];
}));

export const orderLifecycleMachine = setup({
  types: {
    events: {} as OrderLifecycleEvent,
  },
}).createMachine({
  id: 'orderLifecycle',
  initial: FIRST_ORDER_STATUS,
  states: statesOf(),
});
