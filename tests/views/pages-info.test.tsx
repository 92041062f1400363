// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { ORDER_STATUSES } from '../../src/contract/orders';
import { applyLocale, t } from '../../src/services/i18n';
import { provideOrdersCalls, type OrdersCalls } from '../../src/services/orders';
import { renderApp, testSession } from './app-harness';
import { resetShell } from './shell-harness';

beforeEach(resetShell);
afterEach(() => {
  cleanup();
  applyLocale('ru');
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('/updates', () => {
  it('lists the 28.08.2025 release with what it brought and what it fixed', async () => {
    renderApp('/updates');
    await heading('История обновлений');
    const release = screen.getByRole('article', { name: 'Обновление от 28.08.2025' });
    expect(within(within(release).getByRole('list', { name: 'Новое' })).getAllByRole('listitem')).toHaveLength(5);
    const fixes = within(within(release).getByRole('list', { name: 'Исправлено' })).getAllByRole('listitem');
    expect(fixes.map((item) => item.textContent)).toEqual([
      'Отображение статуса оплаченного заказа',
      'Редактирование параметров платы при первой загрузке',
      'Определение размера трафарета',
      'Экран успешной оплаты',
    ]);
  });

  it('speaks English under /en', async () => {
    renderApp('/en/updates');
    await heading('Update history');
    expect(screen.getByRole('article', { name: 'Update of 28.08.2025' })).toBeTruthy();
  });
});

describe('/help', () => {
  it('is the knowledge centre: sections of links, the process diagrams at /flows, and the support contacts', async () => {
    renderApp('/help');
    await heading('Помощь');
    const portal = screen.getByRole('region', { name: 'О портале' });
    expect(within(portal).getByRole('link', { name: 'Схемы процессов' }).getAttribute('href')).toBe('/flows');
    expect(within(portal).getByRole('link', { name: 'История обновлений' }).getAttribute('href')).toBe('/updates');
    const orders = screen.getByRole('region', { name: 'Проекты и заказы' });
    expect(within(orders).getByRole('link', { name: 'Создать проект' }).getAttribute('href')).toBe('/wizard-board');
    const support = screen.getByRole('region', { name: 'Поддержка' });
    expect(within(support).getByRole('link', { name: /Страница поддержки/ }).getAttribute('target')).toBe('_blank');
    expect(within(support).getByRole('link', { name: /Телефон:/ }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
  });

  it('keeps the language in its links', async () => {
    renderApp('/en/help');
    await heading('Help');
    expect(screen.getByRole('link', { name: 'Process diagrams' }).getAttribute('href')).toBe('/en/flows');
  });

  it('opens with a table of contents whose every link reaches its article by an anchor, from the keyboard too', async () => {
    const user = userEvent.setup();
    renderApp('/help');
    await heading('Помощь');
    const contents = within(await screen.findByRole('navigation', { name: 'Содержание' }));
    await contents.findByRole('link', { name: 'Какие файлы прислать' });
    const links = contents.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Какие файлы прислать', 'Производственные возможности', 'Как считается цена', 'Статусы заказа', 'Оплата', 'Доставка',
      'Разделы портала и поддержка',
    ]);
    for (const link of links) {
      const target = document.getElementById((link.getAttribute('href') ?? '').replace(/^#/, ''));
      expect(target?.tagName, link.textContent ?? '').toBe('H2');
      expect(target?.textContent).toBe(link.textContent);
    }
    // Tab from the top of the page reaches the contents: the articles are one key press away.
    (document.activeElement as HTMLElement | null)?.blur();
    for (let presses = 0; presses < 80 && document.activeElement?.textContent !== 'Какие файлы прислать'; presses += 1) await user.tab();
    expect(document.activeElement?.getAttribute('href')).toBe('#help-files');
  });

  it('says which files to send from each CAD tool, with the names the portal recognises', async () => {
    renderApp('/help');
    await heading('Помощь');
    const files = within(await screen.findByRole('region', { name: 'Какие файлы прислать' }));
    const table = within(files.getByRole('table', { name: 'Выгрузка файлов из программ проектирования' }));
    expect(table.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'KiCad', 'Eagle, Fusion Electronics', 'Altium Designer', 'PADS', 'DipTrace', 'EasyEDA (Standard и Pro)', 'Proteus',
      'Sprint-Layout', 'LibrePCB', 'OrCAD, Allegro',
    ]);
    const kicad = within(table.getByRole('rowheader', { name: 'KiCad' }).closest('tr') as HTMLElement);
    expect(kicad.getByText('-Edge_Cuts', { selector: 'code' })).toBeTruthy();
    expect(files.getByText(/до 25 МБ и до 100 файлов/)).toBeTruthy();
  });

  it('explains every order status the portal has and the capabilities in the language\'s numbers', async () => {
    renderApp('/help');
    await heading('Помощь');
    const statuses = within(await screen.findByRole('region', { name: 'Статусы заказа' }));
    expect(statuses.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(ORDER_STATUSES.map((status) => t(`orderStatusOne.${status}`)));
    const capabilities = within(screen.getByRole('region', { name: 'Производственные возможности' }));
    const track = capabilities.getByRole('rowheader', { name: 'Проводник и зазор' }).closest('tr');
    expect(track?.textContent).toBe('Проводник и зазорот 0,075 мм');
    cleanup();
    renderApp('/en/help');
    await heading('Help');
    const english = within(await screen.findByRole('region', { name: 'Manufacturing capabilities' }));
    expect(english.getByRole('rowheader', { name: 'Track and gap' }).closest('tr')?.textContent).toBe('Track and gapfrom 0.075 mm');
    expect(english.getByRole('rowheader', { name: 'Quantity' }).closest('tr')?.textContent).toBe('Quantity1 to 100,000 pcs');
  });
});

describe('/at-work', () => {
  it('explains the page, shows the order counters that exist, the stages and the empty-list placeholder', async () => {
    // No order is in work: the list's calls answer from memory (the list itself: lists-at-work.test.tsx).
    const none = () => Promise.reject(new Error('not asked'));
    const undo = provideOrdersCalls({
      count: () => Promise.resolve(0),
      list: () => Promise.resolve([]),
      get: none,
      setFavorite: none,
      cancel: none,
      reorder: none,
      addReview: none,
      addComplaint: none,
      cancelComplaint: none,
      attachFiles: none,
      answerRequest: none,
      acceptCorrection: none,
      download: none,
    } satisfies OrdersCalls);
    onTestFinished(undo);
    renderApp('/at-work', testSession());
    await heading('В работе');
    expect(screen.getByText(/на оформлении и в изготовлении/)).toBeTruthy();
    const counters = screen.getByRole('region', { name: 'Заказы сейчас' });
    const total = within(counters).getByRole('link', { name: /Всего заказов/ });
    expect(total.getAttribute('href')).toBe('/orders');
    expect(within(total).getByText('3')).toBeTruthy();
    expect(within(counters).getByRole('link', { name: /Ожидают оплаты/ }).getAttribute('href')).toBe('/orders?status=waiting_for_payment');
    const stages = screen.getByRole('region', { name: 'Этапы работы' });
    expect(within(stages).getByRole('link', { name: 'Оформление' }).getAttribute('href')).toBe('/orders?status=on_check');
    expect(within(stages).getByRole('link', { name: 'Изготовление' }).getAttribute('href')).toBe('/orders?status=in_progress');
    expect(await screen.findByRole('heading', { name: 'Список пуст' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все заказы' }).getAttribute('href')).toBe('/orders');
  });
});
