// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Counters } from '../../src/contract/counters';
import type { OrderStatus } from '../../src/contract/orders';
import { provideNotificationsCalls } from '../../src/services/notifications';
import { EARLY_READ_LIFETIME_MS } from '../../src/views/data/early-read';
import { startDashboardReads } from '../../src/views/pages/home/early-reads';
import { renderApp, testCounters, testSession } from './app-harness';
import { client, fakeClients } from './clients-harness';
import { fakeNotifications, note, notificationsSession } from './notifications-harness';
import { orderSummary, sampleOrder, fakeOrders } from './orders-harness';
import { fakeProjects, project } from './projects-harness';
import { resetShell } from './shell-harness';

const seven = Array.from({ length: 7 }, (_, index) =>
  note(index + 1, 'InvitationToClient', { CreatorName: `Автор ${index + 1}`, ClientName: 'ООО «Альфа»', InvitationId: index + 1 }, index < 3));

let undo: () => void = () => undefined;
/** The dashboard's lists answer from memory: none of the user's projects, orders or clients unless a test says. */
let lists: (() => void)[] = [];
const useLists = (fakes: { install: () => () => void }[]) => lists.push(...fakes.map((fake) => fake.install()));
beforeEach(() => {
  resetShell();
  useLists([fakeProjects({ projects: [] }), fakeOrders({ orders: [] }), fakeClients({ clients: [] })]);
});
afterEach(() => {
  cleanup();
  undo();
  for (const step of lists.reverse()) step();
  lists = [];
  vi.restoreAllMocks();
});

const fresh: Counters = { ...testCounters, projects: { totalActual: 0, totalDraft: 0 }, orders: { total: 0, waitingForPayment: 0 } };

// The first render loads the lazy layout and page chunks.
const section = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });

