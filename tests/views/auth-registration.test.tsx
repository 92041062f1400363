// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AccessTokenResponse } from '../../src/contract/auth';
import type {
  ConfirmCredentialRequest, ConfirmCredentialResponse, CreateProfileRequest, EnterEmailRequest, EnterEmailResponse,
  EnterPhoneRequest, EnterPhoneResponse,
} from '../../src/contract/registration';
import { registrationMachine } from '../../src/machines/registration/registration';
import { ApiError } from '../../src/services/api';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import AuthPage from '../../src/views/pages/auth-page';
import { callSent, emailSent, renderAuthPage, smsSent, TOKEN } from './auth-harness';

// English is loaded lazily in the app; the tests switch to it synchronously.
await loadLocale('en');

const PROCESS_ID = '7a1c2e3f-4b5d-4c6e-8f90-a1b2c3d4e5f6';

function registrationFlow(stubs: {
  enterPhone?: (input: EnterPhoneRequest) => Promise<EnterPhoneResponse>;
  confirmCredential?: (input: ConfirmCredentialRequest) => Promise<ConfirmCredentialResponse>;
} = {}) {
  const calls = {
    enterPhone: vi.fn(stubs.enterPhone ?? (async ({ usingFlashcall }: EnterPhoneRequest) => ({
      registrationProcessId: PROCESS_ID, code: usingFlashcall ? callSent : { ...smsSent, resendAfterSeconds: 0 as const },
    }))),
    confirmCredential: vi.fn(stubs.confirmCredential ?? (async () => ({ confirmed: 'phone' as const }))),
    enterEmail: vi.fn(async (_input: EnterEmailRequest): Promise<EnterEmailResponse> => ({ registrationProcessId: PROCESS_ID, code: emailSent })),
    createProfile: vi.fn(async (_input: CreateProfileRequest): Promise<AccessTokenResponse> => ({ accessToken: TOKEN })),
  };
  const machine = registrationMachine.provide({
    actors: {
      enterPhone: fromPromise(({ input }: { input: EnterPhoneRequest }) => calls.enterPhone(input)),
      confirmCredential: fromPromise(({ input }: { input: ConfirmCredentialRequest }) => calls.confirmCredential(input)),
      enterEmail: fromPromise(({ input }: { input: EnterEmailRequest }) => calls.enterEmail(input)),
      createProfile: fromPromise(({ input }: { input: CreateProfileRequest }) => calls.createProfile(input)),
    },
  });
  return { machine, calls };
}

beforeEach(() => applyLocale('ru'));
afterEach(cleanup);

async function openRegistration(deps: ReturnType<typeof registrationFlow>) {
  const rendered = renderAuthPage(<AuthPage />, { deps: { registrationMachine: deps.machine } });
  await rendered.user.click(screen.getByRole('tab', { name: 'Регистрация' }));
  // The registration flow is loaded when its tab opens.
  await screen.findByLabelText('Номер телефона');
  return rendered;
}

