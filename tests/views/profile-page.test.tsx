// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { AVATAR_MAX_BYTES, type CredentialCodeSent } from '../../src/contract/credentials';
import type { LetterSettings } from '../../src/contract/letters';
import type { Session, UserDetailedInfo, UserSummary } from '../../src/contract/user';
import { ApiError } from '../../src/services/api';
import { formatPhone } from '../../src/services/phone-format';
import { applyLocale } from '../../src/services/i18n';
import { provideProfileAccountCalls, type ProfileAccountCalls } from '../../src/services/profile-account';
import { createSessionActor } from '../../src/services/session';
import { SessionProvider } from '../../src/views/components/session-context';
import ProfilePage from '../../src/views/pages/account/profile-page';
import { testCounters, testToken, testUser } from './app-harness';
import { withQueryClient } from './harness-parts';

const PROCESS_ID = '5d0c7a1e-8f3b-4c2a-b6e1-9a4f2c7d8e30';
const CONFIRMATION_ID = '2f6b1c3d-4e5a-4b6c-8d7e-9f0a1b2c3d4e';
const CURRENT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const codeTo = (destination: string): CredentialCodeSent['code'] =>
  ({ destination, codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 30 });

const info: UserDetailedInfo = {
  summary: testUser, reservePhone: '+79990000002', reserveEmail: null, secondFactorTypes: [], createdAt: '2025-01-10T09:00:00.000Z',
};
const sessions: Session[] = [
  {
    sessionId: OTHER,
    deviceInfo: 'Firefox на Linux',
    location: '',
    ip: '10.0.0.7',
    createdAt: '2025-08-20T08:00:00.000Z',
    lastSeenAt: '2025-08-27T16:40:00.000Z',
    isCurrent: false,
  },
  {
    sessionId: CURRENT,
    deviceInfo: 'Chrome на Windows',
    location: 'Москва, Россия',
    ip: '10.0.0.5',
    createdAt: '2025-08-28T08:00:00.000Z',
    lastSeenAt: '2025-08-28T09:15:00.000Z',
    isCurrent: true,
  },
];

/** Every profile call answered from memory and recorded. */
function fakeGateway(): { [K in keyof ProfileAccountCalls]: ReturnType<typeof vi.fn<ProfileAccountCalls[K]>> } {
  return {
    detailedInfo: vi.fn(() => Promise.resolve(info)),
    updateMainInfo: vi.fn(() => Promise.resolve({ ok: true as const })),
    uploadAvatar: vi.fn(() => Promise.resolve({ avatar: '/files/images/new-photo' })),
    removeAvatar: vi.fn(() => Promise.resolve({ avatar: null })),
    changePassword: vi.fn(() => Promise.resolve({ ok: true as const })),
    sessions: vi.fn(() => Promise.resolve(sessions)),
    terminateSession: vi.fn(() => Promise.resolve({ ok: true as const })),
    credentialTypes: vi.fn(() => Promise.resolve([
      { code: 'RegistrationPhone' as const, maskedValue: '+7 (999) ***-**-00', canConfirm: true },
      { code: 'RegistrationEmail' as const, maskedValue: 'd***@example.ru', canConfirm: true },
    ])),
    startCredentialChanging: vi.fn(() => Promise.resolve({ changingProcessId: PROCESS_ID, code: codeTo('d***@example.ru') })),
    confirmOldCredential: vi.fn(() => Promise.resolve({ changingProcessId: PROCESS_ID, code: codeTo('+7 (999) ***-**-67') })),
    confirmNewCredential: vi.fn(() => Promise.resolve({ phone: '+79991234567', email: testUser.email })),
    resendCredentialCode: vi.fn(() => Promise.resolve({ changingProcessId: PROCESS_ID, code: codeTo('d***@example.ru') })),
    startReserve: vi.fn(() => Promise.resolve({ confirmationId: CONFIRMATION_ID, code: codeTo('r***@example.ru') })),
    confirmReserve: vi.fn(() => Promise.resolve({ reservePhone: '+79990000002', reserveEmail: 'reserve@example.ru' })),
    removeReserve: vi.fn(() => Promise.resolve({ reservePhone: null, reserveEmail: null })),
    letterSettings: vi.fn(() => Promise.resolve<LetterSettings>({ mutedLetters: ['paid'], lang: 'en' })),
    setMutedLetters: vi.fn((mutedLetters) => Promise.resolve<LetterSettings>({ mutedLetters, lang: 'en' })),
  };
}