describe('dashboard', () => {
  it('shows each counter as a card that opens its list', async () => {
    const fake = fakeNotifications([]);
    undo = fake.install();
    renderApp('/', notificationsSession(fake).session);
    const counters = await section('Сводка');
    const card = await within(counters).findByRole('link', { name: /Проекты, доступные для заказа/ });
    expect(card.getAttribute('href')).toBe('/projects?status=actual');
    expect(within(card).getByText('4')).toBeTruthy();
    const links = within(counters).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Проекты, доступные для заказа4', '/projects?status=actual'],
      ['Черновики2', '/projects?status=draft'],
      ['Заказы3', '/orders'],
      ['Ожидают оплаты1', '/orders?status=waiting_for_payment'],
      ['Проектов в корзине0', '/cart'],
      ['Избранные проекты0', '/projects?favorite=true'],
      ['Избранные заказы0', '/orders?favorite=true'],
    ]);
  });

  it('lists the five newest notifications, read or not, newest first', async () => {
    const fake = fakeNotifications(seven);
    undo = fake.install();
    renderApp('/', notificationsSession(fake).session);
    const latest = await section('Последние уведомления');
    await waitFor(() => expect(within(latest).getAllByRole('listitem')).toHaveLength(5));
    expect(within(latest).getAllByRole('listitem').map((item) => item.textContent?.split(' приглашает')[0])).toEqual([
      'Автор 7', 'Автор 6', 'Автор 5', 'Автор 4', 'Автор 3',
    ]);
    expect(fake.calls.list).toEqual([{ query: { sort: { code: 'createdAt', orderBy: 'desc' } }, page: 1, itemsOnPage: 5 }]);
    expect(within(latest).getAllByText(/^28\.08\.2025 в \d\d:\d\d$/, { selector: 'time' })).toHaveLength(5);
  });

  it('asks the newest notifications at boot, before the dashboard renders, and shows that answer without asking again', async () => {
    const fake = fakeNotifications(seven);
    undo = fake.install();
    startDashboardReads();
    expect(fake.calls.list).toEqual([{ query: { sort: { code: 'createdAt', orderBy: 'desc' } }, page: 1, itemsOnPage: 5 }]);
    renderApp('/', notificationsSession(fake).session);
    const latest = await section('Последние уведомления');
    await waitFor(() => expect(within(latest).getAllByRole('listitem')).toHaveLength(5));
    expect(within(latest).getAllByRole('listitem')[0]?.textContent).toMatch(/^Автор 7 приглашает/);
    expect(fake.calls.list).toHaveLength(1);
  });

  it('shows the boot\'s answer when it arrives after the dashboard has rendered, still with one call', async () => {
    const fake = fakeNotifications(seven);
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    undo = provideNotificationsCalls({ ...fake.gateway, list: (input, signal) => held.then(() => fake.gateway.list(input, signal)) });
    startDashboardReads();
    renderApp('/', notificationsSession(fake).session);
    const latest = await section('Последние уведомления');
    expect(within(latest).getByRole('status')).toBeTruthy();
    answer();
    await waitFor(() => expect(within(latest).getAllByRole('listitem')).toHaveLength(5));
    expect(fake.calls.list).toHaveLength(1);
  });

  it('asks afresh when the boot\'s answer was left waiting too long (the first page was another one)', async () => {
    const fake = fakeNotifications(seven);
    undo = fake.install();
    const bootTime = Date.now();
    startDashboardReads();
    vi.spyOn(Date, 'now').mockReturnValue(bootTime + EARLY_READ_LIFETIME_MS + 1);
    renderApp('/', notificationsSession(fake).session);
    const latest = await section('Последние уведомления');
    await waitFor(() => expect(within(latest).getAllByRole('listitem')).toHaveLength(5));
    expect(fake.calls.list).toHaveLength(2);
  });

  it('opens the notifications popup from Все уведомления', async () => {
    const user = userEvent.setup();
    const fake = fakeNotifications(seven);
    undo = fake.install();
    renderApp('/', notificationsSession(fake).session);
    const latest = await section('Последние уведомления');
    await user.click(await within(latest).findByRole('button', { name: 'Все уведомления' }));
    const popup = await screen.findByRole('dialog', { name: 'Уведомления' });
    expect(within(popup).getByRole('tab', { selected: true }).textContent).toContain('Новые');
  });

  it('says when there are no notifications yet', async () => {
    const fake = fakeNotifications([]);
    undo = fake.install();
    renderApp('/', notificationsSession(fake).session);
    const latest = await section('Последние уведомления');
    expect(await within(latest).findByRole('heading', { name: 'Уведомлений пока нет' })).toBeTruthy();
  });

  it('shows a placeholder while the notifications load, and a quiet note when they fail', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail: (reason: Error) => void = () => undefined;
    undo = provideNotificationsCalls({
      count: () => Promise.resolve(0),
      list: () => new Promise((_, reject) => (fail = reject)),
      changeReadStatus: () => Promise.reject(new Error('unused')),
    });
    renderApp('/', testSession());
    const latest = await section('Последние уведомления');
    expect(within(latest).getByRole('status')).toBeTruthy();
    fail(new Error('gateway down'));
    expect(await within(latest).findByText('Уведомления сейчас не загрузились. Попробуйте открыть их позже.')).toBeTruthy();
    expect(error).toHaveBeenCalled();
  });

  it('greets the user by name under the Панель управления heading', async () => {
    const fake = fakeNotifications([]);
    undo = fake.install();
    renderApp('/', notificationsSession(fake).session);
    expect(await screen.findByRole('heading', { level: 1, name: 'Панель управления' })).toBeTruthy();
    expect(await screen.findByText('Здравствуйте, Иван Петрович Смирнов!')).toBeTruthy();
  });

  it('shows a new user what to do next, each step a way into its flow, and keeps the counters', async () => {
    undo = fakeNotifications([]).install();
    renderApp('/', testSession({ counters: fresh }));
    const start = within(await section('С чего начать'));
    expect(start.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Добавьте клиента', 'Создайте проект', 'Оформите заказ',
    ]);
    expect((await start.findByRole('link', { name: 'Добавить клиента' })).getAttribute('href')).toBe('/account/clients?create=1');
    expect(start.getByRole('link', { name: 'Создать проект' }).getAttribute('href')).toBe('/wizard-board');
    expect(start.getByRole('link', { name: 'Какие файлы нужны' }).getAttribute('href')).toBe('/help#help-files');
    expect(start.getByRole('link', { name: 'Как проходит заказ' }).getAttribute('href')).toBe('/help#help-statuses');
    // The cards stay; the lists of a user with activity do not show.
    expect(within(await section('Сводка')).getAllByRole('link')).toHaveLength(7);
    expect(screen.queryByRole('region', { name: 'Последние проекты' })).toBeNull();
  });

  it('marks the client step done for a user who already belongs to a client', async () => {
    undo = fakeNotifications([]).install();
    useLists([fakeClients({ clients: [client(5)] })]);
    renderApp('/', testSession({ counters: fresh }));
    const start = within(await section('С чего начать'));
    expect(await start.findByText('Готово: вы участник клиента и можете заказывать от его имени.')).toBeTruthy();
    expect(start.queryByRole('link', { name: 'Добавить клиента' })).toBeNull();
    expect(start.getByRole('link', { name: 'Мои клиенты' }).getAttribute('href')).toBe('/account/clients');
  });

  it('once there is activity: the projects worked on last and the orders on their way, each a link, with links to all', async () => {
    undo = fakeNotifications([]).install();
    const projects = Array.from({ length: 7 }, (_, index) => project(index + 1, { title: `Плата ${index + 1}` }));
    const statuses: OrderStatus[] = ['on_check', 'waiting_for_payment', 'in_progress', 'in_stock', 'shipped', 'canceled'];
    const orders = statuses.map((status, index) => sampleOrder(index + 1, { ...orderSummary(index + 1, { status }) }));
    const ordersFake = fakeOrders({ orders });
    useLists([fakeProjects({ projects }), ordersFake]);
    renderApp('/', testSession());
    const recent = within(await section('Последние проекты'));
    await recent.findByRole('link', { name: 'Плата 7' });
    // Most recent activity first (the fake's projects change later the higher their id), five of them.
    expect(recent.getAllByRole('listitem').map((item) => item.querySelector('a')?.getAttribute('href'))).toEqual([
      '/project/7', '/project/6', '/project/5', '/project/4', '/project/3',
    ]);
    expect(recent.getByRole('link', { name: 'Все проекты (7)' }).getAttribute('href')).toBe('/projects');

    const inProgress = within(await section('Заказы в работе'));
    await inProgress.findByRole('link', { name: 'Заказ ПП-2026-00001' });
    expect(inProgress.getAllByRole('listitem').map((item) => item.querySelector('a')?.textContent).sort()).toEqual([
      'Заказ ПП-2026-00001', 'Заказ ПП-2026-00002', 'Заказ ПП-2026-00003', 'Заказ ПП-2026-00004',
    ]);
    expect(inProgress.getByRole('link', { name: 'Все заказы (4)' }).getAttribute('href')).toBe('/orders');
    expect(ordersFake.calls.list[0]?.query).toEqual({
      sort: { code: 'statusChangedAt', orderBy: 'desc' }, filters: ['on_check', 'waiting_for_payment', 'in_progress', 'in_stock'],
    });
    expect(screen.queryByRole('region', { name: 'С чего начать' })).toBeNull();
  });
});
