// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { ProjectParams } from '../../src/contract/board';
import type { ClaimInput } from '../../src/machines/quote/quote-types';
import { SAMPLE_ORDER, SAMPLE_PENDING } from '../../src/machines/quote/samples';
import { provideMyClientsCalls } from '../../src/services/my-clients';
import { provideQuoteCalls } from '../../src/services/quote';
import { bindSession, createSessionActor } from '../../src/services/session';
import { provideWizardCalls } from '../../src/services/wizard';
import { SessionProvider } from '../../src/views/components/session-context';
import QuotePage from '../../src/views/pages/quote/quote-page';
import { testCounters, testToken, testUser } from './app-harness';
import { withQueryClient } from './harness-parts';
import { testClient } from './ordering-data-harness';
import { projectOf, quoteFor } from './wizard-harness';

let undo: Array<() => void> = [];
afterEach(() => {
  cleanup();
  for (const step of undo) step();
  undo = [];
  localStorage.clear();
});

/** /quote for a visitor (no token) or a signed-in user; the quote's calls and the wizard's signed-in ones recorded. */
function renderQuote(signedIn: boolean, clients = [testClient(10, 'Альфа', 1)]) {
  const calls = { price: [] as ProjectParams[], signedInPrice: [] as ProjectParams[], claim: [] as ClaimInput[] };
  const session = createSessionActor(
    {
      actors: {
        loadUser: fromPromise(() => Promise.resolve(testUser)),
        loadCounters: fromPromise(() => Promise.resolve(testCounters)),
        terminateCurrentSession: fromPromise<unknown, void>(() => Promise.resolve({ ok: true })),
        refreshToken: fromPromise<{ accessToken: string }, { token: string }>(() => Promise.reject(new Error('no session'))),
      },
      actions: { persistToken: () => undefined, removeToken: () => undefined, clearUserData: () => undefined },
    },
    { token: signedIn ? testToken() : null, tokenAgeMs: 0, online: true },
  ).start();
  undo = [
    bindSession(session),
    provideMyClientsCalls({ list: () => Promise.resolve(clients) }),
    provideWizardCalls({ quote: (params) => {
      calls.signedInPrice.push(params);
      return Promise.resolve(quoteFor(params));
    } }),
    provideQuoteCalls({
      price: (params) => {
        calls.price.push(params);
        return Promise.resolve(quoteFor(params));
      },
      claim: (input) => {
        calls.claim.push(input);
        const ordered = input.pending?.intent === 'order';
        const project = projectOf(77, {
          clientId: input.clientId,
          title: input.pending?.title ?? '',
          params: input.pending?.params ?? SAMPLE_PENDING.params,
          uploadId: null,
          status: ordered ? 'actual' : 'draft',
        });
        return Promise.resolve({ project, inCart: ordered, dfmReview: false });
      },
    }),
  ];
  const location = memoryLocation({ path: '/quote', record: true });
  render(
    <SessionProvider value={session}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {withQueryClient(<QuotePage title="Расчёт стоимости платы" />)}
      </Router>
    </SessionProvider>,
  );
  return { calls, location, user: userEvent.setup() };
}

