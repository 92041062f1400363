// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api';
import { closeClientModal } from '../../src/services/client-modals';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { ClientAccessPanel } from '../../src/views/components/client-access/client-access-panel';
import { MyInvitations } from '../../src/views/components/client-access/my-invitations';
import { RequestAccessDialog } from '../../src/views/components/client-access/request-access-dialog';
import { ClientModalHost } from '../../src/views/components/notifications/client-modal-host';
import { accessRequest, countingSession, DECIDED_AT, fakeClientAccess, invitation, watchClientsChanged } from './client-access-harness';
import { renderWithSession } from './harness-parts';

let cleanups: Array<() => void> = [];

type Fake = ReturnType<typeof fakeClientAccess>;

/** `prepare` runs before the first render, e.g. to make the first list call fail. */
function setup(data: Parameters<typeof fakeClientAccess>[0], ui: React.ReactNode, prepare: (fake: Fake) => void = () => undefined) {
  const fake = fakeClientAccess(data);
  prepare(fake);
  const changes = watchClientsChanged();
  cleanups.push(fake.install(), changes.stop);
  const { session, loads } = countingSession();
  const user = userEvent.setup();
  const view = renderWithSession(session, <>{ui}<ClientModalHost /></>);
  return { fake, changes: changes.seen, loads, user, view };
}

const toastTexts = () => getToasts().map((toast) => toast.text);
const section = (name: string) => screen.findByRole('region', { name });
const listOf = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('section') as HTMLElement;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  for (const undo of cleanups) undo();
  cleanups = [];
  closeClientModal();
  clearToasts();
  vi.restoreAllMocks();
});

const requests = [
  accessRequest({ id: 41, requesterName: 'Пётр Смирнов', createdAt: '2025-08-20T09:00:00.000Z' }),
  accessRequest({
    id: 42,
    requesterName: 'Олег Кузнецов',
    status: 'declined',
    declinedAt: DECIDED_AT,
    solverName: 'Анна Соколова',
    canDecide: false,
    createdAt: '2025-08-27T09:00:00.000Z',
  }),
];
const invitations = [
  invitation({ id: 77, email: 'oleg@example.ru', role: 4, canAnswer: false, canCancel: true }),
  invitation({ id: 78, email: 'maria@example.ru', status: 'accepted', acceptedAt: DECIDED_AT, canAnswer: false }),
  invitation({ id: 79, email: 'ivan@example.ru', canAnswer: false, canCancel: false, creatorName: 'Другой админ' }),
];