describe('auth page: registration', () => {
  it('walks phone, its code, e-mail, its code and password, then opens the profile form signed in', async () => {
    const flow = registrationFlow();
    const { user, session, currentUrl } = await openRegistration(flow);

    expect(screen.getByText('Шаг 1 из 5 · Телефон')).toBeTruthy();
    const phone = screen.getByLabelText('Номер телефона');
    expect(document.activeElement).toBe(phone);
    await user.type(phone, '9991234567');
    expect(phone).toHaveProperty('value', '+7 (999) 123-45-67');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(flow.calls.enterPhone).toHaveBeenCalledWith({ registrationProcessId: null, usingFlashcall: false, phone: '+79991234567' });

    expect(screen.getByText('Шаг 2 из 5 · Подтверждение телефона')).toBeTruthy();
    // The masked number is kept on one line: its hyphens are no-break hyphens (U+2011).
    expect(screen.getByText(/Мы отправили SMS с кодом на номер \+7 \(999\) \*\*\*‑\*\*‑01\. Код действует 5 минут\./)).toBeTruthy();
    await user.type(screen.getByLabelText('Код из SMS'), '123456{Enter}');
    expect(flow.calls.confirmCredential).toHaveBeenCalledWith({ registrationProcessId: PROCESS_ID, code: '123456' });

    expect(screen.getByText('Шаг 3 из 5 · E-mail')).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail'), 'new@example.ru{Enter}');
    expect(flow.calls.enterEmail).toHaveBeenCalledWith({ registrationProcessId: PROCESS_ID, email: 'new@example.ru' });

    expect(screen.getByText('Шаг 4 из 5 · Подтверждение e-mail')).toBeTruthy();
    expect(screen.getByText(/Мы отправили письмо с кодом на n\*\*\*@example\.ru\./)).toBeTruthy();
    await user.type(screen.getByLabelText('Код из письма'), '654321{Enter}');

    expect(screen.getByText('Шаг 5 из 5 · Пароль')).toBeTruthy();
    await user.type(screen.getByLabelText('Пароль'), 'secret-pass');
    await user.type(screen.getByLabelText('Повторите пароль'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Создать аккаунт' }));

    expect(flow.calls.createProfile).toHaveBeenCalledWith({ registrationProcessId: PROCESS_ID, password: 'secret-pass' });
    expect(session.send).toHaveBeenCalledWith({ type: 'session.signedIn', token: TOKEN });
    expect(currentUrl()).toBe('/auth/filling-profile');
  });

  it('confirms the phone by a flash call with the last 4 digits', async () => {
    const flow = registrationFlow();
    const { user } = await openRegistration(flow);
    await user.type(screen.getByLabelText('Номер телефона'), '9991234567');
    await user.click(screen.getByRole('checkbox', { name: /Подтвердить звонком/ }));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    expect(flow.calls.enterPhone).toHaveBeenCalledWith(expect.objectContaining({ usingFlashcall: true }));
    expect(screen.getByText(/Отвечать не нужно: введите последние 4 цифры номера/)).toBeTruthy();
    expect(screen.getByLabelText('Последние 4 цифры номера').getAttribute('maxlength')).toBe('4');
  });

  it('flags an incomplete phone number in place', async () => {
    const flow = registrationFlow();
    const { user } = await openRegistration(flow);
    await user.type(screen.getByLabelText('Номер телефона'), '99912{Enter}');
    const phone = screen.getByLabelText('Номер телефона');
    expect(screen.getByText('Введите номер полностью: +7 (999) 999-99-99')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(flow.calls.enterPhone).not.toHaveBeenCalled();
  });

  it("shows the gateway's message for a wrong code, and a new code can be requested for the same process", async () => {
    const flow = registrationFlow({
      confirmCredential: async () => {
        throw new ApiError(400, 'Неверный код', 'code');
      },
    });
    const { user } = await openRegistration(flow);
    await user.type(screen.getByLabelText('Номер телефона'), '9991234567{Enter}');
    await user.type(screen.getByLabelText('Код из SMS'), '000000{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('Неверный код');

    await user.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    expect(flow.calls.enterPhone).toHaveBeenLastCalledWith({ registrationProcessId: PROCESS_ID, usingFlashcall: false, phone: '+79991234567' });
    expect(screen.getByLabelText('Код из SMS')).toHaveProperty('value', '');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back from the code to change the number, keeping what was typed', async () => {
    const flow = registrationFlow();
    const { user } = await openRegistration(flow);
    await user.type(screen.getByLabelText('Номер телефона'), '9991234567{Enter}');
    await user.click(screen.getByRole('button', { name: 'Изменить номер' }));
    expect(screen.getByLabelText('Номер телефона')).toHaveProperty('value', '+7 (999) 123-45-67');
  });

  it('flags a short password and a repeat that does not match', async () => {
    const flow = registrationFlow();
    const { user } = await openRegistration(flow);
    await user.type(screen.getByLabelText('Номер телефона'), '9991234567{Enter}');
    await user.type(screen.getByLabelText('Код из SMS'), '123456{Enter}');
    await user.type(screen.getByLabelText('E-mail'), 'new@example.ru{Enter}');
    await user.type(screen.getByLabelText('Код из письма'), '654321{Enter}');
    await user.type(screen.getByLabelText('Пароль'), 'short');
    await user.type(screen.getByLabelText('Повторите пароль'), 'other{Enter}');

    expect(screen.getByText('Пароль должен быть не короче 8 символов')).toBeTruthy();
    expect(screen.getByText('Пароли не совпадают')).toBeTruthy();
    expect(flow.calls.createProfile).not.toHaveBeenCalled();
  });

  it('lets the user see the password they typed', async () => {
    const flow = registrationFlow();
    const { user } = await openRegistration(flow);
    await user.type(screen.getByLabelText('Номер телефона'), '9991234567{Enter}');
    await user.type(screen.getByLabelText('Код из SMS'), '123456{Enter}');
    await user.type(screen.getByLabelText('E-mail'), 'new@example.ru{Enter}');
    await user.type(screen.getByLabelText('Код из письма'), '654321{Enter}');
    const password = screen.getByLabelText('Пароль');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getAllByRole('button', { name: 'Показать пароль' })[0] as HTMLElement);
    expect(password.getAttribute('type')).toBe('text');
  });
});
