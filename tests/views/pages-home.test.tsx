// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideNotificationsGateway } from '../../src/services/notifications';
import { renderApp, testSession } from './app-harness';
import { fakeNotifications, note, notificationsSession } from './notifications-harness';
import { resetShell } from './shell-harness';

const seven = Array.from({ length: 7 }, (_, index) =>
  note(index + 1, 'InvitationToClient', { CreatorName: `Автор ${index + 1}`, ClientName: 'ООО «Альфа»', InvitationId: index + 1 }, index < 3));

let undo: () => void = () => undefined;
beforeEach(resetShell);
afterEach(() => {
  cleanup();
  undo();
  vi.restoreAllMocks();
});

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
    undo = provideNotificationsGateway({
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
});
