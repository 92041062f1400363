// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllModals, openModalCount } from '../../src/services/modals';
import { Popover } from '../../src/views/components/ui/popover';

afterEach(cleanup);

function renderPopover() {
  render(
    <>
      <Popover label="Уведомления" width={423} trigger={<button type="button">Колокольчик</button>}>
        <button type="button">Отметить все</button>
      </Popover>
      <button type="button">Снаружи</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Колокольчик' });
}

describe('Popover', () => {
  it('opens a named dialog of the given width with focus inside; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();
    await user.click(trigger);
    const popup = screen.getByRole('dialog', { name: 'Уведомления' });
    expect(popup.style.width).toBe('423px');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(popup.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click outside and on a route change', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Снаружи' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(trigger);
    expect(openModalCount()).toBe(1);
    closeAllModals();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