let gateway = fakeGateway();
let restore: () => void = () => {};

/** The page with a real session machine whose gateway actors and redirect are recorded. */
function renderProfile() {
  const calls = {
    loadUser: vi.fn(() => Promise.resolve<UserSummary>(testUser)),
    terminateCurrentSession: vi.fn(() => Promise.resolve({ ok: true })),
    redirectToAuth: vi.fn(),
  };
  const session = createSessionActor(
    {
      actors: {
        loadUser: fromPromise<UserSummary, void>(() => calls.loadUser()),
        loadCounters: fromPromise(() => Promise.resolve(testCounters)),
        terminateCurrentSession: fromPromise<unknown, void>(() => calls.terminateCurrentSession()),
        refreshToken: fromPromise<{ accessToken: string }, { token: string }>(() => Promise.resolve({ accessToken: testToken('s2') })),
      },
      actions: { persistToken: () => undefined, removeToken: () => undefined, clearUserData: () => undefined, redirectToAuth: calls.redirectToAuth },
    },
    { token: testToken(), tokenAgeMs: 0, online: true },
  ).start();
  const location = memoryLocation({ path: '/account/profile', record: true });
  const user = userEvent.setup();
  render(
    <SessionProvider value={session}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {withQueryClient(<ProfilePage title="Профиль" />)}
      </Router>
    </SessionProvider>,
  );
  return { user, session, calls };
}

const card = (heading: string) => screen.getByRole('region', { name: heading });

beforeEach(() => {
  applyLocale('ru');
  gateway = fakeGateway();
  restore = provideProfileAccountCalls(gateway);
});
afterEach(() => {
  cleanup();
  restore();
});

