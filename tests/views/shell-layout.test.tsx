// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, testCounters, testSession } from './app-harness';
import { recordCookieWrites, reloadPage, resetShell } from './shell-harness';

beforeEach(resetShell);
afterEach(cleanup);

const sidebar = () => screen.findByRole('complementary', { name: 'Боковое меню' });

describe('sidebar mini mode', () => {
  it('collapses to icons, keeps link names, and remembers it in a year-long cookie on path /', async () => {
    const user = userEvent.setup();
    const cookies = recordCookieWrites();
    try {
      renderApp('/reference');
      await user.click(await screen.findByRole('button', { name: 'Свернуть меню' }));
      expect((await sidebar()).className).toContain('sidebar--mini');
      expect(cookies.writes).toContain('sidebar-mini=1; max-age=31536000; path=/; samesite=lax');
    } finally {
      cookies.stop();
    }
    const menu = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(menu).getByRole('link', { name: /Черновики/ }).getAttribute('href')).toBe('/projects?status=draft');
    expect(within(menu).queryByRole('link', { name: 'Создать проект' })).toBeNull();
  });

  it('comes back collapsed after a reload and expands again', async () => {
    const user = userEvent.setup();
    renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: 'Свернуть меню' }));
    cleanup();
    reloadPage();
    renderApp('/orders');
    expect((await sidebar()).className).toContain('sidebar--mini');
    await user.click(screen.getByRole('button', { name: 'Развернуть меню' }));
    expect((await sidebar()).className).not.toContain('sidebar--mini');
    expect(document.cookie).toContain('sidebar-mini=0');
  });
});

describe('themes', () => {
  it('reads the sidebar theme and colour mode from the cookies onto the root before the page shows', async () => {
    document.cookie = 'sidebar-theme=white; path=/';
    document.cookie = 'color-mode=dark; path=/';
    reloadPage();
    renderApp('/orders');
    await sidebar();
    expect(document.documentElement.classList.contains('sidebar-theme-white')).toBe(true);
    expect(document.documentElement.classList.contains('color-mode-dark')).toBe(true);
  });

  it('ignores an unknown theme in the cookie and uses the brand one', async () => {
    document.cookie = 'sidebar-theme=purple; path=/';
    reloadPage();
    renderApp('/orders');
    await sidebar();
    expect(document.documentElement.classList.contains('sidebar-theme-brand')).toBe(true);
    expect(document.documentElement.classList.contains('color-mode-dark')).toBe(false);
  });

  it('follows the colour mode in the account layout too', async () => {
    document.cookie = 'color-mode=dark; path=/';
    reloadPage();
    renderApp('/account/profile');
    await screen.findByRole('navigation', { name: 'Разделы аккаунта' });
    expect(document.documentElement.classList.contains('color-mode-dark')).toBe(true);
  });
});

describe('main menu', () => {
  it('shows a badge only for non-zero counters', async () => {
    const counters = {
      ...testCounters,
      projects: { totalActual: 0, totalDraft: 5 },
      basket: { price: 0, total: 0 },
      orders: { total: 12, waitingForPayment: 0 },
    };
    renderApp('/orders', testSession({ counters }));
    const menu = await screen.findByRole('navigation', { name: 'Главное меню' });
    await waitFor(() => expect(within(menu).getByTestId('counter-drafts').textContent).toBe('5'));
    expect(within(menu).getByTestId('counter-orders').textContent).toBe('12');
    expect(within(menu).queryByTestId('counter-projects')).toBeNull();
    expect(within(menu).queryByTestId('counter-baskets')).toBeNull();
    expect(within(menu).queryByTestId('counter-index')).toBeNull();
    expect(within(menu).queryByTestId('counter-atWork')).toBeNull();
  });

  it('links every menu entry and offers the new project next to Проекты', async () => {
    renderApp('/orders');
    const menu = await screen.findByRole('navigation', { name: 'Главное меню' });
    const hrefs = within(menu).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/',
      '/projects?status=draft',
      '/projects?status=actual',
      '/wizard-board',
      '/projects?type=pcb',
      '/projects?type=stencil',
      '/projects?type=mounting',
      '/projects?type=module',
      '/folders',
      '/kits',
      '/cart',
      '/orders',
      '/positions',
      '/invoices',
      '/at-work',
    ]);
    expect(within(menu).getByRole('link', { name: /Заказы/ }).getAttribute('aria-current')).toBe('page');
  });

  it('has Поддержка at the bottom, opening the external support page in a new tab', async () => {
    renderApp('/orders');
    const bottom = await screen.findByRole('navigation', { name: 'Поддержка и подсказки' });
    const link = within(bottom).getByRole('link', { name: 'Поддержка' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('education toggle', () => {
  it('is offered only on screens that enable it', async () => {
    localStorage.setItem('pcb.wizardOnboardingSeen', '1');
    renderApp('/orders');
    await sidebar();
    expect(screen.queryByRole('button', { name: 'Подсказка' })).toBeNull();
    cleanup();
    renderApp('/project/15');
    expect(await screen.findByRole('button', { name: 'Подсказка' })).toBeTruthy();
    cleanup();
    renderApp('/wizard-board');
    expect(await screen.findByRole('button', { name: 'Подсказка' })).toBeTruthy();
  });

  it('turns education mode on and off and explains itself in a tooltip', async () => {
    localStorage.setItem('pcb.wizardOnboardingSeen', '1');
    const user = userEvent.setup();
    renderApp('/wizard-board');
    const toggle = await screen.findByRole('button', { name: 'Подсказка' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    toggle.blur();
    toggle.focus();
    expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toContain(
      'Подсказки к действиям на экране. Нажмите, чтобы перейти к обучению',
    );
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('wizard onboarding popup', () => {
  it('opens on the first visit to /wizard-board only, and Понятно closes it', async () => {
    const user = userEvent.setup();
    renderApp('/wizard-board');
    const dialog = await screen.findByRole('dialog', { name: 'Как создать проект' });
    expect((dialog as HTMLElement).style.width).toBe('600px');
    expect(within(dialog).getByRole('img', { name: 'Видео: создание проекта' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Закрыть' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();
    renderApp('/wizard-board');
    await sidebar();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open on other pages', async () => {
    renderApp('/projects');
    await sidebar();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('layouts', () => {
  it('keeps the skip link and the landmarks in the default, account and empty layouts', async () => {
    for (const path of ['/orders', '/account/contacts', '/v2/ui/buttons']) {
      renderApp(path);
      await screen.findByRole('main');
      expect(screen.getByRole('link', { name: 'Перейти к содержимому' }).getAttribute('href')).toBe('#content');
      expect(screen.getByRole('main').id).toBe('content');
      cleanup();
    }
  });

  it('account layout links its five tabs to /account/{tab} and closes back to /', async () => {
    renderApp('/account/delivery');
    const tabs = await screen.findByRole('navigation', { name: 'Разделы аккаунта' });
    expect(within(tabs).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/account/profile', '/account/clients', '/account/counteragents', '/account/contacts', '/account/delivery',
    ]);
    expect(screen.getByRole('link', { name: 'Закрыть и вернуться на главную' }).getAttribute('href')).toBe('/');
  });
});
