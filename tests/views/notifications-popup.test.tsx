// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeClientModal } from '../../src/services/client-modals';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { NotificationsButton } from '../../src/views/components/notifications/notifications-button';
import { fakeNotifications, note, notificationsSession, type FakeNotifications } from './notifications-harness';
import { renderWithSession } from './harness-parts';

const accessRequest = note(5, 'ClientAccessRequest', { RequesterName: 'Пётр Иванов', ClientName: 'ООО «Альфа»', RequestId: 41 });
const invitation = note(6, 'InvitationToClient', { CreatorName: 'Анна Соколова', ClientName: 'АО «Бета»', InvitationId: 77 });
const lostAccess = note(9, 'Looser', { WhoKickedYou: 'Олег Петров', ClientName: 'ИП Кузнецов' });
const decision = note(3, 'ClientAccessRequestDecision', { IsAccepted: true, ClientName: 'ООО «Альфа»' }, true);
const roleChange = note(2, 'ClientRoleChanging', { IsAdmin: false, WhoChanged: 'Анна Соколова', ClientName: 'АО «Бета»' }, true);

let fake: FakeNotifications;
let uninstall: () => void = () => undefined;

function setup(items = [accessRequest, invitation, lostAccess, decision, roleChange]) {
  fake = fakeNotifications(items);
  uninstall = fake.install();
  const { session, loads } = notificationsSession(fake);
  const user = userEvent.setup();
  renderWithSession(session, <NotificationsButton />);
  return { session, loads, user };
}

const bell = () => screen.findByRole('button', { name: /^Уведомления/ });
const popup = () => screen.getByRole('dialog', { name: 'Уведомления' });
const selectedTab = () => within(popup()).getByRole('tab', { selected: true });
const items = () => within(popup()).getAllByRole('listitem');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  uninstall();
  closeClientModal();
  clearToasts();
  vi.restoreAllMocks();
});

