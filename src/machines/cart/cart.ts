import { assertEvent, assign, setup } from 'xstate';
import { isQuantityInRange } from '../../contract/board-checks';
import type { Cart } from '../../contract/cart';
import { readGatewayError } from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { errorOf } from '../shared/transitions';
import { isSettled, lineOf, shownQuantity, without, withLines } from './cart-rules';
import type { CartContext, CartEvent, QuantityChange, QuantityResult } from './cart-types';

/** A quantity is typed digit by digit: it is sent once the field rests this long. */
export const QUANTITY_DEBOUNCE_MS = 400;

/**
 * The signed-in user's cart. Quantities of any lines are typed freely; once the fields rest
 * QUANTITY_DEBOUNCE_MS, every changed line is sent at once and each answer lands on its line: a new price, or the
 * old quantity back with the gateway's words. A quantity no order could take stays as typed and is explained on its
 * line, never corrected nor sent (999999 never becomes 99999 silently). Removals go one at a time, the line leaving when the gateway agrees.
 * After each answer the menu counters are asked again (`notifyCartChanged`), so the header widget follows.
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    children: {} as { loadCart: 'loadCart'; saveQuantities: 'saveQuantities'; removeLine: 'removeLine' },
  },
  actors: {
    loadCart: notProvided<Cart>('loadCart'),
    saveQuantities: notProvided<QuantityResult[], { changes: QuantityChange[] }>('saveQuantities'),
    removeLine: notProvided<unknown, { lineId: number }>('removeLine'),
  },
  delays: { debounce: QUANTITY_DEBOUNCE_MS },
  actions: {
    notifyCartChanged: () => undefined,
    assignCart: assign((_, params: { cart: Cart }) => ({
      cart: params.cart,
      drafts: {},
      sending: {},
      invalid: {},
      removals: [],
      lineErrors: {},
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: readGatewayError(params.error).errorMessage })),
    assignDraft: assign(({ context, event }) => {
      assertEvent(event, 'cart.setQuantity');
      const line = lineOf(context, event.lineId);
      const saved = context.sending[event.lineId] ?? line?.quantity;
      // Typing the quantity already saved (or on its way) back in leaves nothing to send for the line.
      const drafts = event.quantity === saved ? without(context.drafts, [event.lineId]) : { ...context.drafts, [event.lineId]: event.quantity };
      return { drafts, invalid: without(context.invalid, [event.lineId]), lineErrors: without(context.lineErrors, [event.lineId]) };
    }),
    /** Kept as typed and not sent; what was waiting to be sent for the line is dropped, since it is not what is shown. */
    assignInvalid: assign(({ context, event }) => {
      assertEvent(event, 'cart.setQuantity');
      return {
        invalid: { ...context.invalid, [event.lineId]: event.quantity },
        drafts: without(context.drafts, [event.lineId]),
        lineErrors: without(context.lineErrors, [event.lineId]),
      };
    }),
    moveDraftsToSending: assign(({ context }) => ({ sending: { ...context.sending, ...context.drafts }, drafts: {} })),
    assignQuantityResults: assign(({ context }, params: { results: QuantityResult[] }) => {
      const answered = params.results.filter((result) => result.lineId in context.sending);
      const priced = new Map(answered.flatMap((result) => ('line' in result ? [[result.lineId, result.line] as const] : [])));
      const lineErrors = {
        ...without(
          context.lineErrors,
          answered.map((result) => result.lineId),
        ),
      };
      for (const result of answered) if ('error' in result) lineErrors[result.lineId] = result.error;
      const lines = (context.cart?.lines ?? []).map((line) => priced.get(line.id) ?? line);
      return {
        cart: withLines(lines),
        sending: without(
          context.sending,
          answered.map((r) => r.lineId),
        ),
        lineErrors,
      };
    }),
    /** An unexpected failure of the whole call: every sent line goes back to its saved quantity. */
    assignQuantitiesFailed: assign(({ context }, params: { error: unknown }) => {
      const message = readGatewayError(params.error).errorMessage;
      const lineErrors = { ...context.lineErrors };
      for (const id of Object.keys(context.sending)) lineErrors[Number(id)] = message;
      return { sending: {}, lineErrors };
    }),
    queueRemoval: assign(({ context, event }) => {
      assertEvent(event, 'cart.remove');
      return {
        removals: [...context.removals, event.lineId],
        drafts: without(context.drafts, [event.lineId]),
        invalid: without(context.invalid, [event.lineId]),
        lineErrors: without(context.lineErrors, [event.lineId]),
      };
    }),
    dropRemovedLine: assign(({ context }) => {
      const [removed, ...rest] = context.removals;
      const lines = (context.cart?.lines ?? []).filter((line) => line.id !== removed);
      const gone = removed === undefined ? [] : [removed];
      return {
        cart: withLines(lines),
        removals: rest,
        drafts: without(context.drafts, gone),
        sending: without(context.sending, gone),
        invalid: without(context.invalid, gone),
      };
    }),
    assignRemovalFailed: assign(({ context }, params: { error: unknown }) => {
      const [failed, ...rest] = context.removals;
      if (failed === undefined) return { removals: rest };
      return { removals: rest, lineErrors: { ...context.lineErrors, [failed]: readGatewayError(params.error).errorMessage } };
    }),
  },
  guards: {
    isLastLine: ({ context }) => context.cart?.lines.length === 1 && context.cart.lines[0]?.id === context.removals[0],
    isLoadedEmpty: (_, params: { cart: Cart }) => params.cart.lines.length === 0,
    isNewQuantity: ({ context, event }) => {
      if (event.type !== 'cart.setQuantity') return false;
      const line = lineOf(context, event.lineId);
      return (
        line !== undefined &&
        !context.removals.includes(line.id) &&
        isQuantityInRange(event.quantity) &&
        event.quantity !== shownQuantity(context, line)
      );
    },
    /** Not a quantity an order could take, typed into a line that stays: explained on the line, not sent. */
    isInvalidQuantity: ({ context, event }) => {
      if (event.type !== 'cart.setQuantity') return false;
      const line = lineOf(context, event.lineId);
      return line !== undefined && !context.removals.includes(line.id) && !isQuantityInRange(event.quantity);
    },
    isRemovable: ({ context, event }) =>
      event.type === 'cart.remove' && lineOf(context, event.lineId) !== undefined && !context.removals.includes(event.lineId),
    hasDrafts: ({ context }) => Object.keys(context.drafts).length > 0,
    /** Read before the answered removal leaves the queue. */
    hasMoreRemovalsAfterThis: ({ context }) => context.removals.length > 1,
    isSettled: ({ context }) => isSettled(context),
  },
}).createMachine({
  id: 'cart',
  initial: 'loading',
  context: { cart: null, drafts: {}, sending: {}, invalid: {}, removals: [], lineErrors: {}, loadError: null },
  states: {
    loading: {
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: [
          {
            guard: { type: 'isLoadedEmpty', params: ({ event }) => ({ cart: event.output }) },
            target: 'empty',
            actions: { type: 'assignCart', params: ({ event }) => ({ cart: event.output }) },
          },
          { target: 'ready', actions: { type: 'assignCart', params: ({ event }) => ({ cart: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: errorOf } },
      },
    },
    failed: { on: { 'cart.reload': 'loading' } },
    empty: { on: { 'cart.reload': 'loading' } },
    ready: {
      type: 'parallel',
      on: { 'cart.reload': { guard: 'isSettled', target: 'loading' } },
      states: {
        quantities: {
          initial: 'idle',
          // Whatever the sending is doing: an invalid quantity is only marked (each state's own handler takes valid ones).
          on: { 'cart.setQuantity': { guard: 'isInvalidQuantity', actions: 'assignInvalid' } },
          states: {
            idle: { on: { 'cart.setQuantity': { guard: 'isNewQuantity', target: 'waiting', actions: 'assignDraft' } } },
            waiting: {
              // Each keystroke enters `waiting` again, so the rest is counted from the last one.
              on: { 'cart.setQuantity': { guard: 'isNewQuantity', target: 'waiting', reenter: true, actions: 'assignDraft' } },
              after: { debounce: [{ guard: 'hasDrafts', target: 'saving' }, { target: 'idle' }] },
            },
            saving: {
              entry: 'moveDraftsToSending',
              // Typing on while the answer is awaited: kept as a draft and sent after it.
              on: { 'cart.setQuantity': { guard: 'isNewQuantity', actions: 'assignDraft' } },
              invoke: {
                id: 'saveQuantities',
                src: 'saveQuantities',
                input: ({ context }) => ({
                  changes: Object.entries(context.sending).map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity })),
                }),
                onDone: [
                  {
                    guard: 'hasDrafts',
                    target: 'waiting',
                    actions: [{ type: 'assignQuantityResults', params: ({ event }) => ({ results: event.output }) }, 'notifyCartChanged'],
                  },
                  {
                    target: 'idle',
                    actions: [{ type: 'assignQuantityResults', params: ({ event }) => ({ results: event.output }) }, 'notifyCartChanged'],
                  },
                ],
                onError: [
                  { guard: 'hasDrafts', target: 'waiting', actions: { type: 'assignQuantitiesFailed', params: errorOf } },
                  { target: 'idle', actions: { type: 'assignQuantitiesFailed', params: errorOf } },
                ],
              },
            },
          },
        },
        removal: {
          initial: 'idle',
          states: {
            idle: { on: { 'cart.remove': { guard: 'isRemovable', target: 'removing', actions: 'queueRemoval' } } },
            removing: {
              on: { 'cart.remove': { guard: 'isRemovable', actions: 'queueRemoval' } },
              invoke: {
                id: 'removeLine',
                src: 'removeLine',
                input: ({ context }) => ({ lineId: context.removals[0] ?? 0 }),
                onDone: [
                  // The last line gone: the page turns into the empty cart.
                  { guard: 'isLastLine', target: '#cart.empty', actions: ['dropRemovedLine', 'notifyCartChanged'] },
                  { guard: 'hasMoreRemovalsAfterThis', target: 'removing', reenter: true, actions: ['dropRemovedLine', 'notifyCartChanged'] },
                  { target: 'idle', actions: ['dropRemovedLine', 'notifyCartChanged'] },
                ],
                onError: [
                  { guard: 'hasMoreRemovalsAfterThis', target: 'removing', reenter: true, actions: { type: 'assignRemovalFailed', params: errorOf } },
                  { target: 'idle', actions: { type: 'assignRemovalFailed', params: errorOf } },
                ],
              },
            },
          },
        },
      },
    },
  },
});
