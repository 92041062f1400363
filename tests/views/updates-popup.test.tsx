// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPDATES_RELEASE } from '../../src/machines/updates-popup/updates-popup';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import { UPDATES_STORAGE_KEY } from '../../src/services/updates';
import { UpdatesPopup } from '../../src/views/components/updates/updates-popup';

await loadLocale('en');

function renderPopup(path = '/', registeredAt: string | null = null) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <UpdatesPopup registeredAt={registeredAt} />
    </Router>,
  );
  return location;
}

const stored = () => localStorage.getItem(UPDATES_STORAGE_KEY);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  applyLocale('ru');
});

describe("what's new popup", () => {
  it('shows the 28 August 2025 release to someone who has nothing stored, and stores the release date', () => {
    renderPopup();
    const dialog = screen.getByRole('dialog', { name: 'Что нового' });
    expect(within(dialog).getByText('28 августа 2025')).toBeTruthy();
    const features = within(dialog).getByRole('list', { name: 'Новое' });
    expect(within(features).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Новая генерация изображений проектов',
      'Ручной ввод параметров проекта',
      'Трек-номер отправления на странице заказа и в списке заказов',
      'Списки проектов и заказов загружаются быстрее',
      'Небольшие изменения экрана панелизации',
    ]);
    expect(within(within(dialog).getByRole('list', { name: 'Исправлено' })).getAllByRole('listitem')).toHaveLength(4);
    expect(stored()).toBe(UPDATES_RELEASE);
    expect(UPDATES_RELEASE).toBe('28-08-2025');
  });

  it('is never shown to a user who registered after the release, so their first page keeps the keyboard focus', () => {
    render(<button type="button" autoFocus>Первый проект</button>);
    renderPopup('/wizard-board', '2026-11-28T09:15:00.000Z');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Первый проект');
    expect(stored()).toBeNull();
  });

  it('closes on Понятно and stays closed on the next visit', async () => {
    const user = userEvent.setup();
    renderPopup();
    await user.click(screen.getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderPopup();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens /updates (in the current language) on Все изменения', async () => {
    const user = userEvent.setup();
    const location = renderPopup();
    await user.click(screen.getByRole('button', { name: 'Все изменения' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location.history?.at(-1)).toBe('/updates');

    cleanup();
    localStorage.clear();
    applyLocale('en');
    const english = renderPopup('/en');
    await user.click(screen.getByRole('button', { name: 'All changes' }));
    expect(english.history?.at(-1)).toBe('/en/updates');
  });

  it('shows again when an older release is stored, and never when the stored value is disabled', () => {
    localStorage.setItem(UPDATES_STORAGE_KEY, '01-06-2025');
    renderPopup();
    expect(screen.getByRole('dialog', { name: 'Что нового' })).toBeTruthy();
    expect(stored()).toBe(UPDATES_RELEASE);
    cleanup();

    localStorage.setItem(UPDATES_STORAGE_KEY, 'disabled');
    renderPopup();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored()).toBe('disabled');
  });

  it('closes on Escape like Понятно', async () => {
    const user = userEvent.setup();
    renderPopup();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored()).toBe(UPDATES_RELEASE);
  });
});