describe('ClientAccessPanel', () => {
  it('is not shown to a member who does not manage users, and asks nothing', () => {
    const { fake, view } = setup({ requests, invitations }, <ClientAccessPanel clientId={7} role={4} />);
    expect(view.container.querySelector('.client-access')).toBeNull();
    expect(fake.calls).toEqual([]);
  });

  it('lists requests (pending first) and invitations with their status, sender and role', async () => {
    const { fake } = setup({ requests, invitations }, <ClientAccessPanel clientId={7} role={2} />);
    await section('Доступ к клиенту');
    const requestList = await listOf('Запросы доступа');
    await waitFor(() => expect(within(requestList).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(requestList).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Пётр Смирнов');
    expect(first.textContent).toContain('Ждёт решения');
    expect(second.textContent).toContain('Отклонён');
    expect(fake.callsOf('getAccessRequests')).toEqual([[7]]);

    const invitationList = await listOf('Приглашения');
    await waitFor(() => expect(within(invitationList).getAllByRole('listitem')).toHaveLength(3));
    expect(within(invitationList).getByText('Роль «Инженер», пригласил(а) Анна Сергеевна Соколова, 28.08.2025')).toBeTruthy();
    expect(within(invitationList).getByText('Принято')).toBeTruthy();
    // Cancel only on the caller's own pending invitation.
    expect(within(invitationList).getAllByRole('button', { name: /^Отменить приглашение/ }).map((b) => b.getAttribute('aria-label')))
      .toEqual(['Отменить приглашение для oleg@example.ru']);
  });

  it('opens the request modal from a request and the invite modal from an invitation', async () => {
    const { user } = setup({ requests, invitations }, <ClientAccessPanel clientId={7} role={2} />);
    await user.click(await screen.findByRole('button', { name: 'Запрос доступа от Пётр Смирнов' }));
    const modal = await screen.findByRole('dialog', { name: 'Запрос доступа № 41' });
    await user.click(await within(modal).findByRole('button', { name: 'Принять' }));
    expect(await within(modal).findByText(/^Запрос принял/)).toBeTruthy();
    await user.click(within(modal).getAllByRole('button', { name: 'Закрыть' })[1] as HTMLElement);
    // The decision reloads the panel's lists.
    const requestList = await listOf('Запросы доступа');
    await waitFor(() => expect(within(requestList).getAllByText('Принят')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Приглашение для maria@example.ru' }));
    expect(await screen.findByRole('dialog', { name: 'Приглашение № 78' })).toBeTruthy();
  });

  it('cancels the sender’s pending invitation after confirming, and the list shows it canceled', async () => {
    const { fake, user } = setup({ requests: [], invitations }, <ClientAccessPanel clientId={7} role={2} />);
    await user.click(await screen.findByRole('button', { name: 'Отменить приглашение для oleg@example.ru' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Отменить приглашение для oleg@example.ru?' });
    await user.click(within(confirm).getByRole('button', { name: 'Отменить приглашение' }));
    await waitFor(() => expect(fake.callsOf('settleInvitation')).toEqual([[77, 'cancel']]));
    const list = await listOf('Приглашения');
    await waitFor(() => expect(within(list).getAllByText('Отменено')).toHaveLength(1));
    expect(toastTexts()).toEqual(['Приглашение к клиенту (заказчику) ООО «Альфа» отменено']);
    expect(within(list).queryByRole('button', { name: /^Отменить приглашение/ })).toBeNull();
  });

  it('offers roles 3–5 to an admin and also Админ to the owner', async () => {
    setup({}, <ClientAccessPanel clientId={7} role={2} />);
    const select = await screen.findByRole('combobox', { name: 'Роль' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Универсал', 'Инженер', 'Закупщик']);
    cleanup();
    setup({}, <ClientAccessPanel clientId={7} role={1} />);
    const ownerSelect = await screen.findByRole('combobox', { name: 'Роль' });
    expect(within(ownerSelect).getAllByRole('option').map((option) => option.textContent)).toEqual(['Админ', 'Универсал', 'Инженер', 'Закупщик']);
  });

  it('invites by e-mail with the chosen role: checks the e-mail, toasts, lists the new invitation', async () => {
    const { fake, user } = setup({ invitations: [] }, <ClientAccessPanel clientId={7} role={1} />);
    const email = await screen.findByRole('textbox', { name: 'E-mail пользователя' });
    const submit = screen.getByRole('button', { name: 'Пригласить' });
    await user.click(submit);
    expect(await screen.findByText('Укажите e-mail')).toBeTruthy();
    await user.type(email, 'new@');
    await user.click(submit);
    expect(await screen.findByText('Проверьте e-mail: например, name@example.ru')).toBeTruthy();
    expect(fake.callsOf('invite')).toEqual([]);

    await user.clear(email);
    await user.type(email, 'new@example.ru');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Роль' }), 'Админ');
    await user.click(submit);
    await waitFor(() => expect(fake.callsOf('invite')).toEqual([[7, 'new@example.ru', 2]]));
    expect(toastTexts()).toEqual(['Приглашение отправлено на new@example.ru']);
    expect((email as HTMLInputElement).value).toBe('');
    const list = await listOf('Приглашения');
    expect(await within(list).findByText('new@example.ru')).toBeTruthy();
  });

  it('shows a refusal about the e-mail on its field (409 already_member)', async () => {
    const { fake, user } = setup({}, <ClientAccessPanel clientId={7} role={2} />);
    fake.failNext('invite', new ApiError(409, 'Пользователь уже состоит в клиенте', 'userEmail', 'already_member'));
    const email = await screen.findByRole('textbox', { name: 'E-mail пользователя' });
    await user.type(email, 'member@example.ru');
    await user.click(screen.getByRole('button', { name: 'Пригласить' }));
    expect(await screen.findByText('Пользователь уже состоит в клиенте')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows any other refusal above the form', async () => {
    const { fake, user } = setup({}, <ClientAccessPanel clientId={7} role={2} />);
    fake.failNext('invite', new ApiError(403, 'Недостаточно прав'));
    await user.type(await screen.findByRole('textbox', { name: 'E-mail пользователя' }), 'x@example.ru');
    await user.click(screen.getByRole('button', { name: 'Пригласить' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Недостаточно прав');
  });

  it('offers a retry when a list fails to load', async () => {
    const { fake, user } = setup({ requests }, <ClientAccessPanel clientId={7} role={2} />, (prepared) =>
      prepared.failNext('getAccessRequests', new ApiError(503, 'Сервис недоступен')));
    const list = await listOf('Запросы доступа');
    expect(await within(list).findByText(/Не удалось загрузить список/)).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(fake.callsOf('getAccessRequests')).toHaveLength(2);
  });
});

describe('RequestAccessDialog', () => {
  it('sends the message and shows the sent state', async () => {
    const onClose = vi.fn();
    const { fake, changes, user } = setup({}, <RequestAccessDialog open clientId={7} clientName="ООО «Альфа»" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Запрос доступа к клиенту' });
    expect(within(dialog).getByText(/Владелец и администраторы клиента «ООО «Альфа»»/)).toBeTruthy();
    const message = within(dialog).getByRole('textbox', { name: 'Сообщение администраторам' });
    expect(message.getAttribute('maxlength')).toBe('1000');
    await user.type(message, '  Я инженер отдела  ');
    expect(within(dialog).getByText(/^20 из 1\s000$/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Отправить запрос' }));
    expect(await within(dialog).findByText('Запрос отправлен')).toBeTruthy();
    expect(fake.callsOf('requestAccess')).toEqual([[7, 'Я инженер отдела']]);
    expect(changes.count).toBe(1);
    await user.click(within(dialog).getAllByRole('button', { name: 'Закрыть' })[1] as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a 409 clearly and keeps the message to send later', async () => {
    const { fake, user } = setup({}, <RequestAccessDialog open clientId={7} clientName="ООО «Альфа»" onClose={() => undefined} />);
    fake.failNext('requestAccess', new ApiError(409, 'Ваш запрос доступа к этому клиенту уже ждёт решения', undefined, 'request_pending'));
    const dialog = await screen.findByRole('dialog', { name: 'Запрос доступа к клиенту' });
    await user.type(within(dialog).getByRole('textbox'), 'Ещё раз');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить запрос' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Ваш запрос доступа к этому клиенту уже ждёт решения');
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Ещё раз');
    expect(within(dialog).queryByText('Запрос отправлен')).toBeNull();
  });
});

describe('MyInvitations', () => {
  const now = new Date().toISOString();
  const longAgo = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000).toISOString();

  it('is hidden when nothing waits for the user', async () => {
    const { fake, view } = setup({ myInvitations: [], myRequests: [accessRequest({ id: 5, status: 'declined', declinedAt: longAgo })] }, <MyInvitations />);
    await waitFor(() => expect(fake.callsOf('getMyAccessRequests')).toHaveLength(1));
    await waitFor(() => expect(fake.callsOf('getMyInvitations')).toHaveLength(1));
    expect(view.container.querySelector('.my-access')).toBeNull();
  });

  it('lists pending invitations and recent own requests with their status', async () => {
    setup({
      myInvitations: [invitation({ id: 80, clientName: 'АО «Бета»', role: 5 })],
      myRequests: [
        accessRequest({ id: 1, clientName: 'ООО «Гамма»', canDecide: false }),
        accessRequest({ id: 2, clientName: 'ООО «Дельта»', status: 'accepted', acceptedAt: now, canDecide: false }),
        accessRequest({ id: 3, clientName: 'ООО «Старый»', status: 'declined', declinedAt: longAgo, canDecide: false }),
      ],
    }, <MyInvitations />);
    const region = await section('Приглашения и запросы доступа');
    expect(await within(region).findByText('Анна Сергеевна Соколова приглашает вас к клиенту АО «Бета», роль «Закупщик»')).toBeTruthy();
    const requestsList = (await within(region).findByRole('heading', { name: 'Ваши запросы доступа' })).nextElementSibling as HTMLElement;
    const rows = within(requestsList).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual([
      'Клиент ООО «Гамма», запрос от 28.08.2025Ждёт решения',
      'Клиент ООО «Дельта», запрос от 28.08.2025Принят',
    ]);
  });

  it('accepts an invitation from the list: toast, refresh, and it goes away', async () => {
    const { fake, changes, loads, user, view } = setup({ myInvitations: [invitation({ id: 80 })] }, <MyInvitations />);
    const accept = await screen.findByRole('button', { name: 'Принять приглашение к клиенту ООО «Альфа»' });
    const userLoads = loads.user;
    await user.click(accept);
    await waitFor(() => expect(fake.callsOf('settleInvitation')).toEqual([[80, 'accept']]));
    expect(toastTexts()).toEqual(['Вы приняли приглашение и получили доступ к клиенту (заказчику) ООО «Альфа»']);
    expect(changes.count).toBe(1);
    await waitFor(() => expect(loads.user).toBe(userLoads + 1));
    await waitFor(() => expect(view.container.querySelector('.my-access')).toBeNull());
  });

  it('declines one, and tells a failure with the server text', async () => {
    const { fake, user } = setup({ myInvitations: [invitation({ id: 80 })] }, <MyInvitations />);
    fake.failNext('settleInvitation', new ApiError(503, 'Сервис временно недоступен'));
    const decline = await screen.findByRole('button', { name: 'Отклонить приглашение к клиенту ООО «Альфа»' });
    await user.click(decline);
    await waitFor(() => expect(toastTexts()).toEqual(['Сервис временно недоступен']));
    expect((decline as HTMLButtonElement).disabled).toBe(false);
    await user.click(decline);
    await waitFor(() => expect(toastTexts()).toContain('Вы отказались от доступа к клиенту (заказчику) ООО «Альфа»'));
  });

  it('opens the invite modal for details', async () => {
    const { user } = setup({ myInvitations: [invitation({ id: 80 })] }, <MyInvitations />);
    await user.click(await screen.findByRole('button', { name: 'Подробнее о приглашении к клиенту ООО «Альфа»' }));
    expect(await screen.findByRole('dialog', { name: 'Приглашение № 80' })).toBeTruthy();
  });
});
