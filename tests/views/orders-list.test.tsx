// @vitest-environment jsdom
import './dom-polyfills';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api';
import { bindSession } from '../../src/services/session';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { fakeOrders, renderOrdersPage, sampleOrder } from './orders-harness';
import { projectsSession } from './projects-harness';
import { scrollableViewport } from './windowed-pages-harness';
import { catchSavedFiles } from './saved-files';

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo) step();
  undo = [];
  clearToasts();
  vi.restoreAllMocks();
  document.cookie = 'sort-type-orders=; max-age=0; path=/';
  document.cookie = 'sort-order-orders=; max-age=0; path=/';
});

function setup(options: Parameters<typeof fakeOrders>[0], path = '/orders') {
  const fake = fakeOrders(options);
  undo.push(fake.install());
  const { session, loads } = projectsSession();
  undo.push(() => session.stop());
  const view = renderOrdersPage(path, session);
  return { fake, loads, session, ...view, user: userEvent.setup() };
}

const lines = () => [...document.querySelectorAll<HTMLElement>('[data-order-id]')];
const ids = () => lines().map((line) => Number(line.dataset.orderId));
const lineOf = (id: number) => {
  const found = document.querySelector<HTMLElement>(`[data-order-id="${id}"]`);
  if (!found) throw new Error(`order ${id} is not listed`);
  return within(found);
};
const DEFAULT_SORT = { code: 'createdAt', orderBy: 'asc' };

