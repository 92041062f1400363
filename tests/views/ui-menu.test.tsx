// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLocale } from '../../src/services/i18n';
import { closeAllModals, openModalCount } from '../../src/services/modals';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuLinkItem, MenuSeparator, MenuTrigger } from '../../src/views/components/ui/menu';

afterEach(() => {
  cleanup();
  applyLocale('ru');
});

function renderMenu(onCopy = vi.fn(), path = '/') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Menu>
        <MenuTrigger>
          <button type="button">Действия</button>
        </MenuTrigger>
        <MenuContent>
          <MenuLabel>Проект</MenuLabel>
          <MenuItem onSelect={onCopy}>Скопировать</MenuItem>
          <MenuItem onSelect={() => undefined} disabled>
            Недоступно
          </MenuItem>
          <MenuSeparator />
          <MenuLinkItem to="/orders">Заказы</MenuLinkItem>
          <MenuItem danger onSelect={() => undefined}>
            Удалить
          </MenuItem>
        </MenuContent>
      </Menu>
    </Router>,
  );
  return { location, onCopy, trigger: screen.getByRole('button', { name: 'Действия' }) };
}

describe('Menu', () => {
  it('opens from the keyboard on its first item, moves with arrows skipping disabled items, and Escape gives focus back', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Скопировать' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Заказы' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Удалить' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('runs an item on Enter and closes', async () => {
    const user = userEvent.setup();
    const { trigger, onCopy } = renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(onCopy).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('link items are real links in the current language and navigate', async () => {
    applyLocale('en');
    const user = userEvent.setup();
    const { trigger, location } = renderMenu(vi.fn(), '/en');
    await user.click(trigger);
    const link = screen.getByRole('menuitem', { name: 'Заказы' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/en/orders');
    await user.click(link);
    expect(location.history.at(-1)).toBe('/en/orders');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a route change closes an open menu', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(openModalCount()).toBe(1);
    closeAllModals();
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