describe('/quote', () => {
  it('prices parameters entered by hand for a visitor with the anonymous call only, and orders through the sign-in', async () => {
    const view = renderQuote(false);
    // A visitor can sign in from the page and come back to it.
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/auth?redirect=%2Fquote');
    await view.user.click(await screen.findByRole('button', { name: /Ввести параметры вручную/ }));
    await screen.findByRole('heading', { name: 'Параметры' });
    const total = await screen.findByTestId('price-total');
    expect(total.textContent).toMatch(/₽/);
    expect(view.calls.price.length).toBeGreaterThan(0);
    await view.user.click(screen.getByRole('button', { name: 'Далее' }));
    await screen.findByRole('heading', { name: 'Количество и срочность' });
    // The urgencies' prices too come from the anonymous call: a signed-in one would send the visitor to sign in.
    await waitFor(() => expect(view.calls.price.some((params) => params.urgency === 'express')).toBe(true));
    expect(view.calls.signedInPrice).toEqual([]);

    await view.user.click(screen.getAllByRole('button', { name: 'Заказать' })[0] as HTMLElement);
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/auth?redirect=%2Fquote'));
    const kept = JSON.parse(localStorage.getItem('quote-pending') ?? 'null') as { uploadId: string | null; params: ProjectParams };
    // The price the visitor saw goes along, to be shown again beside the client picker.
    expect(kept).toMatchObject({ uploadId: null, params: { productType: 'pcb' }, price: quoteFor(kept.params), intent: 'order' });
    expect(view.calls.claim).toEqual([]);
  });

  it('back signed in with a kept quote: the client is chosen and the quote becomes its draft project', async () => {
    localStorage.setItem('quote-pending', JSON.stringify(SAMPLE_PENDING));
    const view = renderQuote(true);
    await screen.findByRole('heading', { name: 'Куда сохранить «arduino-uno»' });
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
    expect(screen.getByRole('link', { name: 'В личный кабинет' }).getAttribute('href')).toBe('/');
    expect(screen.getByTestId('price-total').textContent).toMatch(/^12\s480,00\s₽$/);
    await view.user.click(await screen.findByRole('button', { name: 'Сохранить в «Альфа»' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/project/77'));
    expect(view.calls.claim).toEqual([{ pending: SAMPLE_PENDING, clientId: 10 }]);
    expect(localStorage.getItem('quote-pending')).toBeNull();
  });

  it('back signed in after \'Заказать\': one click for the client, and the board is in the cart', async () => {
    localStorage.setItem('quote-pending', JSON.stringify(SAMPLE_ORDER));
    const view = renderQuote(true);
    await screen.findByRole('heading', { name: 'Для кого заказать «arduino-uno»' });
    await view.user.click(await screen.findByRole('button', { name: 'Заказать для «Альфа»' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/cart'));
    expect(view.calls.claim).toEqual([{ pending: SAMPLE_ORDER, clientId: 10 }]);
    expect(localStorage.getItem('quote-pending')).toBeNull();
  });

  it('a quote kept before \'Заказать\' meant the cart is saved as a draft, as it was asked', async () => {
    const { intent: _intent, ...withoutIntent } = SAMPLE_PENDING;
    localStorage.setItem('quote-pending', JSON.stringify(withoutIntent));
    const view = renderQuote(true);
    await view.user.click(await screen.findByRole('button', { name: 'Сохранить в «Альфа»' }));
    await waitFor(() => expect(view.calls.claim).toEqual([{ pending: { ...withoutIntent, intent: 'save' }, clientId: 10 }]));
  });

  it('a quote kept by the page before prices were carried is still claimed, with no price shown', async () => {
    const { price: _price, ...withoutPrice } = SAMPLE_PENDING;
    localStorage.setItem('quote-pending', JSON.stringify(withoutPrice));
    const view = renderQuote(true);
    await screen.findByRole('heading', { name: 'Куда сохранить «arduino-uno»' });
    expect(screen.queryByTestId('price-total')).toBeNull();
    await view.user.click(await screen.findByRole('button', { name: 'Сохранить в «Альфа»' }));
    await waitFor(() => expect(view.calls.claim).toEqual([{ pending: { ...withoutPrice, price: null }, clientId: 10 }]));
  });

  it('a quote with an edge connector says so on the claim page and carries it; one kept before the option is still claimed', async () => {
    const withFingers = { ...SAMPLE_PENDING, params: { ...SAMPLE_PENDING.params, board: { ...SAMPLE_PENDING.params.board, edgeConnector: true } } };
    localStorage.setItem('quote-pending', JSON.stringify(withFingers));
    let view = renderQuote(true);
    await screen.findByRole('heading', { name: 'Куда сохранить «arduino-uno»' });
    expect(screen.getByText('Торцевой разъём (ламели)').nextElementSibling?.textContent).toBe('Да');
    await view.user.click(await screen.findByRole('button', { name: 'Сохранить в «Альфа»' }));
    await waitFor(() => expect(view.calls.claim).toEqual([{ pending: withFingers, clientId: 10 }]));
    cleanup();

    const { edgeConnector: _absent, ...boardBefore } = SAMPLE_PENDING.params.board;
    const before = { ...SAMPLE_PENDING, params: { ...SAMPLE_PENDING.params, board: boardBefore } };
    localStorage.setItem('quote-pending', JSON.stringify(before));
    view = renderQuote(true);
    await screen.findByRole('heading', { name: 'Куда сохранить «arduino-uno»' });
    expect(screen.getByText('Торцевой разъём (ламели)').nextElementSibling?.textContent).toBe('Нет');
    await view.user.click(await screen.findByRole('button', { name: 'Сохранить в «Альфа»' }));
    await waitFor(() => expect(view.calls.claim).toEqual([{ pending: before, clientId: 10 }]));
  });

  it('a user without clients makes one on the page, in a dialog, instead of being sent away from the quote', async () => {
    localStorage.setItem('quote-pending', JSON.stringify(SAMPLE_PENDING));
    const view = renderQuote(true, []);
    await screen.findByRole('heading', { name: 'Куда сохранить «arduino-uno»' });
    expect(screen.queryByRole('link', { name: /клиента/ })).toBeNull();
    await view.user.click(await screen.findByRole('button', { name: 'Создать клиента' }));
    expect(await screen.findByRole('dialog', { name: 'Новый клиент' })).toBeTruthy();
    expect(view.location.history.at(-1)).toBe('/quote');
  });
});
