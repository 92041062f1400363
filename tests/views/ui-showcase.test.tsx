// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts } from '../../src/services/toasts';
import { iconNames } from '../../src/views/components/ui/icon';
import { paletteOf } from '../../src/views/pages/v2-ui/palette';
import { partOfPath, SHOWCASE_PARTS } from '../../src/views/pages/v2-ui/parts';
import { renderApp } from './app-harness';

afterEach(() => {
  clearToasts();
  cleanup();
  document.head.querySelectorAll('style[data-test]').forEach((style) => style.remove());
});

async function openPart(path: string, heading: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
  return view;
}

describe('/v2/ui showcase', () => {
  it('links the six parts from every part, marking the current one', async () => {
    await openPart('/v2/ui/icons', 'Иконки');
    const nav = screen.getByRole('navigation', { name: 'Разделы UI-кита' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(SHOWCASE_PARTS.map((part) => `/v2/ui/${part}`));
    expect(within(nav).getByRole('link', { name: 'Иконки' }).getAttribute('aria-current')).toBe('page');
    expect(partOfPath('/en/v2/ui/form')).toBe('form');
    expect(partOfPath('/v2/ui/unknown')).toBe('buttons');
  });

  it('buttons: primary, secondary and link, each normal, disabled and busy', async () => {
    await openPart('/v2/ui/buttons', 'Кнопки');
    for (const variant of ['primary', 'secondary', 'link']) {
      expect(document.querySelectorAll(`.ui-button--${variant}`).length).toBeGreaterThanOrEqual(3);
    }
    const disabled = screen.getAllByRole('button', { name: 'Недоступна' });
    expect(disabled.every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    const busy = screen.getAllByRole('button', { name: 'Выполняется' });
    expect(busy.every((button) => button.getAttribute('aria-busy') === 'true')).toBe(true);
  });

  it('colors: a palette card for each sidebar theme in light and dark mode', async () => {
    await openPart('/v2/ui/colors', 'Цвета');
    expect(screen.getByRole('heading', { name: 'Светлый режим' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Тёмный режим' })).toBeTruthy();
    expect(screen.getAllByText(/Тема «(фирменная|тёмная|белая)»/)).toHaveLength(6);
  });

  it('reads each theme and mode palette from the stylesheet cascade', () => {
    const style = document.createElement('style');
    style.dataset.test = '';
    style.textContent = `
      :root { --brand: #0b4f6c; --space-1: 4px; --sidebar-bg: var(--brand); }
      :root.sidebar-theme-white { --sidebar-bg: #ffffff; }
      :root.color-mode-dark { --brand: #3d9cc4; }
      :root.color-mode-dark:not(.sidebar-theme-dark):not(.sidebar-theme-white) { --sidebar-bg: #0b3a50; }
      .other { --brand: red; }`;
    document.head.append(style);
    expect([...paletteOf('brand', 'light')]).toEqual([['--brand', '#0b4f6c'], ['--sidebar-bg', 'var(--brand)']]);
    expect(paletteOf('white', 'light').get('--sidebar-bg')).toBe('#ffffff');
    expect(paletteOf('brand', 'dark').get('--sidebar-bg')).toBe('#0b3a50');
    expect(paletteOf('white', 'dark').get('--sidebar-bg')).toBe('#ffffff');
    expect(paletteOf('dark', 'dark').get('--brand')).toBe('#3d9cc4');
  });

  it('dropdown: the menu, popover, tooltip and tabs work there', async () => {
    const user = userEvent.setup();
    await openPart('/v2/ui/dropdown', 'Выпадающие списки');
    await user.click(screen.getByRole('button', { name: 'Открыть меню' }));
    await user.click(screen.getByRole('menuitem', { name: 'В избранное' }));
    expect(screen.getByText('Выбрано: В избранное')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Открыть панель' }));
    expect(screen.getByRole('dialog', { name: 'Пример панели' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Новые');
    expect(screen.getAllByRole('button', { name: 'Наведите или сфокусируйте' }).length).toBe(2);
  });

  it('form: text, password and phone fields with errors, and the confirm dialog with a required comment', async () => {
    const user = userEvent.setup();
    await openPart('/v2/ui/form', 'Формы');
    for (const name of ['Имя', 'Пароль', 'Телефон']) {
      expect(screen.getByLabelText(name).getAttribute('aria-invalid')).toBe('true');
    }
    await user.click(screen.getByRole('button', { name: 'Показать или скрыть ошибки' }));
    expect(screen.getByLabelText('Имя').getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'С обязательным комментарием' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Удалить участника из группы?' });
    expect((within(dialog).getByRole('button', { name: 'Удалить' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox'), 'ушёл');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(screen.getByText('Подтверждено, комментарий: ушёл')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Без комментария' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Вы уверены?' })).getByRole('button', { name: 'Нет' }));
    expect(screen.getByText('Отменено')).toBeTruthy();
  });

  it('icons: every icon with its name', async () => {
    await openPart('/v2/ui/icons', 'Иконки');
    for (const name of iconNames) expect(screen.getByText(name, { selector: 'code' })).toBeTruthy();
  });

  it('panel: skeletons, empty states, toasts, a modal and the avatars', async () => {
    const user = userEvent.setup();
    await openPart('/v2/ui/panel', 'Панели');
    expect(document.querySelectorAll('.ui-skeleton')).toHaveLength(3);
    // The default one, and the one that only has a text and an action.
    expect(screen.getAllByRole('heading', { name: 'Список пуст' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Создать проект' }).getAttribute('href')).toBe('/wizard-board');
    await user.click(screen.getByRole('button', { name: 'Повторить поиск' }));
    expect(screen.getByText('Поиск повторён: 1')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Успех' }));
    const toast = await screen.findByText('Запрос доступа одобрен!', {}, { timeout: 3000 });
    expect(toast.closest('[role="status"]')?.className).toContain('ui-toast--success');
    expect(screen.getByRole('region', { name: 'Уведомления' }).contains(toast)).toBe(true);

    const opener = screen.getByRole('button', { name: 'Открыть окно' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Пример окна' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);

    expect(screen.getByRole('img', { name: 'Мужчина, без фото' }).getAttribute('data-avatar')).toBe('male');
    expect(screen.getByRole('img', { name: 'Женщина, без фото' }).getAttribute('data-avatar')).toBe('female');
    expect(screen.getByRole('img', { name: 'Пол не указан' }).getAttribute('data-avatar')).toBe('male');
    expect(screen.getByRole('img', { name: 'Загруженное фото' }).tagName).toBe('IMG');
  });
});
