import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { priceQuoteMachine } from './price-quote';
import { SAMPLE_BAD_PARAMS, SAMPLE_PARAMS, SAMPLE_QUOTE } from './samples';

// Registry entry of the live price of the board wizard; src/machines/index.ts lists it with the rest.

export const priceQuote = defineEntry({
  machine: priceQuoteMachine,
  title: { ru: 'Расчёт цены', en: 'Price quote' },
  screen: '/wizard-board',
  events: [
    { type: 'quote.paramsChanged', params: SAMPLE_PARAMS },
    { type: 'quote.paramsChanged', params: SAMPLE_BAD_PARAMS },
  ],
  actorOutputs: { fetchQuote: [SAMPLE_QUOTE] },
  actorErrors: {
    fetchQuote: [sampleError({ ru: 'Сервис временно недоступен, попробуйте позже', en: 'The service is temporarily unavailable, please try later' })],
  },
  invariants: (snapshot) => {
    const { params, problems, quote, error } = snapshot.context;
    return firstBroken([
      [!snapshot.matches('invalid') || problems.length > 0, 'invalid means problems'],
      [
        !(snapshot.matches('waiting') || snapshot.matches('quoting')) || (params !== null && problems.length === 0),
        'only makeable parameters are priced',
      ],
      [!snapshot.matches('quoted') || quote !== null, 'quoted holds a price'],
      [!snapshot.matches('failed') || (error !== null && quote === null), 'failed holds a message and no price'],
    ]);
  },
});