describe('orders list', () => {
  it('exports the orders the tab shows as CSV or XLSX with the session\'s token', async () => {
    const { requested, saved } = catchSavedFiles(undo);
    const { user, session } = setup({ orders: [sampleOrder(1, { status: 'in_progress' })] }, '/orders?status=in_progress');
    undo.push(bindSession(session));
    await waitFor(() => expect(ids()).toEqual([1]));
    await user.click(screen.getByRole('button', { name: 'Выгрузить показанные заказы в CSV (Excel)' }));
    await user.click(screen.getByRole('button', { name: 'Выгрузить показанные заказы в XLSX (Excel)' }));
    await waitFor(() => expect(saved).toEqual(['Заказы.csv', 'Заказы.xlsx']));
    expect(requested).toEqual(['csv', 'xlsx'].map((format) => `/files/exports/orders.${format}?filter=in_progress&sort=createdAt&orderBy=asc`));
  });

  it('opens the view named in the query, asked oldest first, each line with its facts', async () => {
    const { fake } = setup({
      orders: [
        sampleOrder(1, { status: 'in_progress', lineCount: 3, firstLineTitle: 'Контроллер', total: 61_000, trackingNumber: null }),
        sampleOrder(2, { status: 'on_check' }),
      ],
    }, '/orders?status=in_progress');
    expect(screen.getByRole('heading', { level: 1, name: 'Изготовление' })).toBeTruthy();
    await waitFor(() => expect(ids()).toEqual([1]));
    expect(fake.calls.count).toEqual([{ sort: DEFAULT_SORT, filters: ['in_progress'] }]);
    expect(screen.getByRole('tab', { name: /Изготовление/ }).getAttribute('aria-selected')).toBe('true');

    const line = lineOf(1);
    expect(line.getByRole('link', { name: 'Заказ ПП-2026-00001' }).getAttribute('href')).toBe('/orders/1');
    expect(line.getByText('Изготовление')).toBeTruthy();
    expect(line.getByText('с 08.01.2026')).toBeTruthy();
    expect(line.getByText('Контроллер')).toBeTruthy();
    expect(line.getByText('и ещё 2')).toBeTruthy();
    expect(line.getByText('Электронные системы')).toBeTruthy();
    expect(line.getByText('Плательщик: ООО «Электронные системы»')).toBeTruthy();
    expect(document.querySelector('[data-order-id="1"] .order-item__total')?.textContent).toBe('61\u00a0000,00\u00a0₽');
    expect(line.queryByText(/Трек-номер/)).toBeNull();
  });

  it('shows a held order with its reason and a shipped one with its tracking number', async () => {
    setup({
      orders: [
        sampleOrder(1, { status: 'on_check', holdReason: 'Нет слоя паяльной маски' }),
        sampleOrder(2, { status: 'shipped', trackingNumber: 'CDEK-123456' }),
      ],
    });
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    expect(lineOf(1).getByText('Приостановлен: Нет слоя паяльной маски')).toBeTruthy();
    expect(lineOf(2).getByText('Трек-номер: CDEK-123456')).toBeTruthy();
    expect(lineOf(2).getByText('Отгружен')).toBeTruthy();
  });

  it('switches views with the tabs, replacing the query; the spec\'s filters, favourites and the cancelled ones', async () => {
    const { fake, user, location } = setup({
      orders: [sampleOrder(1, { status: 'waiting_for_payment' }), sampleOrder(2, { status: 'canceled' }), sampleOrder(3, { isFavorite: true })],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Заказы' })).toBeTruthy();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/\d+$/, ''))).toEqual([
      'Все', 'Ожидают оплаты', 'Оформление', 'Изготовление', 'На складе', 'Отгружены', 'Избранные заказы', 'Отменённые',
    ]);
    // The menu counters number the views they count.
    await waitFor(() => expect(screen.getByRole('tab', { name: /Ожидают оплаты/ }).textContent).toContain('1'));

    await user.click(screen.getByRole('tab', { name: /Отменённые/ }));
    expect(location.history).toEqual(['/orders?status=canceled']);
    await waitFor(() => expect(ids()).toEqual([2]));
    expect(fake.calls.count.at(-1)).toEqual({ sort: DEFAULT_SORT, filters: ['canceled'] });

    await user.click(screen.getByRole('tab', { name: /Избранные заказы/ }));
    expect(location.history).toEqual(['/orders?favorite=true']);
    await waitFor(() => expect(ids()).toEqual([3]));
    expect(fake.calls.count.at(-1)).toEqual({ sort: DEFAULT_SORT, filters: ['favorite'] });

    await user.click(screen.getByRole('tab', { name: /^Все/ }));
    expect(location.history).toEqual(['/orders']);
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
  });

  it('sorts as chosen and remembers it in the orders cookies; searches once per word typed', async () => {
    document.cookie = 'sort-type-orders=total; path=/';
    document.cookie = 'sort-order-orders=desc; path=/';
    const { fake, user } = setup({
      orders: [
        sampleOrder(1, { total: 100, firstLineTitle: 'Альфа' }),
        sampleOrder(2, { total: 300, firstLineTitle: 'Бета' }),
        sampleOrder(3, { total: 200, firstLineTitle: 'Гамма' }),
      ],
    });
    await waitFor(() => expect(ids()).toEqual([2, 3, 1]));
    expect(fake.calls.count).toEqual([{ sort: { code: 'total', orderBy: 'desc' } }]);

    await user.selectOptions(screen.getByLabelText('Сортировка'), 'Статус менялся недавно');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'statusChangedAt', orderBy: 'desc' } }));
    expect(document.cookie).toContain('sort-type-orders=statusChangedAt');
    expect(document.cookie).toContain('sort-order-orders=desc');

    const before = fake.calls.count.length;
    await user.type(screen.getByLabelText('Поиск заказов'), 'гам');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'statusChangedAt', orderBy: 'desc' }, search: 'гам' }));
    expect(fake.calls.count).toHaveLength(before + 1);
    await waitFor(() => expect(ids()).toEqual([3]));
  });

  it('turns the star at once and saves it; a refusal turns it back with the gateway\'s words', async () => {
    const { fake, user, loads } = setup({ orders: [sampleOrder(1)], failures: {} });
    await waitFor(() => expect(ids()).toEqual([1]));
    const before = loads.counters;
    await user.click(screen.getByRole('button', { name: 'Добавить заказ ПП-2026-00001 в избранное' }));
    expect(screen.getByRole('button', { name: 'Убрать заказ ПП-2026-00001 из избранного' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fake.calls.setFavorite).toEqual([{ id: 1, isFavorite: true }]));
    await waitFor(() => expect(loads.counters).toBe(before + 1));

    cleanup();
    const failing = setup({ orders: [sampleOrder(2)], failures: { setFavorite: new ApiError(404, 'Заказ не найден') } });
    await waitFor(() => expect(ids()).toEqual([2]));
    await failing.user.click(screen.getByRole('button', { name: 'Добавить заказ ПП-2026-00002 в избранное' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.text)).toContain('Заказ не найден'));
    expect(screen.getByRole('button', { name: 'Добавить заказ ПП-2026-00002 в избранное' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says there are no orders yet, names an empty view, and says "nothing found" for a search', async () => {
    const { user } = setup({ orders: [] });
    expect(await screen.findByRole('heading', { name: 'Заказов пока нет' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К проектам для заказа' }).getAttribute('href')).toBe('/projects?status=actual');
    await user.type(screen.getByLabelText('Поиск заказов'), 'xyz');
    expect(await screen.findByRole('heading', { name: 'Ничего не найдено' })).toBeTruthy();

    cleanup();
    setup({ orders: [] }, '/orders?status=in_stock');
    expect(await screen.findByRole('heading', { name: 'На складе заказов нет' })).toBeTruthy();
  });

  it('offers a retry when the count fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakeOrders({ orders: [sampleOrder(1)] });
    let failing = true;
    undo.push(fake.install());
    const realCount = fake.gateway.count;
    fake.gateway.count = (query) => (failing ? Promise.reject(new Error('down')) : realCount(query));
    const { session } = projectsSession();
    undo.push(() => session.stop());
    renderOrdersPage('/orders', session);
    const user = userEvent.setup();
    expect(await screen.findByText('Список заказов не загрузился.')).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(ids()).toEqual([1]));
  });

  it('scrolled to page 500 of 10 000 orders, renders only the pages around it and fetches only what came into view', async () => {
    const viewport = scrollableViewport();
    undo.push(() => viewport.restore());
    const { fake } = setup({ generated: 10_000 });
    await waitFor(() => expect(lines()).toHaveLength(20));
    expect(document.querySelectorAll('[data-page]')).toHaveLength(500);

    act(() => viewport.show(500));
    await waitFor(() => expect(lineOf(10_000).getByText('Плата 10000')).toBeTruthy(), { timeout: 3000 });
    expect(fake.calls.list.map((call) => call.page)).toEqual([1, 500]);
    expect(lines().length).toBeLessThanOrEqual(100);
    // Page 1 is out of the window now: its orders are not in the page any more, only a block of their height.
    expect(document.querySelector('[data-order-id="1"]')).toBeNull();
    expect(document.querySelector<HTMLElement>('[data-page="1"]')?.style.height).toBe(`${20 * 96}px`);
  });
});
