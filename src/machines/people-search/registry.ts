import { OLGA } from '../group-popup/samples';
import { defineEntry, firstBroken } from '../shared/registry-entry';
import { peopleSearchMachine } from './people-search';

// Registry entry of the people search of the group popup; src/machines/index.ts lists it with the rest.

export const peopleSearch = defineEntry({
  machine: peopleSearchMachine,
  title: { ru: 'Поиск коллег', en: 'Finding colleagues' },
  screen: '/',
  place: 'headerGroups',
  events: [
    { type: 'search.change', query: 'Ольга' },
    { type: 'search.change', query: '  ' },
    { type: 'search.retry' },
  ],
  actorOutputs: { findPeople: [[OLGA], []] },
  invariants: (snapshot) => {
    const { query, results, answered } = snapshot.context;
    return firstBroken([
      [!snapshot.matches('idle') || answered === null || answered === query, 'idle results answer the query typed'],
      [results.length === 0 || answered !== null, 'results always say which query they answer'],
      [query.trim() !== '' || results.length === 0, 'a blank query shows nobody'],
    ]);
  },
});
