// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../src/contract/orders';
import { provideOrdersCalls, type OrdersCalls } from '../../src/services/orders';
import AtWorkPage from '../../src/views/pages/at-work-page';
import { fakeList, order, renderListPage } from './lists-harness';
import { projectsSession } from './projects-harness';

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
});

const unused = () => Promise.reject(new Error('not used by /at-work'));

function setup(orders: OrderSummary[]) {
  const list = fakeList(orders, (item, query) => (query.filters ?? []).includes(item.status));
  const gateway: OrdersCalls = {
    ...list.gateway, get: unused, setFavorite: unused, cancel: unused, reorder: unused, addReview: unused, addComplaint: unused,
    cancelComplaint: unused, attachFiles: unused, answerRequest: unused, acceptCorrection: unused, download: unused,
  };
  undo.push(provideOrdersCalls(gateway));
  const { session } = projectsSession();
  undo.push(() => session.stop());
  renderListPage('/at-work', session, <AtWorkPage title="В работе" />);
  return list;
}

const listed = () => [...document.querySelectorAll<HTMLElement>('[data-order-id]')].map((item) => Number(item.dataset.orderId));

describe('/at-work', () => {
  it('lists the orders in checkout and in production, latest change of status first, with holds explained', async () => {
    const fake = setup([
      order(1, { status: 'on_check', firstLineTitle: 'Контроллер', lineCount: 3, total: 25_000 }),
      order(2, { status: 'in_progress', holdReason: 'Ждём подтверждения стека' }),
      order(3, { status: 'shipped' }),
      order(4, { status: 'waiting_for_payment' }),
    ]);
    await waitFor(() => expect(listed()).toEqual([1, 2]));
    expect(fake.calls.count).toEqual([{ sort: { code: 'statusChangedAt', orderBy: 'desc' }, filters: ['on_check', 'in_progress'] }]);
    const list = within(screen.getByRole('list', { name: 'Заказы в работе' }));
    expect(list.getByRole('link', { name: 'Заказ ПП-2026-00001' }).getAttribute('href')).toBe('/orders/1');
    expect(list.getByText('Контроллер и ещё 2')).toBeTruthy();
    expect(list.getByText('Оформление')).toBeTruthy();
    expect(list.getByText('Изготовление')).toBeTruthy();
    expect(list.getByText('Приостановлен')).toBeTruthy();
    expect(list.getByText('Причина: Ждём подтверждения стека')).toBeTruthy();
    expect(list.getByText('В этом статусе с 03.02.2026')).toBeTruthy();
    // The counters and the stage links stay.
    expect(
      within(screen.getByRole('region', { name: 'Этапы работы' }))
        .getByRole('link', { name: 'Оформление' })
        .getAttribute('href'),
    ).toBe('/orders?status=on_check');
    expect(within(screen.getByRole('region', { name: 'Заказы сейчас' })).getByRole('link', { name: /Всего заказов/ }).getAttribute('href')).toBe('/orders');
  });

  it('says the list is empty when nothing is in work', async () => {
    setup([order(3, { status: 'shipped' })]);
    expect(await screen.findByRole('heading', { name: 'Список пуст' })).toBeTruthy();
    expect(screen.getByText('Сейчас нет заказов на оформлении или в изготовлении.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все заказы' }).getAttribute('href')).toBe('/orders');
  });
});
