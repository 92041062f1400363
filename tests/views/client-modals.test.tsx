// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api';
import { t } from '../../src/services/i18n';
import { knownNotification } from '../../src/services/notifications';
import { closeClientModal, openAccessRequestModal, openInvitationModal } from '../../src/services/client-modals';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { ClientModalHost } from '../../src/views/components/notifications/client-modal-host';
import { notificationText } from '../../src/views/components/notifications/notification-text';
import {
  accessRequest, countingSession, DECIDED_AT, fakeClientAccess, invitation, ME, openFromOutside, watchClientsChanged,
} from './client-access-harness';
import { renderWithSession } from './harness-parts';

let cleanups: Array<() => void> = [];

function setup(data: Parameters<typeof fakeClientAccess>[0]) {
  const fake = fakeClientAccess(data);
  const changes = watchClientsChanged();
  cleanups.push(fake.install(), changes.stop);
  const { session, loads } = countingSession();
  const user = userEvent.setup();
  renderWithSession(session, <ClientModalHost />);
  return { fake, changes: changes.seen, loads, user };
}

const dialog = (name: string) => screen.findByRole('dialog', { name });
const toastTexts = () => getToasts().map((toast) => toast.text);
const buttonNames = (element: HTMLElement) =>
  within(element)
    .getAllByRole('button')
    .map((button) => button.textContent?.trim() || button.getAttribute('aria-label'));
const finishOf = (element: HTMLElement) => element.querySelector('.client-modal__finish');

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

