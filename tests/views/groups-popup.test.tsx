// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api';
import { provideGroupsCalls } from '../../src/services/groups';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { GroupsButton } from '../../src/views/components/groups/groups-button';
import { testSession } from './app-harness';
import { fakeGroupsGateway, othersGroup } from './groups-harness';
import { renderWithSession } from './harness-parts';

await loadLocale('en');

let undo: () => void = () => undefined;
afterEach(() => {
  cleanup();
  undo();
  clearToasts();
  applyLocale('ru');
  vi.restoreAllMocks();
});

async function openPopup(fake = fakeGroupsGateway()) {
  undo = provideGroupsCalls(fake.gateway);
  const user = userEvent.setup();
  renderWithSession(testSession(), <GroupsButton />);
  await user.click(await screen.findByRole('button', { name: 'Группы пользователей' }));
  // The popup's code loads on the first click.
  await screen.findByRole('dialog', { name: 'Группы и пользователи' });
  const dialog = () => screen.getByRole('dialog', { name: 'Группы и пользователи' });
  await within(dialog()).findByRole('heading', { name: 'Группы пользователей' });
  return { user, dialog, fake };
}

const alert = () => screen.getByRole('alertdialog');
const toastTexts = () => getToasts().map((toast) => toast.text);

/** Creates a group through the 512 px card; returns its card. */
async function createGroup(user: ReturnType<typeof userEvent.setup>, dialog: () => HTMLElement, name: string) {
  await user.click(within(dialog()).getByRole('button', { name: 'Группа' }));
  expect(dialog().style.width).toBe('512px');
  await user.type(within(dialog()).getByRole('textbox', { name: 'Название группы' }), `${name}{Enter}`);
  return within(dialog()).findByRole('region', { name });
}

