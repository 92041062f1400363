import { assertEvent, assign, setup } from 'xstate';
import type { Project } from '../../contract/projects';
import { readGatewayError } from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { errorOf } from '../shared/transitions';
import type { ClaimInput, PendingQuote, QuoteFlowInput, QuoteOutcome } from './quote-types';

interface QuoteFlowContext {
  signedIn: boolean;
  pending: PendingQuote | null;
  project: Project | null;
  error: string | null;
}

type QuoteFlowEvent =
  | { type: 'quote.order'; pending: PendingQuote }
  | { type: 'quote.pickClient'; clientId: number }
  | { type: 'quote.cancel' };

/**
 * The instant quote's way to a project. The board itself is worked on /quote by the wizard's machine
 * with the quote's calls; this flow takes over at 'Заказать': a visitor signs in (or registers) first, the page
 * is left and opened again, so what was asked is kept (`storePending`) and found again (`restorePending`); then
 * the user picks one of their clients and the quote is claimed into that client's cart ('Заказать') or a
 * draft project ('Сохранить проект').
 */
export const quoteMachine = setup({
  types: {
    context: {} as QuoteFlowContext,
    events: {} as QuoteFlowEvent,
    input: {} as QuoteFlowInput,
    children: {} as { restorePending: 'restorePending'; claim: 'claim' },
  },
  actors: {
    restorePending: notProvided<PendingQuote | null, undefined>('restorePending'),
    claim: notProvided<QuoteOutcome, ClaimInput>('claim'),
  },
  actions: {
    /** Provided by the page: the browser's storage, the sign-in page with the way back, the project's page, the cart. */
    storePending: (_, _params: { pending: PendingQuote | null }) => {},
    goToSignIn: () => {},
    goToProject: (_, _params: { project: Project }) => {},
    goToCart: (_, _params: { dfmReview: boolean }) => {},
    assignPending: assign((_, params: { pending: PendingQuote | null }) => ({ pending: params.pending, error: null })),
    assignOrder: assign(({ event }) => {
      assertEvent(event, 'quote.order');
      return { pending: event.pending, error: null };
    }),
    assignProject: assign((_, params: { project: Project }) => ({ project: params.project, pending: null, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: readGatewayError(params.error).errorMessage || null })),
    clearPending: assign({ pending: null, error: null }),
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
    isInCart: (_, params: { outcome: QuoteOutcome }) => params.outcome.inCart,
    hasPending: ({ context }) => context.pending !== null,
    /** Back from the sign-in with a quote asked for: straight on to the client. */
    isReturningToOrder: ({ context }, params: { pending: PendingQuote | null }) => context.signedIn && params.pending !== null,
  },
}).createMachine({
  id: 'quoteFlow',
  initial: 'restoring',
  context: ({ input }) => ({ signedIn: input.signedIn, pending: null, project: null, error: null }),
  states: {
    restoring: {
      invoke: {
        id: 'restorePending',
        src: 'restorePending',
        onDone: [
          {
            guard: { type: 'isReturningToOrder', params: ({ event }) => ({ pending: event.output }) },
            target: 'choosingClient',
            actions: { type: 'assignPending', params: ({ event }) => ({ pending: event.output }) },
          },
          { target: 'quoting' },
        ],
        onError: { target: 'quoting' },
      },
    },
    // The visitor works the board (the wizard on the page); nothing is theirs to lose yet.
    quoting: {
      on: {
        'quote.order': [
          { guard: 'isSignedIn', target: 'choosingClient', actions: 'assignOrder' },
          {
            target: 'signingIn',
            actions: ['assignOrder', { type: 'storePending', params: ({ event }) => ({ pending: event.pending }) }, 'goToSignIn'],
          },
        ],
      },
    },
    // The page is being left for the sign-in; coming back starts a new run of this flow.
    signingIn: {},
    choosingClient: {
      on: {
        'quote.pickClient': { guard: 'hasPending', target: 'claiming' },
        'quote.cancel': { target: 'quoting', actions: ['clearPending', { type: 'storePending', params: { pending: null } }] },
      },
    },
    claiming: {
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context, event }) => ({
          pending: context.pending,
          clientId: event.type === 'quote.pickClient' ? event.clientId : 0,
        }),
        onDone: [
          {
            // 'Заказать': the board is in the cart, ready to order; the cart is where it goes on from.
            guard: { type: 'isInCart', params: ({ event }) => ({ outcome: event.output }) },
            target: 'claimed',
            actions: [
              { type: 'assignProject', params: ({ event }) => ({ project: event.output.project }) },
              { type: 'storePending', params: { pending: null } },
              { type: 'goToCart', params: ({ event }) => ({ dfmReview: event.output.dfmReview }) },
            ],
          },
          {
            target: 'claimed',
            actions: [
              { type: 'assignProject', params: ({ event }) => ({ project: event.output.project }) },
              { type: 'storePending', params: { pending: null } },
              { type: 'goToProject', params: ({ event }) => ({ project: event.output.project }) },
            ],
          },
        ],
        onError: { target: 'choosingClient', actions: { type: 'assignError', params: errorOf } },
      },
    },
    claimed: { type: 'final' },
  },
});
