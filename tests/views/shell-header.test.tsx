// @vitest-environment jsdom
import './dom-polyfills';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Counters } from '../../src/contract/counters';
import { setHeaderInfo, setHeaderSubtitle, type HeaderInfo } from '../../src/services/header-info';
import { LIVE_CHAT_READY_EVENT, LIVE_CHAT_STATE_EVENT } from '../../src/services/live-chat';
import { AppHeader } from '../../src/views/components/shell/app-header';
import { SessionProvider } from '../../src/views/components/session-context';
import { renderApp, testCounters, testSession, testUser } from './app-harness';
import { resetShell } from './shell-harness';

beforeEach(resetShell);
afterEach(cleanup);

const withCart = (basket: Counters['basket']) => testSession({ counters: { ...testCounters, basket } });
const cartLink = () => screen.findByRole('link', { name: /^Корзина/ });

describe('header', () => {
  it('waits for the user summary before it renders, then shows title, subtitle and the widgets', async () => {
    let load: (user: typeof testUser) => void = () => undefined;
    const session = testSession({ user: new Promise((resolve) => (load = resolve)) });
    const location = memoryLocation({ path: '/orders' });
    render(
      <SessionProvider value={session}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AppHeader title="Заказы" />
        </Router>
      </SessionProvider>,
    );
    expect(screen.queryByRole('banner')).toBeNull();
    act(() => setHeaderSubtitle('Все заказы ваших клиентов'));
    load(testUser);
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Заказы')).toBeTruthy();
    expect(within(header).getByText('Все заказы ваших клиентов')).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Поддержка' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Иван Петрович Смирнов' })).toBeTruthy();
  });

  it('links the knowledge centre to /help', async () => {
    renderApp('/reference');
    const link = await screen.findByRole('link', { name: 'Центр знаний' });
    expect(link.getAttribute('href')).toBe('/help');
  });
});

describe('cart widget', () => {
  it('shows the price and the project count when the cart has a price', async () => {
    renderApp('/orders', withCart({ price: 1234.5, total: 2 }));
    const link = await cartLink();
    await waitFor(() => expect(link.textContent).toMatch(/1\s234,50\s₽/));
    expect(link.textContent).toContain('2 проекта');
    expect(link.getAttribute('href')).toBe('/cart');
  });

  it("says 'Цена не рассчитана' when the cart holds projects without a price", async () => {
    renderApp('/orders', withCart({ price: 0, total: 5 }));
    const link = await cartLink();
    await waitFor(() => expect(link.textContent).toContain('Цена не рассчитана'));
    expect(link.textContent).toContain('5 проектов');
  });

  it("says 'Нет проектов' and shows no count when the cart is empty", async () => {
    renderApp('/orders', withCart({ price: 0, total: 0 }));
    const link = await cartLink();
    await waitFor(() => expect(link.textContent).toContain('Нет проектов'));
    expect(link.textContent).toBe('КорзинаНет проектов');
  });

  it('counts one project in the singular', async () => {
    renderApp('/orders', withCart({ price: 99, total: 1 }));
    const link = await cartLink();
    await waitFor(() => expect(link.textContent).toContain('1 проект'));
    expect(link.textContent).not.toContain('1 проекта');
  });
});

