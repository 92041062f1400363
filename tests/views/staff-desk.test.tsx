// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../src/contract/call';
import { complaintOf, fakeStaff, renderStaff, signInAs, staffOrderOf } from './staff-harness';
import { undoAfterEach } from './undo-after-each';

const undo = undoAfterEach();

function setup(options: Parameters<typeof fakeStaff>[0], role: StaffRole, path: string) {
  const fake = fakeStaff(options);
  undo.push(fake.install());
  signInAs(role);
  return { fake, ...renderStaff(path), user: userEvent.setup() };
}

const sections = () => within(screen.getByRole('navigation', { name: 'Разделы' })).getAllByRole('link').map((link) => link.textContent);

describe('the staff frame', () => {
  it('shows each role only its sections', async () => {
    setup({}, 'engineer', '/staff/sessions');
    await screen.findByRole('heading', { name: 'Мои сеансы' });
    expect(sections()).toEqual(['Инженерная проверка', 'Заказы', 'Мои сеансы']);
    cleanup();
    signInAs('manager');
    renderStaff('/staff/sessions');
    await screen.findByRole('heading', { name: 'Мои сеансы' });
    expect(sections()).toEqual(['Заказы', 'Рекламации', 'Вход как клиент', 'Мои сеансы']);
    cleanup();
    signInAs('admin');
    renderStaff('/staff/sessions');
    await screen.findByRole('heading', { name: 'Мои сеансы' });
    expect(sections()).toEqual(['Инженерная проверка', 'Заказы', 'Рекламации', 'Вход как клиент', 'Сотрудники', 'Журнал', 'Системы и вебхуки', 'Мои сеансы']);
  });

  it('signs out at the gateway and goes back to the sign-in', async () => {
    const { fake, user, location } = setup({}, 'engineer', '/staff/sessions');
    await user.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/staff/sign-in'));
    expect(fake.callsOf('signOut')).toEqual([[]]);
    expect(await screen.findByRole('heading', { name: 'Вход для сотрудников' })).toBeTruthy();
  });
});

describe('the complaints desk', () => {
  it('lists the new complaints first and answers one with a status and a resolution', async () => {
    const { fake, user } = setup(
      { complaints: [complaintOf(3), complaintOf(4, { status: 'completed', text: 'Старая', resolution: 'Заменили' })] },
      'manager',
      '/staff/complaints',
    );
    const item = within((await screen.findByText('Платы пришли с царапинами на маске')).closest('li') as HTMLElement);
    expect(screen.queryByText('Старая')).toBeNull();
    expect(item.getByRole('link', { name: 'Заказ ПП-2026-00005' }).getAttribute('href')).toBe('/staff/orders/5');
    await user.click(item.getByRole('button', { name: 'Ответить' }));
    await user.selectOptions(item.getByLabelText('Статус'), 'processing');
    await user.type(item.getByLabelText('Ответ производителя'), 'Переделаем партию за наш счёт');
    await user.click(item.getByRole('button', { name: 'Сохранить ответ' }));
    await waitFor(() =>
      expect(fake.callsOf('answerComplaint')).toEqual([[{ complaintId: 3, status: 'processing', resolution: 'Переделаем партию за наш счёт' }]]),
    );
    await user.selectOptions(screen.getByLabelText('Статус'), '');
    expect(await screen.findByText('Старая')).toBeTruthy();
    expect(fake.callsOf('complaints')).toEqual(expect.arrayContaining([['new'], [null]]));
  });
});

describe('the support sign-in as a customer', () => {
  it('issues a key only with a login and a reason, and shows it once', async () => {
    const { fake, user } = setup({}, 'manager', '/staff/support');
    await user.click(await screen.findByRole('button', { name: 'Выдать ключ' }));
    expect(screen.getAllByText('Обязательное поле')).toHaveLength(2);
    expect(fake.callsOf('strangerKey')).toEqual([]);
    await user.type(screen.getByLabelText('Эл. почта или телефон клиента'), 'demo@example.ru');
    await user.type(screen.getByLabelText('Причина (попадёт в журнал)'), 'Клиент не видит счёт, обращение 1182');
    await user.click(screen.getByRole('button', { name: 'Выдать ключ' }));
    expect(await screen.findByText('stranger-4f2a9c')).toBeTruthy();
    expect(fake.callsOf('strangerKey')).toEqual([[{ login: 'demo@example.ru', reason: 'Клиент не видит счёт, обращение 1182' }]]);
  });
});

describe('the order desk', () => {
  it('lists every client\'s orders, filtered by status or hold and searched, each opening its staff order page', async () => {
    const orders = [
      staffOrderOf(5),
      staffOrderOf(6, { status: 'in_stock', holdReason: null, clientName: 'Вектор' }),
      staffOrderOf(7, { status: 'in_progress', holdReason: 'Нет меди на складе' }),
    ];
    const { fake, user } = setup({ orders }, 'manager', '/staff/orders');
    const list = await screen.findByRole('list', { name: 'Заказы' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((link) => link.textContent)).toHaveLength(3));
    expect(within(list).getByRole('link', { name: 'ПП-2026-00006' }).getAttribute('href')).toBe('/staff/orders/6');
    await user.selectOptions(screen.getByLabelText('Статус'), 'held');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Заказы' }))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['ПП-2026-00005', 'ПП-2026-00007']),
    );
    expect(fake.listCalls.count.at(-1)?.filters).toEqual(['held']);
    await user.selectOptions(screen.getByLabelText('Статус'), '');
    await user.type(screen.getByLabelText('Номер, клиент или плательщик'), 'Вектор');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Заказы' }))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['ПП-2026-00006']),
    );
  });
});

describe('my sessions', () => {
  const session = (id: string, current: boolean, deviceInfo: string) => ({
    id, staffId: 11, ip: '10.0.0.5', deviceInfo, createdAt: '2026-11-28T08:00:00.000Z', lastSeenAt: '2026-11-28T09:00:00.000Z', current,
  });

  it('ends another session and lists what is left; ending this one signs out', async () => {
    const sessions = [
      session('2b1c7c3e-9a4b-4f8e-8f57-2a1d3b9c0e11', true, 'Firefox на этом ноутбуке'),
      session('3c1c7c3e-9a4b-4f8e-8f57-2a1d3b9c0e11', false, 'Chrome в цехе'),
    ];
    const { fake, user, location } = setup({ sessions }, 'engineer', '/staff/sessions');
    const other = (await screen.findByRole('rowheader', { name: 'Chrome в цехе' })).closest('tr') as HTMLElement;
    await user.click(within(other).getByRole('button', { name: 'Завершить' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Chrome в цехе' })).toBeNull());
    expect(location.history.at(-1)).toBe('/staff/sessions');
    const mine = screen.getByRole('rowheader', { name: /Firefox на этом ноутбуке/ }).closest('tr') as HTMLElement;
    expect(within(mine).getByText('этот сеанс')).toBeTruthy();
    await user.click(within(mine).getByRole('button', { name: 'Завершить' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/staff/sign-in'));
    expect(fake.callsOf('endSession')).toEqual([['3c1c7c3e-9a4b-4f8e-8f57-2a1d3b9c0e11'], ['2b1c7c3e-9a4b-4f8e-8f57-2a1d3b9c0e11']]);
  });
});