describe('profile page', () => {
  it('shows skeletons, then every section with the loaded data', async () => {
    renderProfile();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    expect(await screen.findByLabelText('Имя')).toHaveProperty('value', 'Иван');
    expect(screen.getByLabelText('Отчество')).toHaveProperty('value', 'Петрович');
    expect(screen.getByLabelText('Фамилия')).toHaveProperty('value', 'Смирнов');
    expect(screen.getByRole('radio', { name: 'Мужской' })).toHaveProperty('checked', true);
    expect(within(card('Основные данные')).getByText('demo@example.ru')).toBeTruthy();
    expect(within(card('Основные данные')).getByText(formatPhone(testUser.phone))).toBeTruthy();
    expect(within(card('Основные данные')).getByRole('img', { name: 'Фото профиля' }).getAttribute('data-avatar')).toBe('male');

    expect(within(card('Пароль')).getByLabelText('Текущий пароль')).toBeTruthy();
    const reserve = card('Резервные контакты');
    expect(within(reserve).getByText(formatPhone('+79990000002'))).toBeTruthy();
    expect(within(reserve).getByRole('button', { name: 'Добавить: Резервная почта' })).toBeTruthy();

    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    // The current session comes first and is marked.
    expect(rows[1]?.textContent).toContain('Chrome на Windows');
    expect(rows[1]?.textContent).toContain('Текущий сеанс');
    expect(rows[1]?.textContent).toContain('Москва, Россия');
    // Without a location the address is shown.
    expect(rows[2]?.textContent).toContain('10.0.0.7');
  });

  it('saves the main info with the trimmed names and gender, then reloads the user for the header', async () => {
    const { user, calls } = renderProfile();
    const firstName = await screen.findByLabelText('Имя');
    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(gateway.updateMainInfo).not.toHaveBeenCalled();
    expect(firstName.getAttribute('aria-invalid')).toBe('true');

    await user.type(firstName, '  Пётр ');
    await user.click(screen.getByRole('radio', { name: 'Не указан' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(gateway.updateMainInfo).toHaveBeenCalledWith({ firstName: 'Пётр', patronymic: 'Петрович', lastName: 'Смирнов', isMale: null });
    await waitFor(() => expect(calls.loadUser).toHaveBeenCalledTimes(2));
  });

  it('shows a wrong old password on the old-password field', async () => {
    gateway.changePassword.mockRejectedValueOnce(new ApiError(400, 'Неверный текущий пароль', 'oldPassword'));
    const { user } = renderProfile();
    const passwords = card('Пароль');
    await user.type(within(passwords).getByLabelText('Текущий пароль'), 'wrong-one');
    await user.type(within(passwords).getByLabelText('Новый пароль'), 'new-secret-1');
    await user.type(within(passwords).getByLabelText('Повторите новый пароль'), 'new-secret-1');
    await user.click(within(passwords).getByRole('button', { name: 'Изменить пароль' }));

    expect(gateway.changePassword).toHaveBeenCalledWith({ oldPassword: 'wrong-one', newPassword: 'new-secret-1' });
    const old = within(passwords).getByLabelText('Текущий пароль');
    await waitFor(() => expect(old.getAttribute('aria-invalid')).toBe('true'));
    const described = (old.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Неверный текущий пароль');
    expect(within(passwords).queryByRole('alert')).toBeNull();
  });

  it('changes the phone: method, new value, old code, new code, done', async () => {
    const { user, calls } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Изменить телефон' }));
    const dialog = await screen.findByRole('dialog', { name: 'Смена телефона' });
    expect(within(dialog).getByText('Шаг 1 из 4')).toBeTruthy();
    await user.click(await within(dialog).findByRole('radio', { name: 'SMS на телефон +7\u00a0(999)\u00a0***‑**‑00' }));
    await user.click(within(dialog).getByRole('radio', { name: /Письмо на почту/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }));

    await user.type(within(dialog).getByLabelText('Новый телефон'), '9991234567');
    await user.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    expect(gateway.startCredentialChanging).toHaveBeenCalledWith(
      { credentialTypeCode: 'RegistrationPhone', oldCredentialType: 'RegistrationEmail', newCredentialValue: '+79991234567' },
      expect.anything(),
    );

    expect(await within(dialog).findByText('Шаг 3 из 4')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Код подтверждения'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(dialog).findByText('Шаг 4 из 4')).toBeTruthy();
    expect(gateway.confirmOldCredential).toHaveBeenCalledWith({ changingProcessId: PROCESS_ID, code: '111111' }, expect.anything());

    await user.type(within(dialog).getByLabelText('Код подтверждения'), '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(dialog).findByText(`Телефон изменён: ${formatPhone('+79991234567')}`)).toBeTruthy();
    expect(gateway.confirmNewCredential).toHaveBeenCalledWith({ changingProcessId: PROCESS_ID, code: '222222' }, expect.anything());
    await waitFor(() => expect(calls.loadUser).toHaveBeenCalledTimes(2));

    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Основные данные')).getByText(formatPhone('+79991234567'))).toBeTruthy();
  });

  it('checks the avatar size before uploading and sends a data URL', async () => {
    const { user } = renderProfile();
    const input = await screen.findByLabelText('Файл фото');
    await user.upload(input, new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Файл больше 2 МБ: выберите фото поменьше')).toBeTruthy();
    expect(gateway.uploadAvatar).not.toHaveBeenCalled();

    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(gateway.uploadAvatar).toHaveBeenCalledTimes(1));
    expect(gateway.uploadAvatar.mock.calls[0]?.[0]).toMatch(/^data:image\/png;base64,/);
    const photo = await within(card('Основные данные')).findByRole('img', { name: 'Фото профиля' });
    expect(photo.getAttribute('src')).toBe('/files/images/new-photo');
    expect(screen.getByRole('button', { name: 'Удалить фото' })).toBeTruthy();
  });

  it('adds a reserve e-mail: value, code, confirmed', async () => {
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Добавить: Резервная почта' }));
    await user.type(screen.getByLabelText('Новая резервная почта'), 'reserve@example.ru');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(gateway.startReserve).toHaveBeenCalledWith({ kind: 'ReserveEmail', value: 'reserve@example.ru' }, expect.anything());
    await user.type(await screen.findByLabelText('Код подтверждения'), '333333');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Подтверждён')).toBeTruthy();
    expect(within(card('Резервные контакты')).getByText('reserve@example.ru')).toBeTruthy();
  });

  it('turns order letters off and on from the keyboard and saves the ones turned off', async () => {
    const { user } = renderProfile();
    const letters = card('Письма о заказах');
    const paid = await within(letters).findByRole('checkbox', { name: 'Оплата получена, заказ передан в производство' });
    expect(paid).toHaveProperty('checked', false);
    expect(within(letters).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(4);
    expect(within(letters).getByText(/на котором вы последний раз входили в кабинет: английский/)).toBeTruthy();

    const placed = within(letters).getByRole('checkbox', { name: 'Заказ оформлен: позиции, сумма и что будет дальше' });
    placed.focus();
    await user.keyboard(' ');
    expect(placed).toHaveProperty('checked', false);
    paid.focus();
    await user.keyboard(' ');
    // Past the last letter, the next stop is the card's save button.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(letters).getByRole('button', { name: 'Сохранить настройки писем' }));
    await user.keyboard('{Enter}');
    expect(gateway.setMutedLetters).toHaveBeenCalledWith(['placed']);
    await waitFor(() => expect(within(letters).getByRole('button', { name: 'Сохранить настройки писем' }).getAttribute('aria-busy')).toBeNull());
    expect(within(letters).queryByRole('alert')).toBeNull();
  });

  it('shows a refused save of the letter settings above them and keeps the choice', async () => {
    gateway.setMutedLetters.mockRejectedValueOnce(new ApiError(503, 'Сервис временно недоступен'));
    const { user } = renderProfile();
    const letters = card('Письма о заказах');
    await user.click(await within(letters).findByRole('checkbox', { name: /^Заказ отгружен/ }));
    await user.click(within(letters).getByRole('button', { name: 'Сохранить настройки писем' }));
    expect((await within(letters).findByRole('alert')).textContent).toContain('Сервис временно недоступен');
    expect(within(letters).getByRole('checkbox', { name: /^Заказ отгружен/ })).toHaveProperty('checked', false);
    expect(gateway.setMutedLetters).toHaveBeenCalledWith(['paid', 'shipped']);
  });

  it('ends another session by its id after confirmation, then reloads the list', async () => {
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Завершить сеанс: Firefox на Linux' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Завершить сеанс на устройстве «Firefox на Linux»?' });
    await user.click(within(confirm).getByRole('button', { name: 'Завершить' }));
    expect(gateway.terminateSession).toHaveBeenCalledWith(OTHER);
    await waitFor(() => expect(gateway.sessions).toHaveBeenCalledTimes(2));
  });

  it('ends the current session through the session and signs out to /auth', async () => {
    const { user, session, calls } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Завершить текущий сеанс' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Завершить' }));
    await waitFor(() => expect(session.getSnapshot().hasTag('anonymous')).toBe(true));
    expect(calls.terminateCurrentSession).toHaveBeenCalledTimes(1);
    expect(calls.redirectToAuth).toHaveBeenCalledTimes(1);
    expect(gateway.terminateSession).not.toHaveBeenCalled();
  });
});