describe('related-info bar', () => {
  const info: HeaderInfo = {
    isVisible: true,
    name: 'ООО «Электронные системы»',
    stepTitle: 'Реквизиты',
    stepNumber: 2,
    stepsTotal: 3,
    avatar: null,
    typeIco: 'wizard',
  };
  const show = (value: HeaderInfo | null) => act(() => setHeaderInfo(value));
  const bar = () => screen.queryByRole('region', { name: 'Текущий объект' });

  it('shows the name, the step, its title and the integer part of the progress', async () => {
    renderApp('/reference');
    await screen.findByRole('banner');
    show(info);
    const region = bar();
    expect(region).not.toBeNull();
    const scope = within(region as HTMLElement);
    expect(scope.getByText('ООО «Электронные системы»')).toBeTruthy();
    expect(scope.getByText('Шаг 2 / 3')).toBeTruthy();
    expect(scope.getByText('Реквизиты')).toBeTruthy();
    expect(scope.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('66');
    expect(scope.getByRole('img', { name: 'Проект' })).toBeTruthy();
  });

  it('hides the step and the progress when either number is missing or zero', async () => {
    renderApp('/reference');
    await screen.findByRole('banner');
    for (const step of [{ stepNumber: 0 }, { stepsTotal: 0 }, { stepNumber: null }, { stepsTotal: undefined }]) {
      show({ ...info, ...step });
      const scope = within(bar() as HTMLElement);
      expect(scope.getByText('ООО «Электронные системы»')).toBeTruthy();
      expect(scope.queryByRole('progressbar')).toBeNull();
      expect(scope.queryByText(/Шаг/)).toBeNull();
    }
  });

  it('is hidden unless visible, prefers the avatar, falls back to the client icon and clears on a route change', async () => {
    const { location } = renderApp('/reference');
    await screen.findByRole('banner');
    show({ ...info, isVisible: false });
    expect(bar()).toBeNull();
    show({ ...info, avatar: '/avatars/7.png' });
    expect(bar()?.querySelector('img')?.getAttribute('src')).toBe('/avatars/7.png');
    show({ ...info, typeIco: null });
    expect(within(bar() as HTMLElement).getByRole('img', { name: 'Клиент' })).toBeTruthy();
    act(() => location.navigate('/modal'));
    await screen.findByRole('heading', { level: 1, name: 'Модальные окна' });
    expect(bar()).toBeNull();
  });
});

describe('support menu', () => {
  it('offers update history, the support page and the phone, and the chat only once the widget is ready', async () => {
    const user = userEvent.setup();
    renderApp('/reference');
    await user.click(await screen.findByRole('button', { name: 'Поддержка' }));
    let menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'История обновлений' }).getAttribute('href')).toBe('/updates');
    expect(within(menu).getByRole('menuitem', { name: 'Страница поддержки' }).getAttribute('target')).toBe('_blank');
    expect(within(menu).getByRole('menuitem', { name: /^Позвонить/ }).getAttribute('href')).toMatch(/^tel:\+\d+$/);
    expect(within(menu).queryByRole('menuitem', { name: 'Онлайн-чат со специалистом' })).toBeNull();
    await user.keyboard('{Escape}');

    const widget = { open: vi.fn(), close: vi.fn() };
    act(() => void window.dispatchEvent(new CustomEvent(LIVE_CHAT_READY_EVENT, { detail: widget })));
    await user.click(screen.getByRole('button', { name: 'Поддержка' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Онлайн-чат со специалистом' }));
    expect(widget.open).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Поддержка' }));
    menu = screen.getByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Закрыть онлайн-чат' }));
    expect(widget.close).toHaveBeenCalledTimes(1);
  });

  it('ignores a ready event without working controls, and follows the widget closing itself', async () => {
    const user = userEvent.setup();
    renderApp('/reference');
    const button = await screen.findByRole('button', { name: 'Поддержка' });
    act(() => void window.dispatchEvent(new CustomEvent(LIVE_CHAT_READY_EVENT, { detail: { open: 'yes' } })));
    await user.click(button);
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: /онлайн-чат/i })).toBeNull();
    await user.keyboard('{Escape}');

    act(() => void window.dispatchEvent(new CustomEvent(LIVE_CHAT_READY_EVENT, { detail: { open: vi.fn(), close: vi.fn() } })));
    await user.click(button);
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Онлайн-чат со специалистом' }));
    act(() => void window.dispatchEvent(new CustomEvent(LIVE_CHAT_STATE_EVENT, { detail: { open: false } })));
    await user.click(button);
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Онлайн-чат со специалистом' })).toBeTruthy();
  });

  it('the chat icon explains the chat is not connected until the widget is ready, then toggles it', async () => {
    const user = userEvent.setup();
    renderApp('/reference');
    await user.click(await screen.findByRole('button', { name: 'Чат с поддержкой' }));
    const popup = await screen.findByRole('dialog', { name: 'Чат с поддержкой' });
    expect(within(popup).getByText('Не нашли ответ? Мы поможем!')).toBeTruthy();
    expect(within(popup).getByText(/Онлайн-чат пока не подключён/)).toBeTruthy();
    await user.keyboard('{Escape}');
    const widget = { open: vi.fn(), close: vi.fn() };
    act(() => void window.dispatchEvent(new CustomEvent(LIVE_CHAT_READY_EVENT, { detail: widget })));
    const chat = screen.getByRole('button', { name: 'Чат с поддержкой' });
    await user.click(chat);
    expect(widget.open).toHaveBeenCalledTimes(1);
    expect(chat.getAttribute('aria-pressed')).toBe('true');
  });
});