describe('notifications popup', () => {
  it('shows the unread count on the bell and opens on Новые when there are unread notifications', async () => {
    const { user } = setup();
    await user.click(await bell());
    expect((await bell()).getAttribute('aria-label')).toBe('Уведомления, новых: 3');
    expect(popup().style.width).toBe('423px');
    expect(selectedTab().textContent).toContain('Новые');
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(fake.calls.list[0]).toMatchObject({ page: 1, itemsOnPage: 200, query: { filters: ['NotRead'], sort: { code: 'createdAt', orderBy: 'desc' } } });
    expect(within(popup()).getByText('Анна Соколова приглашает вас к клиенту АО «Бета»')).toBeTruthy();
  });

  it('opens on Все with 20 a page when nothing is unread, and names each empty tab', async () => {
    const { user } = setup([]);
    await user.click(await bell());
    expect(selectedTab().textContent).toContain('Все');
    expect(await within(popup()).findByText('Список уведомлений пуст!')).toBeTruthy();
    await user.click(within(popup()).getByRole('tab', { name: /Новые/ }));
    expect(await within(popup()).findByText('У вас нет новых уведомлений!')).toBeTruthy();
  });

  it('marks an unread notification read on click: the badge drops at once and the gateway gets read=true', async () => {
    const { user, session } = setup();
    await user.click(await bell());
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(within(popup()).getByRole('button', { name: /Олег Петров закрыл\(а\) вам доступ/ }));
    expect(session.getSnapshot().context.user?.notificationsCount).toBe(2);
    expect(within(selectedTab()).getByText('2')).toBeTruthy();
    await waitFor(() => expect(fake.calls.changeReadStatus).toEqual([{ id: 9, read: true }]));
    expect(fake.unread()).toBe(2);
    // A read item in the open list gets the control that marks it unread again; no modal opened.
    const row = popup().querySelector('[data-notification-id="9"]') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Отметить как непрочитанное' })).toBeTruthy();
  });

  it('marks a read notification unread with its small control: the badge rises and the gateway gets read=false', async () => {
    const { user, session } = setup();
    await user.click(await bell());
    await user.click(within(popup()).getByRole('tab', { name: 'Все' }));
    await waitFor(() => expect(items()).toHaveLength(5));
    const markers = within(popup()).getAllByRole('button', { name: 'Отметить как непрочитанное' });
    expect(markers).toHaveLength(2);
    await user.click(markers[0] as HTMLElement);
    expect(session.getSnapshot().context.user?.notificationsCount).toBe(4);
    await waitFor(() => expect(fake.calls.changeReadStatus).toEqual([{ id: 3, read: false }]));
    expect(within(popup()).getAllByRole('button', { name: 'Отметить как непрочитанное' })).toHaveLength(1);
  });

  it('puts a read state back and says so when the gateway refuses the change', async () => {
    const { user, session } = setup();
    fake.failChanges();
    await user.click(await bell());
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(within(popup()).getByRole('button', { name: /Олег Петров/ }));
    await waitFor(() => expect(fake.calls.changeReadStatus).toEqual([{ id: 9, read: true }]));
    await waitFor(() => expect(session.getSnapshot().context.user?.notificationsCount).toBe(3));
    const row = popup().querySelector('[data-notification-id="9"]') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Отметить как непрочитанное' })).toBeNull();
    expect(getToasts().map((toast) => toast.kind)).toEqual(['error']);
    expect(getToasts()[0]?.text).toMatch(/^Не удалось изменить уведомление: /);
  });

  it('renders every known type with its own icon and sentence, and an unknown type as a bell with no text', async () => {
    const { user } = setup([
      decision,
      roleChange,
      note(4, 'InvitationResult', { IsAccepted: false, InvitedUsername: 'Олег Петров', ClientName: 'ООО «Альфа»' }, true),
      note(1, 'Looser', { WhoKickedYou: 'Анна Соколова', ClientName: 'АО «Бета»' }, true),
      note(8, 'Birthday', { Name: 'Иван' }, true),
      note(7, 'ClientAccessRequest', { RequesterName: 'Без номера' }, true),
    ]);
    await user.click(await bell());
    await waitFor(() => expect(items()).toHaveLength(6));
    const texts = [
      ['Решение по запросу доступа', 'Ваш запрос доступа к клиенту ООО «Альфа» одобрен'],
      ['Изменение роли', 'Анна Соколова изменил(а) вашу роль у клиента АО «Бета»: Пользователь'],
      ['Ответ на приглашение', 'Олег Петров отклонил(а) приглашение к клиенту ООО «Альфа»'],
      ['Доступ закрыт', 'Анна Соколова закрыл(а) вам доступ к клиенту АО «Бета»'],
    ];
    for (const [icon, text] of texts) {
      const row = within(popup()).getByText(text as string).closest('li') as HTMLElement;
      expect(within(row).getByRole('img', { name: icon })).toBeTruthy();
    }
    // An unknown type, and a known type whose content lacks its fields: the generic bell and no sentence.
    for (const id of ['8', '7']) {
      const row = popup().querySelector(`[data-notification-id="${id}"]`) as HTMLElement;
      expect(within(row).getByRole('img', { name: 'Уведомление' })).toBeTruthy();
      expect(row.querySelector('.notification-summary__text')?.textContent).toBe('');
    }
  });

  it('opens the access-request modal and the invitation modal by their ids', async () => {
    const { user } = setup();
    await user.click(await bell());
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(within(popup()).getByRole('button', { name: /Пётр Иванов/ }));
    const modal = await screen.findByRole('dialog', { name: 'Запрос доступа № 41' });
    expect(modal.style.width).toBe('980px');
    expect(await within(modal).findByText('Не удалось загрузить запрос доступа.')).toBeTruthy();
    await user.click(within(modal).getAllByRole('button', { name: 'Закрыть' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Запрос доступа № 41' })).toBeNull());

    await user.click(await bell());
    await waitFor(() => expect(items().length).toBeGreaterThan(0));
    await user.click(within(popup()).getByRole('tab', { name: 'Все' }));
    await waitFor(() => expect(items()).toHaveLength(5));
    await user.click(within(popup()).getByRole('button', { name: /Анна Соколова приглашает/ }));
    expect(await screen.findByRole('dialog', { name: 'Приглашение № 77' })).toBeTruthy();
  });

  it('on close reloads the user summary and opens on the tab the unread count calls for next time', async () => {
    const { user, loads } = setup();
    await user.click(await bell());
    await user.click(within(popup()).getByRole('tab', { name: 'Все' }));
    expect(selectedTab().textContent).toContain('Все');
    const before = loads.count;
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(loads.count).toBe(before + 1));
    await user.click(await bell());
    expect(selectedTab().textContent).toContain('Новые');
  });
});
