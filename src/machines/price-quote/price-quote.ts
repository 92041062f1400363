import { assertEvent, assign, setup } from 'xstate';
import { defaultParams, type ProjectParams } from '../../contract/board';
import { checkProjectParams } from '../../contract/board-checks';
import type { ParamProblem, PriceQuote } from '../../contract/projects';
import { readGatewayError } from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { errorOf } from '../shared/transitions';

/** Parameters change on every keystroke: the price is asked once they rest this long. */
export const QUOTE_DEBOUNCE_MS = 300;

interface PriceQuoteContext {
  /** The parameters the shown (or awaited) price is for. */
  params: ProjectParams | null;
  problems: ParamProblem[];
  /** The last price for `params`; kept while a newer one is awaited so the figure does not blink. */
  quote: PriceQuote | null;
  error: string | null;
}

/** `problems`: what the sender already found (the wizard's, the files' included); else the parameters' own. */
type PriceQuoteEvent = { type: 'quote.paramsChanged'; params: ProjectParams; problems?: ParamProblem[] };

const problemsOf = (event: PriceQuoteEvent): ParamProblem[] => event.problems ?? checkProjectParams(event.params);

export interface FetchQuoteInput {
  params: ProjectParams;
}

/**
 * The wizard's live price: every change of the parameters restarts a short wait, then one call. A change while
 * the call runs leaves `quoting`, which stops that call, so its late answer never shows for newer parameters.
 * Parameters the factory cannot make, or below what the files measure, are not sent: their problems are the answer.
 */
export const priceQuoteMachine = setup({
  types: {
    context: {} as PriceQuoteContext,
    events: {} as PriceQuoteEvent,
    children: {} as { fetchQuote: 'fetchQuote' },
  },
  actors: {
    fetchQuote: notProvided<PriceQuote, FetchQuoteInput>('fetchQuote'),
  },
  delays: {
    debounce: QUOTE_DEBOUNCE_MS,
  },
  actions: {
    assignParams: assign(({ event }) => {
      assertEvent(event, 'quote.paramsChanged');
      return { params: event.params, problems: problemsOf(event), error: null };
    }),
    assignInvalid: assign(({ event }) => {
      assertEvent(event, 'quote.paramsChanged');
      return { params: event.params, problems: problemsOf(event), quote: null, error: null };
    }),
    assignQuote: assign((_, params: { quote: PriceQuote }) => ({ quote: params.quote, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ quote: null, error: readGatewayError(params.error).errorMessage })),
  },
  guards: {
    hasProblems: ({ event }) => problemsOf(event).length > 0,
  },
}).createMachine({
  id: 'priceQuote',
  initial: 'idle',
  context: { params: null, problems: [], quote: null, error: null },
  on: {
    // From any state, `waiting` included: the target is entered afresh, so its timer starts over.
    'quote.paramsChanged': [
      { guard: 'hasProblems', target: '.invalid', actions: 'assignInvalid' },
      { target: '.waiting', actions: 'assignParams' },
    ],
  },
  states: {
    idle: {},
    waiting: {
      after: { debounce: 'quoting' },
    },
    quoting: {
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        input: ({ context }) => ({ params: context.params ?? defaultParams() }),
        onDone: { target: 'quoted', actions: { type: 'assignQuote', params: ({ event }) => ({ quote: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    quoted: {},
    failed: {},
    invalid: {},
  },
});
