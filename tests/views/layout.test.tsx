// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, testCounters, testSession, testUser } from './app-harness';

afterEach(cleanup);

async function openedProfileButton() {
  return screen.findByRole('button', { name: 'Иван Петрович Смирнов' });
}

describe('default layout', () => {
  it('opens the profile menu from the keyboard on the first item and closes it on Escape, giving focus back', async () => {
    const user = userEvent.setup();
    renderApp('/reference');
    const button = await openedProfileButton();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'На главную' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Профиль' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Выход' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('lists the profile links in order', async () => {
    const user = userEvent.setup();
    renderApp('/reference');
    await user.click(await openedProfileButton());
    const names = within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect([...names.slice(0, 6), names.at(-1)]).toEqual(['На главную', 'Профиль', 'Клиенты', 'Контрагенты', 'Контакты', 'Доставка', 'Выход']);
  });

  it('signs out through the session when Выход is chosen, and lands on /auth', async () => {
    const user = userEvent.setup();
    const session = testSession();
    const sent: string[] = [];
    const original = session.send.bind(session);
    session.send = (event) => {
      sent.push(event.type);
      original(event);
    };
    const { location } = renderApp('/reference', session);
    await user.click(await openedProfileButton());
    await user.click(screen.getByRole('menuitem', { name: 'Выход' }));
    expect(sent).toContain('session.logout');
    await waitFor(() => expect(session.getSnapshot().hasTag('anonymous')).toBe(true));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth'));
  });

  it('closes the profile menu when the route changes', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/reference');
    await user.click(await openedProfileButton());
    expect(screen.getByRole('menu')).toBeTruthy();
    location.navigate('/cart');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('shows counter badges in the main menu only for non-zero counts', async () => {
    renderApp('/reference');
    const menu = await screen.findByRole('navigation', { name: 'Главное меню' });
    await waitFor(() => expect(within(menu).getByRole('link', { name: /Черновики/ }).textContent).toContain(String(testCounters.projects.totalDraft)));
    expect(within(menu).getByRole('link', { name: /Заказы/ }).textContent).toContain('3');
    expect(within(menu).getByRole('link', { name: 'Корзины' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Создать проект' }).getAttribute('href')).toBe('/wizard-board');
  });

  it('shows the page loader, not the page, while the user summary loads', async () => {
    let load: (user: typeof testUser) => void = () => undefined;
    renderApp('/cart', testSession({ user: new Promise((resolve) => (load = resolve)) }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    load(testUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Корзина' })).toBeTruthy();
    expect(await openedProfileButton()).toBeTruthy();
  });

  it('renders no header when the user summary could not be loaded', async () => {
    renderApp('/cart', testSession({ user: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Корзина' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(testUser.firstName) })).toBeNull();
  });

  it('shows the female avatar placeholder when the user said so', async () => {
    renderApp('/cart', testSession({ user: { ...testUser, isMale: false } }));
    const button = await openedProfileButton();
    expect(button.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe('female');
  });
});

describe('auth layout', () => {
  it('switches the language keeping the path and shows the support chat hint', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/auth?reset=1', testSession({ signedIn: false }));
    expect(await screen.findByText('Не нашли ответ? Мы поможем!')).toBeTruthy();
    expect(screen.getByText('Напишите свой вопрос в чат. Наши специалисты всегда готовы помочь вам найти решение')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'EN' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/en/auth?reset=1'));
    expect(await screen.findByText("Didn't find an answer? We'll help!")).toBeTruthy();
    expect(document.cookie).toContain('locale=en');
  });

  it('opens the support chat panel that says honestly the chat is not connected', async () => {
    const user = userEvent.setup();
    renderApp('/auth', testSession({ signedIn: false }));
    await user.click(await screen.findByRole('button', { name: 'Чат с поддержкой' }));
    expect(screen.getByText(/Онлайн-чат пока не подключён/)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/Онлайн-чат пока не подключён/)).toBeNull();
  });
});

describe('account layout', () => {
  it('shows the five account tabs with the current one marked', async () => {
    renderApp('/account/contacts');
    const tabs = await screen.findByRole('navigation', { name: 'Разделы аккаунта' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Профиль', 'Клиенты', 'Контрагенты', 'Контакты', 'Доставка']);
    expect(within(tabs).getByRole('link', { name: 'Контакты' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Закрыть и вернуться на главную' }).getAttribute('href')).toBe('/');
  });
});
