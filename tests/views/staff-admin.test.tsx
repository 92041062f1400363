// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it,  } from 'vitest';
import { ApiError } from '../../src/services/api';
import { adminPageSetup,  } from './staff-admin-harness';
import { renderStaff,  } from './staff-harness';

const setup = adminPageSetup();

const dialog = () => within(screen.getByRole('dialog'));
const rowOf = (name: string) => within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement);

describe('the admin area for other roles', () => {
  it.each(['engineer', 'manager'] as const)('shows a %s no admin sections and sends them away from its pages', async (role) => {
    const { fake, location } = setup({}, '/staff/members', role);
    const home = role === 'engineer' ? '/staff' : '/staff/orders';
    await waitFor(() => expect(location.history.at(-1)).toBe(home));
    const links = within(screen.getByRole('navigation', { name: 'Разделы' })).getAllByRole('link').map((link) => link.textContent);
    expect(links).not.toContain('Сотрудники');
    expect(links).not.toContain('Журнал');
    expect(links).not.toContain('Системы и вебхуки');
    cleanup();
    renderStaff('/staff/audit');
    await waitFor(() => expect(location.history.at(-1)).toBe(home));
    cleanup();
    renderStaff('/staff/integrations');
    await waitFor(() => expect(location.history.at(-1)).toBe(home));
    expect(fake.calls).toEqual([]);
  });
});

describe('staff accounts', () => {
  it('creates a member and shows the set-up link once, with its expiry and a copy button', async () => {
    const { fake, user } = setup({}, '/staff/members');
    expect(await screen.findByRole('rowheader', { name: 'Ольга Инженерова' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Добавить сотрудника' }));
    await user.type(dialog().getByLabelText('Эл. почта'), 'ivan@factory.ru');
    await user.type(dialog().getByLabelText('Имя'), 'Иван Технологов');
    await user.selectOptions(dialog().getByLabelText('Роль'), 'manager');
    await user.click(dialog().getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(fake.callsOf('createMember')).toEqual([[{ email: 'ivan@factory.ru', name: 'Иван Технологов', role: 'manager' }]]));
    const shown = within(await screen.findByRole('status', { name: 'Ссылка для установки пароля: Иван Технологов' }));
    expect(shown.getByText('https://portal.test/staff/setup?token=setup-42')).toBeTruthy();
    expect(shown.getByText(/действует до 30\.11\.2026/)).toBeTruthy();
    await user.click(shown.getByRole('button', { name: 'Копировать' }));
    expect(await navigator.clipboard.readText()).toBe('https://portal.test/staff/setup?token=setup-42');
    expect(await shown.findByRole('button', { name: 'Скопировано' })).toBeTruthy();
    const created = await screen.findByRole('rowheader', { name: 'Иван Технологов' });
    expect(within(created.closest('tr') as HTMLElement).getByText('пароль не задан')).toBeTruthy();
    await user.click(shown.getByRole('button', { name: 'Я сохранил, скрыть' }));
    expect(screen.queryByText('https://portal.test/staff/setup?token=setup-42')).toBeNull();
  });

  it('keeps the gateway\'s refusal in the form: an e-mail already taken', async () => {
    const taken = new ApiError(409, 'Сотрудник с этим адресом уже есть', 'email', 'email_taken');
    const { user } = setup({ failures: { createMember: taken } }, '/staff/members');
    await user.click(await screen.findByRole('button', { name: 'Добавить сотрудника' }));
    await user.type(dialog().getByLabelText('Эл. почта'), 'engineer@factory.ru');
    await user.type(dialog().getByLabelText('Имя'), 'Двойник');
    await user.click(dialog().getByRole('button', { name: 'Создать' }));
    expect(await dialog().findByRole('alert')).toHaveProperty('textContent', '!Сотрудник с этим адресом уже есть');
    expect(dialog().getByLabelText('Эл. почта').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Ссылка для установки пароля/)).toBeNull();
  });

  it('edits only what changed, and shows the last-admin refusal in place', async () => {
    const lastAdmin = new ApiError(409, 'Нельзя оставить портал без администратора: сначала назначьте другого', 'id', 'last_admin');
    const { fake, user } = setup({ failures: { updateMember: lastAdmin } }, '/staff/members');
    await screen.findByRole('rowheader', { name: 'Анна Админова' });
    await user.click(rowOf('Анна Админова').getByRole('button', { name: 'Изменить' }));
    await user.selectOptions(dialog().getByLabelText('Роль'), 'engineer');
    await user.click(dialog().getByRole('button', { name: 'Сохранить' }));
    expect(await dialog().findByText('Нельзя оставить портал без администратора: сначала назначьте другого')).toBeTruthy();
    expect(fake.callsOf('updateMember')).toEqual([[{ id: 13, role: 'engineer' }]]);
  });

  it('resets a password after a confirmation and shows the new link once; disables after a confirmation', async () => {
    const { fake, user } = setup({}, '/staff/members');
    await screen.findByRole('rowheader', { name: 'Ольга Инженерова' });
    await user.click(rowOf('Ольга Инженерова').getByRole('button', { name: 'Сбросить пароль' }));
    expect(fake.callsOf('updateMember')).toEqual([]);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Сбросить пароль' }));
    expect(await screen.findByText('https://portal.test/staff/setup?token=reset-11')).toBeTruthy();
    expect(fake.callsOf('updateMember')).toEqual([[{ id: 11, resetPassword: true }]]);
    await user.click(rowOf('Ольга Инженерова').getByRole('button', { name: 'Сбросить второй фактор' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Сбросить второй фактор' }));
    await waitFor(() => expect(fake.callsOf('updateMember').at(-1)).toEqual([{ id: 11, resetSecondFactor: true }]));
    await user.click(rowOf('Ольга Инженерова').getByRole('button', { name: 'Отключить' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Закрыть' }));
    expect(fake.callsOf('disableMember')).toEqual([]);
    await user.click(rowOf('Ольга Инженерова').getByRole('button', { name: 'Отключить' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Отключить' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Ольга Инженерова' })).toBeNull());
    expect(fake.callsOf('disableMember')).toEqual([[11]]);
    await user.click(screen.getByLabelText('Показать отключённых'));
    expect(await screen.findByRole('rowheader', { name: 'Ольга Инженерова' })).toBeTruthy();
    expect(rowOf('Ольга Инженерова').getByText('отключён')).toBeTruthy();
  });
});
