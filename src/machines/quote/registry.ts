import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { quoteMachine } from './quote';
import { SAMPLE_CLAIMED, SAMPLE_ORDER, SAMPLE_ORDERED, SAMPLE_PENDING, SAMPLE_PENDING_BY_HAND } from './samples';

// Registry entry of the instant quote's way to a project; src/machines/index.ts lists it with the rest.

export const quote = defineEntry({
  machine: quoteMachine,
  title: { ru: 'Расчёт без регистрации', en: 'Instant quote' },
  screen: '/quote',
  input: { signedIn: false },
  extraInputs: [{ signedIn: true }],
  events: [
    { type: 'quote.order', pending: SAMPLE_PENDING },
    { type: 'quote.order', pending: SAMPLE_PENDING_BY_HAND },
    { type: 'quote.order', pending: SAMPLE_ORDER },
    { type: 'quote.pickClient', clientId: 1 },
    { type: 'quote.cancel' },
  ],
  actorOutputs: { restorePending: [null, SAMPLE_PENDING], claim: [SAMPLE_CLAIMED, SAMPLE_ORDERED] },
  actorErrors: { claim: [sampleError({ ru: 'Загрузка файлов платы не найдена', en: 'Board files upload not found' })] },
  graphContext: (context) => ({ signedIn: context.signedIn, pending: context.pending !== null }),
  invariants: (snapshot) => {
    const { signedIn, pending, project, error } = snapshot.context;
    return firstBroken([
      [!snapshot.matches('signingIn') || (!signedIn && pending !== null), 'only a visitor leaves to sign in, with the quote kept'],
      [
        !(snapshot.matches('choosingClient') || snapshot.matches('claiming')) || (signedIn && pending !== null),
        'a client is chosen by a signed-in user for a quote',
      ],
      [!snapshot.matches('claimed') || (project !== null && pending === null), 'claimed holds the project'],
      [!snapshot.matches('quoting') || error === null, 'no error while quoting'],
    ]);
  },
});
