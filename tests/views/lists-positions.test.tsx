// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api';
import { provideOrderLinesCalls } from '../../src/services/order-lines';
import PositionsPage from '../../src/views/pages/lists/positions-page';
import { fakeList, orderLine, renderListPage, searched } from './lists-harness';
import { projectsSession } from './projects-harness';

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
  vi.restoreAllMocks();
  document.cookie = 'sort-type-positions=; max-age=0; path=/';
  document.cookie = 'sort-order-positions=; max-age=0; path=/';
});

const LINE_STATUSES: readonly string[] = ['engineering', 'awaiting_payment', 'in_production', 'ready', 'shipped', 'canceled'];

const LINES = [
  orderLine(1, { title: 'Контроллер', productType: 'pcb', quantity: 25, total: 12_345.5, unitPrice: 493.82, status: 'in_production' }),
  orderLine(2, { title: 'Трафарет верх', productType: 'stencil', status: 'ready', projectId: null }),
  orderLine(3, { title: 'Модуль связи', productType: 'module', status: 'in_production' }),
];

function setup(lines = LINES) {
  const fake = fakeList(lines, (line, query) => {
    const filters = query.filters ?? [];
    const status = filters.find((code) => LINE_STATUSES.includes(code));
    const type = filters.find((code) => !LINE_STATUSES.includes(code));
    return (!status || line.status === status) && (!type || line.productType === type) && searched(query, line.title, line.orderNumber);
  });
  undo.push(provideOrderLinesCalls(fake.gateway));
  const { session } = projectsSession();
  undo.push(() => session.stop());
  const view = renderListPage('/positions', session, <PositionsPage title="Позиции" params={{}} />);
  return { fake, ...view, user: userEvent.setup() };
}

const listed = () => [...document.querySelectorAll<HTMLElement>('[data-line-id]')].map((item) => Number(item.dataset.lineId));
const line = (id: number) => within(document.querySelector<HTMLElement>(`[data-line-id="${id}"]`) ?? document.body);

describe('positions list', () => {
  it('lists order lines newest first: title, type, quantity, total, status, order link and date', async () => {
    const { fake } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Позиции' })).toBeTruthy();
    await waitFor(() => expect(listed()).toHaveLength(3));
    expect(fake.calls.count).toEqual([{ sort: { code: 'createdAt', orderBy: 'desc' } }]);
    const first = line(1);
    expect(first.getByRole('link', { name: 'Контроллер' }).getAttribute('href')).toBe('/project/11');
    expect(first.getByText('Плата')).toBeTruthy();
    expect(first.getByText('25 шт.')).toBeTruthy();
    expect(first.getByText('В производстве')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Заказ ПП-2026-00201' }).getAttribute('href')).toBe('/orders/201');
    expect(first.getByText('от 01.02.2026')).toBeTruthy();
    expect(document.querySelector('[data-line-id="1"] .list-line__amount')?.textContent).toBe('12\u00a0345,50\u00a0₽');
    // A line whose project was deleted keeps its title, without a link.
    expect(line(2).queryByRole('link', { name: 'Трафарет верх' })).toBeNull();
    expect(line(2).getByText('Трафарет верх')).toBeTruthy();
    expect(line(2).getByText('Готова')).toBeTruthy();
  });

  it('asks again for a line status, a product type, a search and a sort', async () => {
    const { fake, user } = setup();
    await waitFor(() => expect(listed()).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Статус позиции'), 'В производстве');
    await waitFor(() => expect(listed()).toEqual([1, 3]));
    expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'createdAt', orderBy: 'desc' }, filters: ['in_production'] });

    await user.selectOptions(screen.getByLabelText('Тип изделия'), 'Модуль');
    await waitFor(() => expect(listed()).toEqual([3]));
    expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'createdAt', orderBy: 'desc' }, filters: ['in_production', 'module'] });

    await user.selectOptions(screen.getByLabelText('Статус позиции'), 'Все статусы');
    await user.selectOptions(screen.getByLabelText('Тип изделия'), 'Все типы');
    await user.type(screen.getByLabelText('Поиск позиций'), 'трафарет');
    await waitFor(() => expect(listed()).toEqual([2]));
    expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'createdAt', orderBy: 'desc' }, search: 'трафарет' });

    await user.selectOptions(screen.getByLabelText('Сортировка'), 'Сначала дорогие');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'total', orderBy: 'desc' }, search: 'трафарет' }));
    expect(document.cookie).toContain('sort-type-positions=total');
    expect(document.cookie).toContain('sort-order-positions=desc');
  });

  it('says there are no positions yet, and nothing found when narrowed', async () => {
    const { user } = setup([]);
    expect(await screen.findByRole('heading', { name: 'Позиций пока нет' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К проектам' }).getAttribute('href')).toBe('/projects?status=actual');
    await user.selectOptions(screen.getByLabelText('Тип изделия'), 'Панель');
    expect(await screen.findByRole('heading', { name: 'Ничего не найдено' })).toBeTruthy();
  });

  it('logs a failed count and offers Повторить', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const fake = fakeList([orderLine(1)], () => true);
    undo.push(provideOrderLinesCalls({
      count: (query, signal) => (fail ? Promise.reject(new ApiError(500, 'Ошибка')) : fake.gateway.count(query, signal)),
      list: fake.gateway.list,
    }));
    const { session } = projectsSession();
    undo.push(() => session.stop());
    renderListPage('/positions', session, <PositionsPage title="Позиции" params={{}} />);
    expect(await screen.findByText('Список позиций не загрузился.')).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(listed()).toEqual([1]));
  });
});
