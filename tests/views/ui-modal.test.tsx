// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAllModals, openModalCount } from '../../src/services/modals';
import { Modal } from '../../src/views/components/ui/modal';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <button type="button">Снаружи</button>
      <Modal open={open} onOpenChange={setOpen} title="Пример" description="Описание окна" footer={<button type="button">Понятно</button>}>
        <input aria-label="Поле" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a named dialog, keeps Tab inside, closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Открыть' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Пример' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Описание окна').id).toBe(dialog.getAttribute('aria-describedby'));
    // Focus moved in: the first focusable element, the close cross.
    const close = screen.getByRole('button', { name: 'Закрыть' });
    expect(document.activeElement).toBe(close);

    // Tab cycles through the three focusables and wraps, never reaching the page behind.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Поле' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Понятно' }));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Понятно' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its cross', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('registers while open, so a route change (closeAllModals) closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(openModalCount()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(openModalCount()).toBe(1);
    closeAllModals();
    expect(await screen.findByRole('button', { name: 'Открыть' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(openModalCount()).toBe(0);
  });
});
