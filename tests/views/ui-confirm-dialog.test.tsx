// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../src/views/components/ui/confirm-dialog';

afterEach(cleanup);

type Options = Partial<Omit<ComponentProps<typeof ConfirmDialog>, 'open' | 'onConfirm' | 'onCancel'>>;

function renderDialog(options: Options = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Удалить участника
        </button>
        <ConfirmDialog
          {...options}
          open={open}
          onConfirm={(comment) => {
            onConfirm(comment);
            setOpen(false);
          }}
          onCancel={() => {
            onCancel();
            setOpen(false);
          }}
        />
      </>
    );
  }
  render(<Harness />);
  return { onConfirm, onCancel, opener: screen.getByRole('button', { name: 'Удалить участника' }) };
}

describe('ConfirmDialog', () => {
  it('has the defaults Вы уверены?, Да, Нет; focus starts on the safe answer', async () => {
    const user = userEvent.setup();
    const { onConfirm, opener } = renderDialog();
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Вы уверены?' });
    expect(dialog).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Нет' }));
    await user.click(screen.getByRole('button', { name: 'Да' }));
    expect(onConfirm).toHaveBeenCalledWith('');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('cancels with its cancel button and with Escape', async () => {
    const user = userEvent.setup();
    const { onCancel, opener } = renderDialog({ text: 'Удалить группу?', okLabel: 'Удалить', cancelLabel: 'Отмена' });
    await user.click(opener);
    expect(screen.getByRole('alertdialog', { name: 'Удалить группу?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('an optional comment is passed on trimmed, and may stay empty', async () => {
    const user = userEvent.setup();
    const { onConfirm, opener } = renderDialog({ withComment: true });
    await user.click(opener);
    const comment = screen.getByRole('textbox', { name: 'Комментарий' });
    expect(comment.getAttribute('placeholder')).toBe('Оставьте ваш комментарий');
    expect(document.activeElement).toBe(comment);
    expect((screen.getByRole('button', { name: 'Да' }) as HTMLButtonElement).disabled).toBe(false);
    await user.type(comment, '  по просьбе клиента ');
    await user.click(screen.getByRole('button', { name: 'Да' }));
    expect(onConfirm).toHaveBeenCalledWith('по просьбе клиента');
  });

  it('a required comment blocks confirm while empty and shows Обязательное поле', async () => {
    const user = userEvent.setup();
    const { onConfirm, opener } = renderDialog({ withComment: true, commentRequired: true });
    await user.click(opener);
    const confirm = screen.getByRole('button', { name: 'Да' }) as HTMLButtonElement;
    const comment = screen.getByRole('textbox', { name: 'Комментарий' });
    expect(confirm.disabled).toBe(true);
    expect(comment.getAttribute('aria-required')).toBe('true');

    // Spaces alone do not count as a comment.
    await user.type(comment, '   ');
    expect(confirm.disabled).toBe(true);
    expect(screen.getByText('Обязательное поле')).toBeTruthy();
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(comment.getAttribute('aria-describedby')).toBe(screen.getByText('Обязательное поле').id);
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(comment, 'причина');
    expect(confirm.disabled).toBe(false);
    expect(screen.queryByText('Обязательное поле')).toBeNull();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('причина');
  });

  it('starts every opening with an empty comment', async () => {
    const user = userEvent.setup();
    const { opener } = renderDialog({ withComment: true, commentRequired: true });
    await user.click(opener);
    await user.type(screen.getByRole('textbox', { name: 'Комментарий' }), 'черновик');
    await user.click(screen.getByRole('button', { name: 'Нет' }));
    await user.click(opener);
    expect((screen.getByRole('textbox', { name: 'Комментарий' }) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText('Обязательное поле')).toBeNull();
  });
});
