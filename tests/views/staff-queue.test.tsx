// @vitest-environment jsdom
import './dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { waitingWords } from '../../src/services/staff/staff-format';
import { deferred } from '../deferred';
import { fakeStaff, queueItem, renderStaff, signInAs } from './staff-harness';
import { undoAfterEach } from './undo-after-each';

const undo = undoAfterEach(() => vi.useRealTimers());

const NOW = new Date('2026-11-28T12:20:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

function setup(options: Parameters<typeof fakeStaff>[0], role: 'engineer' | 'manager' | 'admin' = 'engineer', path = '/staff') {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  const fake = fakeStaff(options);
  undo.push(fake.install());
  signInAs(role);
  return { fake, ...renderStaff(path) };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
/** Each cell as read, with the narrow and non-breaking spaces of numbers as plain ones. */
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));

describe('the engineering desk\'s queue', () => {
  it('lists the orders held at the check as the gateway orders them, each with its reason, waiting time, first line, total and claim', async () => {
    setup({
      queue: [
        queueItem(7, { reason: 'filesAwaited', waitingSince: ago(200), clientName: 'Альфа', firstLineTitle: 'Плата питания', total: 48_000, lineCount: 3 }),
        queueItem(9, { reason: 'dfmReview', waitingSince: ago(45), clientName: 'Бета', claim: { staffId: 14, name: 'Игорь Платонов', at: ago(10) } }),
        queueItem(4, { reason: 'dfmCutShort', waitingSince: ago(0), clientName: 'Гамма' }),
      ],
    });
    await screen.findByRole('table');
    expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['ПП-2026-00007', 'ПП-2026-00009', 'ПП-2026-00004']);
    expect(cells(rows()[0] as HTMLElement)).toEqual(['Альфа', 'Ждём файлы', '3 ч 20 мин', 'Плата питания · позиций: 3', '48 000,00 ₽', 'свободен']);
    expect(cells(rows()[1] as HTMLElement)).toEqual(['Бета', 'Проверка DFM', '45 мин', 'Контроллер', '12 500,00 ₽', 'Игорь Платонов']);
    expect(cells(rows()[2] as HTMLElement).slice(1, 3)).toEqual(['DFM не досчитан', 'меньше минуты']);
    expect(within(rows()[0] as HTMLElement).getByRole('link', { name: 'ПП-2026-00007' }).getAttribute('href')).toBe('/staff/orders/7');
    expect(screen.getByText('В очереди: 3')).toBeTruthy();
  });

  it('says so when the queue is empty, and shows skeletons while it loads', async () => {
    const answer = deferred<never[]>();
    const fake = fakeStaff();
    fake.gateway.queue = () => answer.promise;
    undo.push(fake.install());
    signInAs('engineer');
    renderStaff('/staff');
    expect(await screen.findByRole('heading', { name: 'Инженерная проверка' })).toBeTruthy();
    expect(document.querySelector('.ui-skeleton')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    answer.resolve([]);
    expect((await screen.findByText('Очередь пуста: все заказы проверены.')).getAttribute('role')).toBe('status');
    expect(document.querySelector('.ui-skeleton')).toBeNull();
  });

  it('speaks English under /en, the waiting time included', async () => {
    setup({ queue: [queueItem(7, { reason: 'answerAwaited', waitingSince: ago(60 * 26 + 5) })] }, 'engineer', '/en/staff');
    await screen.findByRole('table');
    expect(cells(rows()[0] as HTMLElement).slice(1, 3)).toEqual(['Answer awaited', '1 d 2 h']);
  });

  it('sends a manager to the order desk: the queue is not theirs to read', async () => {
    const { fake, location } = setup({ queue: [queueItem(7)] }, 'manager');
    await waitFor(() => expect(location.history.at(-1)).toBe('/staff/orders'));
    expect(screen.queryByRole('link', { name: 'Инженерная проверка' })).toBeNull();
    expect(fake.calls.filter((call) => call.name === 'queue')).toEqual([]);
  });
});

describe('waiting time in words', () => {
  it('counts minutes, then hours and minutes, then days and hours', () => {
    const now = NOW.getTime();
    expect([0, 1, 59, 60, 200, 24 * 60 - 1, 24 * 60, 50 * 60 + 30].map((minutes) => waitingWords(ago(minutes), now))).toEqual([
      'меньше минуты', '1 мин', '59 мин', '1 ч 0 мин', '3 ч 20 мин', '23 ч 59 мин', '1 д 0 ч', '2 д 2 ч',
    ]);
  });
});
