import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Person } from '../../src/contract/groups';
import { peopleSearchMachine, TYPING_PAUSE_MS } from '../../src/machines/people-search/people-search';
import { deferred } from '../deferred';

const olga: Person = {
  id: 2, name: 'Ольга Кузнецова', avatar: null, phone: null, email: null, phoneIsHidden: false, emailIsHidden: false,
  isColleague: true, inContacts: false, isMe: false,
};

function startSearch() {
  const asked: string[] = [];
  const answers = new Map<string, ReturnType<typeof deferred<Person[]>>>();
  const clock = new SimulatedClock();
  const actor = createActor(peopleSearchMachine.provide({
    actors: {
      findPeople: fromPromise<Person[], { search: string }>(({ input }) => {
        asked.push(input.search);
        const answer = deferred<Person[]>();
        answers.set(input.search, answer);
        return answer.promise;
      }),
    },
  }), { clock });
  actor.start();
  const type = (query: string) => actor.send({ type: 'search.change', query });
  return { actor, asked, answers, clock, type };
}

describe('finding colleagues', () => {
  it('asks the gateway once typing pauses, not on every key', () => {
    const { asked, clock, type } = startSearch();
    type('О');
    type('Ол');
    clock.increment(TYPING_PAUSE_MS - 1);
    type('Ольга');
    clock.increment(TYPING_PAUSE_MS - 1);
    expect(asked).toEqual([]);
    clock.increment(1);
    expect(asked).toEqual(['Ольга']);
  });

  it('drops a late answer to an older query', async () => {
    const { actor, answers, clock, type } = startSearch();
    type('Оль');
    clock.increment(TYPING_PAUSE_MS);
    type('Ольга К');
    answers.get('Оль')?.resolve([olga]);
    await Promise.resolve();
    expect(actor.getSnapshot().context.results).toEqual([]);
    clock.increment(TYPING_PAUSE_MS);
    answers.get('Ольга К')?.resolve([olga]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context).toMatchObject({ results: [olga], answered: 'Ольга К' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('asks nothing and shows nobody for a blank query', () => {
    const { actor, asked, clock, type } = startSearch();
    type('   ');
    clock.increment(TYPING_PAUSE_MS * 2);
    expect(asked).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ results: [], answered: null });
  });

  it('offers to try again after a failed search', async () => {
    const { actor, asked, answers, clock, type } = startSearch();
    type('Ольга');
    clock.increment(TYPING_PAUSE_MS);
    answers.get('Ольга')?.reject(new Error('offline'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'search.retry' });
    expect(asked).toEqual(['Ольга', 'Ольга']);
  });
});
