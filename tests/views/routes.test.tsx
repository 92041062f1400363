// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testSession, testUser } from './app-harness';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('routes', () => {
  it('shows the 404 page for an unknown route, with buttons home and to the profile', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: /Страница не найдена/ })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    expect(main.getByRole('link', { name: 'В профиль' }).getAttribute('href')).toBe('/account/profile');
    expect(document.title).toBe('Страница не найдена - Личный кабинет PCB Portal');
  });

  it('shows the 404 page for a path with a double slash', async () => {
    renderApp('/orders//5');
    expect(await screen.findByRole('heading', { name: /Страница не найдена/ })).toBeTruthy();
  });

  it('shows the 404 page for an order id that is not a positive integer', async () => {
    renderApp('/orders/abc');
    expect(await screen.findByRole('heading', { name: /Страница не найдена/ })).toBeTruthy();
  });

  it('renders English under /en, with English links', async () => {
    renderApp('/en/no-such-page');
    expect(await screen.findByRole('heading', { name: /Page not found/ })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('renders an English page title and menu for a signed-in user under /en', async () => {
    renderApp('/en/orders');
    // The orders page is a real page now: its lazy chunk takes longer than a stub to load on a cold run.
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Orders - Customer portal PCB Portal'));
  });

  it('sends an anonymous visitor to /auth, keeping the query and the way back', async () => {
    const { location } = renderApp('/projects?status=draft', testSession({ signedIn: false }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth?status=draft&redirect=%2Fprojects%3Fstatus%3Ddraft'));
  });

  it('follows chained redirects: a signed-in user with an unfilled profile on /auth ends on the profile form', async () => {
    const session = testSession({ user: { ...testUser, isFilled: false } });
    await waitFor(() => expect(session.getSnapshot().hasTag('userLoaded')).toBe(true));
    const { location } = renderApp('/auth?redirect=%2Forders', session);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/filling-profile'));
  });

  it('shows a section that is not built yet as an honest empty list', async () => {
    renderApp('/reference');
    expect(await screen.findByRole('heading', { level: 1, name: 'Справочные данные' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Список пуст' })).toBeTruthy();
  });

  it('shows the dashboard with the user name and the counters the session loaded', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Панель управления' })).toBeTruthy();
    expect(await screen.findByText('Здравствуйте, Иван Петрович Смирнов!')).toBeTruthy();
    const figure = screen.getByText('Проекты, доступные для заказа').nextElementSibling;
    expect(figure?.textContent).toBe('4');
  });
});
