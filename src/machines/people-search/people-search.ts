import { assertEvent, assign, setup } from 'xstate';
import type { Person } from '../../contract/groups';
import { notProvided } from '../shared/not-provided';
import { errorOf } from '../shared/transitions';

interface PeopleSearchContext {
  query: string;
  results: Person[];
  /** The query `results` answer; the view says 'nobody found' only when it is the one typed. */
  answered: string | null;
}

type PeopleSearchEvent = { type: 'search.change'; query: string } | { type: 'search.retry' };

/** How long typing must pause before the gateway is asked: one request per word, not per key. */
export const TYPING_PAUSE_MS = 300;

const onChange = {
  'search.change': [
    { guard: 'isBlank' as const, target: '#peopleSearch.idle', actions: ['assignQuery' as const, 'clearResults' as const] },
    { target: '#peopleSearch.debouncing', reenter: true, actions: 'assignQuery' as const },
  ],
};

/**
 * The popup's search 'Name, phone, email or ID': the add-participant form and the add-user card find people as the user types.
 * The gateway is asked after a pause in typing; typing again drops the answer on its way, so a late answer to an
 * older query never replaces a newer one. A blank query asks nothing and shows nothing.
 */
export const peopleSearchMachine = setup({
  types: {
    context: {} as PeopleSearchContext,
    events: {} as PeopleSearchEvent,
  },
  actors: {
    findPeople: notProvided<Person[], { search: string }>('findPeople'),
  },
  actions: {
    logFailure: (_, _params: { error: unknown }) => {},
    assignQuery: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { query: event.query };
    }),
    clearResults: assign({ results: [], answered: null }),
    assignResults: assign(({ context }, params: { results: Person[] }) => ({ results: params.results, answered: context.query })),
  },
  guards: {
    isBlank: ({ event }) => event.type === 'search.change' && event.query.trim() === '',
  },
  delays: { typingPause: TYPING_PAUSE_MS },
}).createMachine({
  id: 'peopleSearch',
  initial: 'idle',
  context: { query: '', results: [], answered: null },
  states: {
    idle: { on: onChange },
    debouncing: {
      tags: 'searching',
      on: onChange,
      after: { typingPause: { target: 'searching' } },
    },
    searching: {
      tags: 'searching',
      on: onChange,
      invoke: {
        id: 'findPeople',
        src: 'findPeople',
        input: ({ context }) => ({ search: context.query.trim() }),
        onDone: { target: 'idle', actions: { type: 'assignResults', params: ({ event }) => ({ results: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logFailure', params: errorOf } },
      },
    },
    failed: {
      on: { ...onChange, 'search.retry': { target: 'searching' } },
    },
  },
});
