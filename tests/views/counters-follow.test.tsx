// @vitest-environment jsdom
import './dom-polyfills';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Counters } from '../../src/contract/counters';
import type { UserSummary } from '../../src/contract/user';
import { ORDER_REFRESH_MS } from '../../src/services/orders';
import { bindSession, createSessionActor } from '../../src/services/session';
import { testCounters, testToken, testUser } from './app-harness';
import { fakeOrders, renderOrderPage, renderOrdersPage, sampleOrder } from './orders-harness';
import { fakeProjects, project, renderProjectsPage } from './projects-harness';

/**
 * The menu counters are cached for 180 s, so once the manufacturer moves an order the list may show it
 * under 'Ожидают оплаты' while the tab's badge (and the dashboard card, the same counters) still says 0. A list
 * count or an order that shows the counters are stale asks for them again.
 */

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
  vi.useRealTimers();
});

/** A session whose counters call answers what the gateway would say now: `gateway.counters` as it is at the call. */
function sessionWithCounters(first: Counters) {
  const gateway = { counters: first, loads: 0 };
  const session = createSessionActor(
    {
      actors: {
        loadUser: fromPromise<UserSummary, void>(() => Promise.resolve(testUser)),
        loadCounters: fromPromise<Counters, void>(() => {
          gateway.loads += 1;
          return Promise.resolve(structuredClone(gateway.counters));
        }),
        terminateCurrentSession: fromPromise<unknown, void>(() => Promise.resolve({ ok: true })),
        refreshToken: fromPromise<{ accessToken: string }, { token: string }>(() => Promise.resolve({ accessToken: testToken('s2') })),
      },
      actions: { persistToken: () => undefined, removeToken: () => undefined, clearUserData: () => undefined },
    },
    { token: testToken(), tokenAgeMs: 0, online: true },
  ).start();
  undo.push(() => session.stop(), bindSession(session));
  return { session, gateway };
}

const withOrders = (total: number, waitingForPayment: number): Counters => ({ ...testCounters, orders: { total, waitingForPayment } });
const tabTotal = (name: RegExp) => screen.getByRole('tab', { name }).querySelector('.ui-tabs__total')?.textContent ?? null;

describe('the counters follow a change made elsewhere', () => {
  it('an order the operator moved to waiting for payment: the list counts it, the tab badge follows', async () => {
    // The counters were loaded before the operator approved the order; the gateway now counts it.
    const { session, gateway } = sessionWithCounters(withOrders(1, 0));
    await waitFor(() => expect(session.getSnapshot().context.counters?.orders.waitingForPayment).toBe(0));
    gateway.counters = withOrders(1, 1);
    const fake = fakeOrders({ orders: [sampleOrder(5, { status: 'waiting_for_payment' })] });
    undo.push(fake.install());
    renderOrdersPage('/orders?status=waiting_for_payment', session);

    await screen.findByRole('link', { name: 'Заказ ПП-2026-00005' });
    await waitFor(() => expect(tabTotal(/Ожидают оплаты/)).toBe('1'));
    expect(gateway.loads).toBe(2);
    expect(tabTotal(/Все/)).toBe('1');
  });

  it('a count that still differs after the reload does not ask again and again', async () => {
    const { session, gateway } = sessionWithCounters(withOrders(3, 0));
    await waitFor(() => expect(gateway.loads).toBe(1));
    const fake = fakeOrders({ orders: [sampleOrder(5, { status: 'waiting_for_payment' })] });
    undo.push(fake.install());
    renderOrdersPage('/orders?status=waiting_for_payment', session);

    await screen.findByRole('link', { name: 'Заказ ПП-2026-00005' });
    await waitFor(() => expect(gateway.loads).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(gateway.loads).toBe(2);
  });

  it('a count that agrees with the counters, or a searched one, leaves them cached', async () => {
    const { session, gateway } = sessionWithCounters(withOrders(1, 1));
    await waitFor(() => expect(gateway.loads).toBe(1));
    const fake = fakeOrders({ orders: [sampleOrder(5, { status: 'waiting_for_payment' })] });
    undo.push(fake.install());
    renderOrdersPage('/orders?status=waiting_for_payment', session);
    await screen.findByRole('link', { name: 'Заказ ПП-2026-00005' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(gateway.loads).toBe(1);
  });

  it('the order page refreshed after the operator moved the order reloads the counters; an unchanged one does not', async () => {
    const { session, gateway } = sessionWithCounters(withOrders(1, 0));
    await waitFor(() => expect(gateway.loads).toBe(1));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fake = fakeOrders({ orders: [sampleOrder(10, { status: 'on_check' })] });
    undo.push(fake.install());
    renderOrderPage('/orders/10', session);
    await screen.findByRole('heading', { level: 1, name: 'Заказ ПП-2026-00010' });

    act(() => vi.advanceTimersByTime(ORDER_REFRESH_MS));
    await waitFor(() => expect(fake.calls.get).toHaveLength(2));
    expect(gateway.loads).toBe(1);

    gateway.counters = withOrders(1, 1);
    fake.change(10, (order) => ({ ...order, status: 'waiting_for_payment' }));
    act(() => vi.advanceTimersByTime(ORDER_REFRESH_MS));
    await waitFor(() => expect(session.getSnapshot().context.counters?.orders.waitingForPayment).toBe(1));
    expect(gateway.loads).toBe(2);
  });

  it('a project a colleague starred: the favourites tab follows the list', async () => {
    const { session, gateway } = sessionWithCounters({ ...testCounters, favorite: { totalProject: 0, totalOrder: 0 } });
    await waitFor(() => expect(gateway.loads).toBe(1));
    gateway.counters = { ...testCounters, favorite: { totalProject: 1, totalOrder: 0 } };
    const fake = fakeProjects({ projects: [project(3, { isFavorite: true, title: 'Контроллер', previewUrl: null })] });
    undo.push(fake.install());
    renderProjectsPage('/projects?favorite=true', session);

    await screen.findByText('Контроллер');
    await waitFor(() => expect(tabTotal(/Избранные/)).toBe('1'));
    expect(gateway.loads).toBe(2);
  });
});