async function addParticipant(user: ReturnType<typeof userEvent.setup>, dialog: () => HTMLElement, search: string, name: RegExp, role?: string) {
  await user.click(within(dialog()).getByRole('button', { name: 'Действия с группой' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Добавить пользователя' }));
  const form = within(dialog()).getByRole('form', { name: 'Добавить участника' });
  await user.type(within(form).getByPlaceholderText('Имя, телефон, email или ID'), search);
  await user.click(await within(form).findByRole('button', { name }));
  if (role) await user.selectOptions(within(form).getByRole('combobox', { name: 'Роль' }), role);
  await user.click(within(form).getByRole('button', { name: 'Добавить' }));
}

describe('group and users popup', () => {
  it('names the header icon with the tooltip Группы пользователей', async () => {
    const user = userEvent.setup();
    renderWithSession(testSession(), <GroupsButton />);
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Группы пользователей');
    expect((await screen.findByRole('tooltip')).textContent).toBe('Группы пользователей');
  });

  it('shows a new user no invented people: no groups, no contacts, and the Group and User buttons', async () => {
    const { dialog, fake } = await openPopup();
    expect(dialog().style.width).toBe('832px');
    expect(within(dialog()).getByText('Добавьте пользователя или создайте новую группу')).toBeTruthy();
    expect(within(dialog()).getByText('Пока нет ни групп, ни контактов')).toBeTruthy();
    expect(within(dialog()).queryByRole('list', { name: 'Пользователи и группы' })).toBeNull();
    expect(fake.calls).toEqual(['directory']);
  });

  it('creates a group and adds a colleague found by name, with the chosen role', async () => {
    const { user, dialog } = await openPopup();
    const card = await createGroup(user, dialog, 'Снабжение');
    expect(dialog().style.width).toBe('832px');
    expect(within(card).getByText('Иван Петрович Смирнов (вы)')).toBeTruthy();
    expect(within(card).getByText('Владелец')).toBeTruthy();
    await addParticipant(user, dialog, 'ольга', /Ольга Сергеевна Кузнецова/, 'Администратор');
    const updated = await within(dialog()).findByRole('region', { name: 'Снабжение' });
    expect(within(updated).getByRole('button', { name: 'Роль участника Ольга Сергеевна Кузнецова: Администратор' })).toBeTruthy();
    expect(within(within(dialog()).getByRole('list', { name: 'Пользователи и группы' })).getByText('Участников: 2')).toBeTruthy();
    expect(toastTexts()).toEqual(['Группа «Снабжение» создана', 'Ольга Сергеевна Кузнецова — в группе']);
  });

  it('finds no one outside the user\'s clients and says so', async () => {
    const { user, dialog } = await openPopup();
    await createGroup(user, dialog, 'Снабжение');
    await user.click(within(dialog()).getByRole('button', { name: 'Действия с группой' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Добавить пользователя' }));
    await user.type(within(dialog()).getByPlaceholderText('Имя, телефон, email или ID'), 'Новикова');
    expect(await within(dialog()).findByText('Никого не нашли среди коллег')).toBeTruthy();
    expect(within(dialog()).getByText('Ищем среди участников ваших клиентов')).toBeTruthy();
  });

  it('asks with the spec\'s texts before removing a participant, transferring ownership and deleting the group', async () => {
    const { user, dialog, fake } = await openPopup();
    await createGroup(user, dialog, 'Временная');
    await addParticipant(user, dialog, 'Пётр', /Пётр Андреевич Петров/);
    await addParticipant(user, dialog, 'Ольга', /Ольга Сергеевна Кузнецова/);
    await user.click(await within(dialog()).findByRole('button', { name: 'Роль участника Пётр Андреевич Петров: Участник' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Удалить' }));
    expect(within(alert()).getByRole('heading', { name: 'Вы уверены, что хотите удалить этого участника из группы?' })).toBeTruthy();
    await user.click(within(alert()).getByRole('button', { name: 'Отмена' }));
    expect(fake.calls).not.toContain('removeParticipant');
    await user.click(within(dialog()).getByRole('button', { name: 'Роль участника Пётр Андреевич Петров: Участник' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Удалить' }));
    await user.click(within(alert()).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(within(dialog()).queryByText('Пётр Андреевич Петров')).toBeNull());

    await user.click(within(dialog()).getByRole('checkbox', { name: 'Выбрать: Ольга Сергеевна Кузнецова' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Действия с группой' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Передать владение' }));
    expect(within(alert()).getByRole('heading', { name: 'Вы уверены, что хотите передать владение группой этому участнику?' })).toBeTruthy();
    await user.click(within(alert()).getByRole('button', { name: 'Передать' }));
    // The former owner no longer renames the group: the name is a heading now, and Delete gives way to Leave.
    expect(await within(dialog()).findByRole('heading', { name: 'Временная' })).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Действия с группой' }));
    expect(screen.queryByRole('menuitem', { name: 'Удалить группу' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Выйти из группы' }));
    expect(within(alert()).getByRole('heading', { name: 'Вы уверены, что хотите выйти из группы?' })).toBeTruthy();
    await user.click(within(alert()).getByRole('button', { name: 'Выйти' }));
    expect(await within(dialog()).findByText('Пока нет ни групп, ни контактов')).toBeTruthy();
  });

  it('deletes its own group after the spec\'s question and goes back to the main view', async () => {
    const { user, dialog } = await openPopup();
    await createGroup(user, dialog, 'Лишняя');
    await user.click(within(dialog()).getByRole('button', { name: 'Действия с группой' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Удалить группу' }));
    expect(within(alert()).getByRole('heading', { name: 'Вы уверены, что хотите удалить группу?' })).toBeTruthy();
    await user.click(within(alert()).getByRole('button', { name: 'Удалить' }));
    expect(await within(dialog()).findByText('Пока нет ни групп, ни контактов')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Группа' })).toBeTruthy();
  });

  it('shows a participant\'s card with the hidden-note for a hidden phone, and returns to the group on close', async () => {
    const { user, dialog } = await openPopup();
    await createGroup(user, dialog, 'Конструкторы');
    await addParticipant(user, dialog, 'Пётр', /Пётр Андреевич Петров/);
    await user.click(await within(dialog()).findByRole('button', { name: 'Пётр Андреевич Петров' }));
    const card = await within(dialog()).findByRole('region', { name: 'Пётр Андреевич Петров' });
    expect(within(card).getByText('ID: 3')).toBeTruthy();
    expect(within(card).getByText('Скрыт пользователем')).toBeTruthy();
    expect(within(card).getByText('petrov@example.ru')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Счета' }).getAttribute('href')).toBe('/invoices');
    await user.click(within(card).getByRole('button', { name: 'Закрыть карточку' }));
    expect(within(dialog()).getByRole('region', { name: 'Конструкторы' })).toBeTruthy();
  });

  it('adds the one colleague the add-user card finds to the contacts, and removes them after the spec\'s question', async () => {
    const { user, dialog } = await openPopup();
    await user.click(within(dialog()).getByRole('button', { name: 'Пользователь' }));
    await user.type(within(dialog()).getByPlaceholderText('Имя, телефон, email или ID'), 'Ольга');
    const found = await within(dialog()).findByRole('list', { name: 'Найденные пользователи' });
    expect(within(found).getByText('Ольга Сергеевна Кузнецова')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Добавить' }));
    const card = await within(dialog()).findByRole('region', { name: 'Ольга Сергеевна Кузнецова' });
    expect(within(card).getByText('В контактах')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Удалить из контактов' }));
    expect(within(alert()).getByRole('heading', { name: 'Вы уверены, что хотите удалить из контактов?' })).toBeTruthy();
    await user.click(within(alert()).getByRole('button', { name: 'Удалить' }));
    expect(await within(card).findByText('Нет в контактах')).toBeTruthy();
  });

  it('gives a plain participant of someone else\'s group no owner\'s controls', async () => {
    const { user, dialog } = await openPopup(fakeGroupsGateway({ groups: [othersGroup('participant')] }));
    await user.click(within(dialog()).getByRole('button', { name: /Чужая группа/ }));
    const card = await within(dialog()).findByRole('region', { name: 'Чужая группа' });
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).getByText('Вы — участник группы')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Роль участника Ольга/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Действия с группой' }));
    expect(screen.queryByRole('menuitem', { name: 'Добавить пользователя' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Выйти из группы' })).toBeTruthy();
  });

  it('tells the gateway\'s refusal in a toast and keeps the card', async () => {
    const fake = fakeGroupsGateway();
    fake.gateway.renameGroup = () => Promise.reject(new ApiError(403, 'Это может сделать только владелец группы', 'groupId', 'forbidden'));
    const { user, dialog } = await openPopup(fake);
    await createGroup(user, dialog, 'Старое');
    const name = within(dialog()).getByRole('textbox', { name: 'Название группы' });
    await user.clear(name);
    await user.type(name, 'Новое{Enter}');
    await waitFor(() => expect(toastTexts()).toContain('Это может сделать только владелец группы'));
    expect(within(dialog()).getByRole('region', { name: 'Старое' })).toBeTruthy();
  });

  it('speaks English in en, with the confirmation texts of the spec', async () => {
    applyLocale('en');
    undo = provideGroupsCalls(fakeGroupsGateway().gateway);
    const user = userEvent.setup();
    renderWithSession(testSession(), <GroupsButton />, '/en');
    await user.click(await screen.findByRole('button', { name: 'User groups' }));
    const dialog = () => screen.getByRole('dialog', { name: 'Groups and users' });
    expect(await within(dialog()).findByText('Add a user or create a new group')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Group' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Group name' }), 'Supply{Enter}');
    await within(dialog()).findByRole('region', { name: 'Supply' });
    await user.click(within(dialog()).getByRole('button', { name: 'Group actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove group' }));
    expect(within(alert()).getByRole('heading', { name: 'Are you sure you want to delete the group?' })).toBeTruthy();
    expect(within(alert()).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(alert()).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('closes on Escape and loads afresh next time', async () => {
    const { user, dialog, fake } = await openPopup();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Группы пользователей' }));
    expect(await within(dialog()).findByRole('heading', { name: 'Группы пользователей' })).toBeTruthy();
    expect(fake.calls).toEqual(['directory', 'directory']);
  });
});