describe('access-request modal', () => {
  it('loads, shows the pending request, and after Принять shows the success finish with who accepted it', async () => {
    const { fake, changes, loads, user } = setup({ requests: [accessRequest()] });
    const release = fake.holdNext('getAccessRequest');
    openFromOutside(() => openAccessRequestModal(41));
    const modal = await dialog('Запрос доступа № 41');
    expect(modal.style.width).toBe('980px');
    expect(within(modal).getByRole('status').textContent).toBe('Загрузка…');
    release();

    await within(modal).findByText('Пётр Иванович Смирнов');
    for (const text of ['ООО «Альфа»', 'petr@example.ru', '+7 999 123 45 67', 'Прошу доступ: буду заказывать платы для отдела.', '28.08.2025 в']) {
      expect(within(modal).getByText(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeTruthy();
    }
    expect(buttonNames(modal)).toEqual(['Закрыть', 'Отклонить', 'Принять']);
    const userLoads = loads.user;

    await user.click(within(modal).getByRole('button', { name: 'Принять' }));
    expect(await within(modal).findByText(`Запрос принял ${ME}`)).toBeTruthy();
    expect(finishOf(modal)?.classList.contains('client-modal__finish--success')).toBe(true);
    expect(fake.callsOf('decideAccessRequest')).toEqual([[41, 'accept']]);
    expect(toastTexts()).toEqual(['Запрос доступа одобрен!']);
    // Only close is left; the client list and the header follow.
    expect(buttonNames(modal)).toEqual(['Закрыть', 'Закрыть']);
    expect(changes.count).toBe(1);
    await waitFor(() => expect(loads.user).toBe(userLoads + 1));

    await user.click(within(modal).getAllByRole('button', { name: 'Закрыть' })[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('declines: failure icon, the decline toast and who declined', async () => {
    const { fake, user } = setup({ requests: [accessRequest()] });
    openFromOutside(() => openAccessRequestModal(41));
    const modal = await dialog('Запрос доступа № 41');
    await user.click(await within(modal).findByRole('button', { name: 'Отклонить' }));
    expect(await within(modal).findByText(`Запрос отклонил ${ME}`)).toBeTruthy();
    expect(finishOf(modal)?.classList.contains('client-modal__finish--failure')).toBe(true);
    expect(fake.callsOf('decideAccessRequest')).toEqual([[41, 'decline']]);
    expect(toastTexts()).toEqual(['Запрос доступа отклонён!']);
  });

  it.each([
    ['accepted', 'Запрос принял Анна Соколова', 'success'],
    ['declined', 'Запрос отклонил Анна Соколова', 'failure'],
  ] as const)('opens a request already %s on the finish look with only Закрыть', async (status, line, icon) => {
    setup({
      requests: [
        accessRequest({
          status,
          acceptedAt: status === 'accepted' ? DECIDED_AT : null,
          declinedAt: status === 'declined' ? DECIDED_AT : null,
          solverName: 'Анна Соколова',
          canDecide: false,
        }),
      ],
    });
    openFromOutside(() => openAccessRequestModal(41));
    const modal = await dialog('Запрос доступа № 41');
    expect(await within(modal).findByText(line)).toBeTruthy();
    expect(finishOf(modal)?.classList.contains(`client-modal__finish--${icon}`)).toBe(true);
    expect(buttonNames(modal)).toEqual(['Закрыть', 'Закрыть']);
    expect(toastTexts()).toEqual([]);
  });

  it('shows the requester a pending request without buttons to decide', async () => {
    setup({ requests: [accessRequest({ canDecide: false, requesterPhone: null, message: null })] });
    openFromOutside(() => openAccessRequestModal(41));
    const modal = await dialog('Запрос доступа № 41');
    expect(await within(modal).findByText('Запрос ждёт решения владельца или администратора клиента.')).toBeTruthy();
    expect(within(modal).getAllByText('не указано')).toHaveLength(2);
    expect(buttonNames(modal)).toEqual(['Закрыть', 'Закрыть']);
  });

  it('tells a refused decision with the server text and stops loading, the buttons usable again', async () => {
    const { fake, changes, user } = setup({ requests: [accessRequest()] });
    fake.failNext('decideAccessRequest', new ApiError(403, 'Недостаточно прав для этого действия', undefined, 'forbidden'));
    openFromOutside(() => openAccessRequestModal(41));
    const modal = await dialog('Запрос доступа № 41');
    await user.click(await within(modal).findByRole('button', { name: 'Принять' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Недостаточно прав для этого действия']));
    expect(getToasts()[0]?.kind).toBe('error');
    const accept = within(modal).getByRole('button', { name: 'Принять' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(false);
    expect(accept.getAttribute('aria-busy')).toBeNull();
    expect(changes.count).toBe(0);
  });

  it('when someone decided first, tells the 409 and shows the request as it now is', async () => {
    const { fake, user } = setup({ requests: [accessRequest()] });
    openFromOutside(() => openAccessRequestModal(41));
    const modal = await dialog('Запрос доступа № 41');
    await within(modal).findByRole('button', { name: 'Принять' });
    // Another admin declines meanwhile.
    await fake.gateway.decideAccessRequest(41, 'decline');
    await user.click(within(modal).getByRole('button', { name: 'Принять' }));
    expect(await within(modal).findByText(`Запрос отклонил ${ME}`)).toBeTruthy();
    expect(toastTexts()).toEqual(['Уже рассмотрено']);
  });

  it('shows a failed load with the toast of the server text, and retries', async () => {
    const { fake, user } = setup({ requests: [accessRequest()] });
    fake.failNext('getAccessRequest', new ApiError(503, 'Сервис временно недоступен'));
    openFromOutside(() => openAccessRequestModal(41));
    const modal = await dialog('Запрос доступа № 41');
    expect(await within(modal).findByText('Не удалось загрузить запрос доступа.')).toBeTruthy();
    expect(toastTexts()).toEqual(['Сервис временно недоступен']);
    await user.click(within(modal).getByRole('button', { name: 'Повторить' }));
    expect(await within(modal).findByText('Пётр Иванович Смирнов')).toBeTruthy();
  });
});

describe('invite modal', () => {
  it('lets the invitee accept: the toast names the client, the finish says accepted', async () => {
    const { fake, changes, loads, user } = setup({ myInvitations: [invitation()] });
    openFromOutside(() => openInvitationModal(77));
    const modal = await dialog('Приглашение № 77');
    expect(modal.style.width).toBe('980px');
    await within(modal).findByText('Анна Сергеевна Соколова');
    expect(within(modal).getByText('Универсал')).toBeTruthy();
    expect(buttonNames(modal)).toEqual(['Закрыть', 'Отклонить', 'Принять']);
    const counterLoads = loads.counters;

    await user.click(within(modal).getByRole('button', { name: 'Принять' }));
    expect(await within(modal).findByText('Приглашение принято')).toBeTruthy();
    expect(finishOf(modal)?.classList.contains('client-modal__finish--success')).toBe(true);
    expect(fake.callsOf('settleInvitation')).toEqual([[77, 'accept']]);
    expect(toastTexts()).toEqual(['Вы приняли приглашение и получили доступ к клиенту (заказчику) ООО «Альфа»']);
    expect(buttonNames(modal)).toEqual(['Закрыть', 'Закрыть']);
    expect(changes.count).toBe(1);
    await waitFor(() => expect(loads.counters).toBe(counterLoads + 1));
  });

  it('lets the invitee decline', async () => {
    const { user } = setup({ myInvitations: [invitation()] });
    openFromOutside(() => openInvitationModal(77));
    const modal = await dialog('Приглашение № 77');
    await user.click(await within(modal).findByRole('button', { name: 'Отклонить' }));
    expect(await within(modal).findByText('Приглашение отклонено')).toBeTruthy();
    expect(finishOf(modal)?.classList.contains('client-modal__finish--failure')).toBe(true);
    expect(toastTexts()).toEqual(['Вы отказались от доступа к клиенту (заказчику) ООО «Альфа»']);
  });

  it('lets the sender cancel after confirming, and keeps it when the sender changes their mind', async () => {
    const { fake, user } = setup({ invitations: [invitation({ canAnswer: false, canCancel: true })] });
    openFromOutside(() => openInvitationModal(77));
    const modal = await dialog('Приглашение № 77');
    expect(await within(modal).findByText('Приглашение ждёт ответа пользователя.')).toBeTruthy();
    expect(within(modal).queryByRole('button', { name: 'Принять' })).toBeNull();

    await user.click(within(modal).getByRole('button', { name: 'Отменить приглашение' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Отменить приглашение для oleg@example.ru?' });
    await user.click(within(confirm).getByRole('button', { name: 'Не отменять' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.callsOf('settleInvitation')).toEqual([]);

    await user.click(within(modal).getByRole('button', { name: 'Отменить приглашение' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отменить приглашение' }));
    expect(await within(modal).findByText(`Приглашение отменил ${ME}`)).toBeTruthy();
    expect(fake.callsOf('settleInvitation')).toEqual([[77, 'cancel']]);
    expect(finishOf(modal)?.classList.contains('client-modal__finish--failure')).toBe(true);
  });

  it.each([
    ['accepted', 'Приглашение принято', { acceptedAt: DECIDED_AT }],
    ['declined', 'Приглашение отклонено', { declinedAt: DECIDED_AT }],
    ['canceled', 'Приглашение отменил Анна Соколова', { canceledAt: DECIDED_AT, cancelerName: 'Анна Соколова' }],
  ] as const)('opens an invitation already %s on the finish look with only Закрыть', async (status, line, dates) => {
    setup({ myInvitations: [invitation({ status, ...dates, canAnswer: false })] });
    openFromOutside(() => openInvitationModal(77));
    const modal = await dialog('Приглашение № 77');
    expect(await within(modal).findByText(line)).toBeTruthy();
    expect(buttonNames(modal)).toEqual(['Закрыть', 'Закрыть']);
  });

  it('tells a refused answer with the server text and stays on the invitation', async () => {
    const { fake, user } = setup({ myInvitations: [invitation()] });
    fake.failNext('settleInvitation', new ApiError(404, 'Приглашение не найдено'));
    openFromOutside(() => openInvitationModal(77));
    const modal = await dialog('Приглашение № 77');
    await user.click(await within(modal).findByRole('button', { name: 'Принять' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Приглашение не найдено']));
    expect((within(modal).getByRole('button', { name: 'Принять' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(modal).queryByText('Приглашение принято')).toBeNull();
  });

  it('shows a failed load and retries it', async () => {
    const { fake, user } = setup({ myInvitations: [invitation()] });
    fake.failNext('getInvitation', new ApiError(404, 'Приглашение не найдено'));
    openFromOutside(() => openInvitationModal(77));
    const modal = await dialog('Приглашение № 77');
    expect(await within(modal).findByText('Не удалось загрузить приглашение.')).toBeTruthy();
    expect(toastTexts()).toEqual(['Приглашение не найдено']);
    await user.click(within(modal).getByRole('button', { name: 'Повторить' }));
    expect(await within(modal).findByText('Анна Сергеевна Соколова')).toBeTruthy();
  });
});

describe('loss-of-access notification', () => {
  it('says that the member left when SelfLeft is set, and who closed the access otherwise', () => {
    const text = (content: Record<string, unknown>) => notificationText(knownNotification({ type: 'Looser', content }), t);
    expect(text({ WhoKickedYou: 'Олег Петров', ClientName: 'ООО «Альфа»', SelfLeft: true })).toBe('Олег Петров покинул(а) клиента ООО «Альфа»');
    expect(text({ WhoKickedYou: 'Олег Петров', ClientName: 'ООО «Альфа»' })).toBe('Олег Петров закрыл(а) вам доступ к клиенту ООО «Альфа»');
  });
});
