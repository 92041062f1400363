// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, testCounters, testSession, testUser } from './app-harness';
import { reloadPage, resetShell } from './shell-harness';

beforeEach(resetShell);
afterEach(cleanup);

const profileButton = () => screen.findByRole('button', { name: 'Иван Петрович Смирнов' });

describe('profile menu', () => {
  it('works from the keyboard: opens on the first item, arrows, End, Escape gives focus back', async () => {
    const user = userEvent.setup();
    renderApp('/orders');
    const button = await profileButton();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'На главную' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Профиль' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Выход' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('shows the full name, the account links and the favourites with their counts', async () => {
    const user = userEvent.setup();
    const counters = { ...testCounters, favorite: { totalProject: 7, totalOrder: 2 } };
    renderApp('/orders', testSession({ counters }));
    await user.click(await profileButton());
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Иван Петрович Смирнов')).toBeTruthy();
    const links = ['На главную', 'Профиль', 'Клиенты', 'Контрагенты', 'Контакты', 'Доставка'].map((name) =>
      within(menu).getByRole('menuitem', { name }).getAttribute('href'),
    );
    expect(links).toEqual(['/', '/account/profile', '/account/clients', '/account/counteragents', '/account/contacts', '/account/delivery']);
    const projects = within(menu).getByRole('menuitem', { name: /Избранные проекты/ });
    expect(projects.getAttribute('href')).toBe('/projects?favorite=true');
    expect(projects.textContent).toContain('7');
    const orders = within(menu).getByRole('menuitem', { name: /Избранные заказы/ });
    expect(orders.getAttribute('href')).toBe('/orders?favorite=true');
    expect(orders.textContent).toContain('2');
  });

  it('cycles the sidebar colour brand → dark → white → brand and keeps it over a reload', async () => {
    const user = userEvent.setup();
    renderApp('/orders');
    const root = document.documentElement.classList;
    for (const [label, next] of [['фирменный', 'dark'], ['тёмный', 'white'], ['белый', 'brand']] as const) {
      await user.click(await profileButton());
      await user.click(screen.getByRole('menuitem', { name: `Цвет меню: ${label}` }));
      expect(root.contains(`sidebar-theme-${next}`)).toBe(true);
      expect(document.cookie).toContain(`sidebar-theme=${next}`);
    }
    await user.click(await profileButton());
    await user.click(screen.getByRole('menuitem', { name: 'Цвет меню: фирменный' }));
    cleanup();
    document.documentElement.className = '';
    reloadPage();
    renderApp('/orders');
    await user.click(await profileButton());
    expect(screen.getByRole('menuitem', { name: 'Цвет меню: тёмный' })).toBeTruthy();
    expect(root.contains('sidebar-theme-dark')).toBe(true);
  });

  it('switches between light and dark mode', async () => {
    const user = userEvent.setup();
    renderApp('/orders');
    await user.click(await profileButton());
    await user.click(screen.getByRole('menuitem', { name: 'Тёмная тема' }));
    expect(document.documentElement.classList.contains('color-mode-dark')).toBe(true);
    expect(document.cookie).toContain('color-mode=dark');
    await user.click(await profileButton());
    await user.click(screen.getByRole('menuitem', { name: 'Светлая тема' }));
    expect(document.documentElement.classList.contains('color-mode-dark')).toBe(false);
    expect(document.cookie).toContain('color-mode=light');
  });

  it('switches the language keeping the page', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/orders?status=shipped');
    await user.click(await profileButton());
    await user.click(screen.getByRole('menuitem', { name: 'English' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/en/orders?status=shipped'));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('shows the uploaded avatar instead of the placeholder', async () => {
    renderApp('/orders', testSession({ user: { ...testUser, avatar: '/avatars/7.png' } }));
    const button = await profileButton();
    expect(button.querySelector('img')?.getAttribute('src')).toBe('/avatars/7.png');
    expect(button.querySelector('[data-placeholder]')).toBeNull();
  });
});
