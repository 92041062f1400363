// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import { GroupsButton } from '../../src/views/components/groups/groups-button';
import { testSession } from './app-harness';
import { renderWithSession } from './harness-parts';

await loadLocale('en');

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  applyLocale('ru');
  vi.restoreAllMocks();
});

async function openPopup() {
  const user = userEvent.setup();
  renderWithSession(testSession(), <GroupsButton />);
  await user.click(await screen.findByRole('button', { name: 'Группы пользователей' }));
  return { user, dialog: () => screen.getByRole('dialog', { name: 'Группы и пользователи' }) };
}

const alert = () => screen.getByRole('alertdialog');

describe('group and users popup', () => {
  it('names the header icon with the tooltip Группы пользователей', async () => {
    const user = userEvent.setup();
    renderWithSession(testSession(), <GroupsButton />);
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Группы пользователей');
    expect((await screen.findByRole('tooltip')).textContent).toBe('Группы пользователей');
  });

  it('opens 832 px wide on the main view: the search list and the Group and User buttons, and says it is a prototype', async () => {
    const { dialog } = await openPopup();
    expect(dialog().style.width).toBe('832px');
    expect(within(dialog()).getByRole('heading', { name: 'Группы пользователей' })).toBeTruthy();
    expect(within(dialog()).getByText('Добавьте пользователя или создайте новую группу')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Группа' })).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Пользователь' })).toBeTruthy();
    expect(within(dialog()).getByRole('searchbox', { name: 'Поиск' }).getAttribute('placeholder')).toBe('Поиск');
    expect(within(dialog()).getByText(/Это прототип: действия владельца/)).toBeTruthy();
  });

  it('switches to the 512 px add-user card and back with its close icon', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: 'Пользователь' }));
    expect(dialog().style.width).toBe('512px');
    expect(within(dialog()).getByRole('heading', { name: 'Добавить пользователя' })).toBeTruthy();
    const search = within(dialog()).getByPlaceholderText('Имя, телефон, email или ID');
    await user.type(search, 'орл');
    expect(within(within(dialog()).getByRole('list', { name: 'Найденные пользователи' })).getByText('Дмитрий Орлов')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Добавить' }));
    expect(within(dialog()).getByRole('status').textContent).toBe('Добавление пользователей пока не подключено.');
    await user.click(within(dialog()).getByRole('button', { name: 'Закрыть карточку' }));
    expect(dialog().style.width).toBe('832px');
  });

  it('shows a group card with the owner starred, roles for the others, and closing it returns to main', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: /Отдел закупок/ }));
    const card = within(dialog()).getByRole('region', { name: 'Отдел закупок' });
    expect(within(card).getByText('Иван Петрович Смирнов (вы)')).toBeTruthy();
    expect(within(card).getByText('Владелец')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Роль участника Дмитрий Орлов: Участник' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Роль участника Иван/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Закрыть группу' }));
    expect(within(dialog()).getByRole('heading', { name: 'Группы пользователей' })).toBeTruthy();
  });

  it('asks before removing a participant, and confirming only logs the stub and tells the user', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: /Отдел закупок/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Роль участника Дмитрий Орлов: Участник' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Удалить' }));
    expect(within(alert()).getByRole('heading', { name: 'Вы уверены, что хотите удалить этого участника из группы?' })).toBeTruthy();
    await user.click(within(alert()).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('not connected'), { kind: 'removeParticipant', userId: 102, groupId: 201 });
    expect(within(dialog()).getByRole('status').textContent).toContain('пока не подключено');
    // The stub changed nothing.
    expect(within(within(dialog()).getByRole('region', { name: 'Отдел закупок' })).getByText('Дмитрий Орлов')).toBeTruthy();
  });

  it('asks before transferring ownership to the ticked participant and before removing the group; Отмена logs nothing', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: /Отдел закупок/ }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Выбрать: Анна Соколова' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Действия с группой' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Передать владение' }));
    expect(within(alert()).getByRole('heading', { name: 'Вы уверены, что хотите передать владение группой этому участнику?' })).toBeTruthy();
    await user.click(within(alert()).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(logged).not.toHaveBeenCalled();

    await user.click(within(dialog()).getByRole('button', { name: 'Действия с группой' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Удалить группу' }));
    expect(within(alert()).getByRole('heading', { name: 'Вы уверены, что хотите удалить группу?' })).toBeTruthy();
    await user.click(within(alert()).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(String), { kind: 'removeGroup', userId: null, groupId: 201 }));
  });

  it('opens user properties from the group and returns to the previous profile, then to the group, on close', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: /Отдел закупок/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Дмитрий Орлов' }));
    const orlov = within(dialog()).getByRole('region', { name: 'Дмитрий Орлов' });
    expect(within(orlov).getByText('ID: 102')).toBeTruthy();
    // His phone is hidden; his e-mail is not.
    expect(within(orlov).getByText('Скрыт пользователем')).toBeTruthy();
    expect(within(orlov).getByText('d.orlov@example.ru')).toBeTruthy();
    expect(within(orlov).getByRole('link', { name: 'Проекты' }).getAttribute('href')).toBe('/projects');

    await user.click(within(dialog()).getByRole('button', { name: /Анна Соколова/ }));
    expect(within(dialog()).getByRole('region', { name: 'Анна Соколова' })).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Закрыть карточку' }));
    expect(within(dialog()).getByRole('region', { name: 'Дмитрий Орлов' })).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Закрыть карточку' }));
    expect(within(dialog()).getByRole('region', { name: 'Отдел закупок' })).toBeTruthy();
  });

  it('asks before removing someone from contacts', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: /Максим Волков/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Удалить из контактов' }));
    expect(within(alert()).getByRole('heading', { name: 'Вы уверены, что хотите удалить из контактов?' })).toBeTruthy();
    await user.click(within(alert()).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(String), { kind: 'removeContact', userId: 104, groupId: null }));
  });

  it('adds a participant through the add-participant form with the chosen role', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: /Конструкторы/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Действия с группой' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Добавить пользователя' }));
    const form = within(dialog()).getByRole('form', { name: 'Добавить участника' });
    expect(within(form).getByRole('button', { name: 'Добавить' }).hasAttribute('disabled')).toBe(true);
    await user.type(within(form).getByPlaceholderText('Имя, телефон, email или ID'), 'mor');
    await user.click(within(form).getByRole('button', { name: /Ольга Морозова/ }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Роль' }), 'Администратор');
    await user.click(within(form).getByRole('button', { name: 'Добавить' }));
    const card = within(dialog()).getByRole('region', { name: 'Конструкторы' });
    expect(within(card).getByRole('button', { name: 'Роль участника Ольга Морозова: Администратор' })).toBeTruthy();
  });

  it('creates a group in the 512 px card and opens it', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: 'Группа' }));
    expect(dialog().style.width).toBe('512px');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Название группы' }), 'Снабжение{Enter}');
    expect(dialog().style.width).toBe('832px');
    expect(within(dialog()).getByRole('region', { name: 'Снабжение' })).toBeTruthy();
  });

  it('speaks English in en, with the confirmation texts of the spec', async () => {
    applyLocale('en');
    const user = userEvent.setup();
    renderWithSession(testSession(), <GroupsButton />, '/en');
    await user.click(await screen.findByRole('button', { name: 'User groups' }));
    const dialog = screen.getByRole('dialog', { name: 'Groups and users' });
    expect(within(dialog).getByText('Add a user or create a new group')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Отдел закупок/ }));
    expect(within(dialog).getByRole('button', { name: 'Role of Дмитрий Орлов: Participant' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Group actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove group' }));
    expect(within(alert()).getByRole('heading', { name: 'Are you sure you want to delete the group?' })).toBeTruthy();
    expect(within(alert()).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(alert()).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('closes on Escape and opens fresh next time', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: /Отдел закупок/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Группы пользователей' }));
    expect(within(dialog()).getByRole('heading', { name: 'Группы пользователей' })).toBeTruthy();
  });
});
