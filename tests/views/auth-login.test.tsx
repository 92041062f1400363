// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  CodeSentResponse, ConfirmSecondFactorRequest, ConfirmSecondFactorResponse, LoginResponse, ResetPasswordRequest,
  SendCodeRequest,
} from '../../src/contract/auth';
import type { OkResponse } from '../../src/contract/fields';
import { loginMachine } from '../../src/machines/login/login';
import { ApiError } from '../../src/services/api';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import AuthPage from '../../src/views/pages/auth-page';
import { callSent, deferred, renderAuthPage, smsSent, TOKEN } from './auth-harness';

// English is loaded lazily in the app; the tests switch to it synchronously.
await loadLocale('en');

const SECOND_FACTOR_ID = '0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b';

function loginFlow(stubs: {
  signIn?: (input: { login: string; password: string }) => Promise<LoginResponse>;
  sendCode?: (input: SendCodeRequest) => Promise<CodeSentResponse>;
  confirmSecondFactor?: (input: ConfirmSecondFactorRequest) => Promise<ConfirmSecondFactorResponse>;
  sendResetLink?: (input: { email: string }) => Promise<OkResponse>;
  resetPassword?: (input: ResetPasswordRequest) => Promise<OkResponse>;
} = {}) {
  const calls = {
    signIn: vi.fn(stubs.signIn ?? (async () => ({ result: 0 as const, accessToken: TOKEN }))),
    sendCode: vi.fn(stubs.sendCode ?? (async () => smsSent)),
    confirmSecondFactor: vi.fn(stubs.confirmSecondFactor ?? (async () => ({ result: 0 as const, accessToken: TOKEN }))),
    sendResetLink: vi.fn(stubs.sendResetLink ?? (async () => ({ ok: true as const }))),
    resetPassword: vi.fn(stubs.resetPassword ?? (async () => ({ ok: true as const }))),
  };
  const machine = loginMachine.provide({
    actors: {
      signIn: fromPromise(({ input }: { input: { login: string; password: string } }) => calls.signIn(input)),
      sendCode: fromPromise(({ input }: { input: SendCodeRequest }) => calls.sendCode(input)),
      confirmSecondFactor: fromPromise(({ input }: { input: ConfirmSecondFactorRequest }) => calls.confirmSecondFactor(input)),
      sendResetLink: fromPromise(({ input }: { input: { email: string } }) => calls.sendResetLink(input)),
      resetPassword: fromPromise(({ input }: { input: ResetPasswordRequest }) => calls.resetPassword(input)),
    },
  });
  return { machine, calls };
}

const secondFactor = (types: Array<0 | 1 | 2>): LoginResponse => ({ result: 1, secondFactorId: SECOND_FACTOR_ID, secondFactorTypes: types });

beforeEach(() => applyLocale('ru'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  applyLocale('ru');
});

async function signIn(user: ReturnType<typeof renderAuthPage>['user'], login = 'demo@example.ru', password = 'demo12345') {
  await user.type(screen.getByLabelText('E-mail или телефон'), login);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

describe('auth page: sign-in', () => {
  it('signs in with e-mail and password, hands the token to the session and opens home', async () => {
    const { machine, calls } = loginFlow();
    const { user, session, currentUrl } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    expect(screen.getByRole('heading', { name: 'Вход в личный кабинет' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail или телефон'));

    await signIn(user);

    expect(calls.signIn).toHaveBeenCalledWith({ login: 'demo@example.ru', password: 'demo12345' });
    expect(session.send).toHaveBeenCalledWith({ type: 'session.signedIn', token: TOKEN });
    expect(currentUrl()).toBe('/');
  });

  it('submits with Enter from the password field', async () => {
    const { machine, calls } = loginFlow();
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await user.type(screen.getByLabelText('E-mail или телефон'), 'demo@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'demo12345{Enter}');
    expect(calls.signIn).toHaveBeenCalledTimes(1);
  });

  it('marks empty fields as required in place and sends nothing', async () => {
    const { machine, calls } = loginFlow();
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    const login = screen.getByLabelText('E-mail или телефон');
    expect(login.getAttribute('aria-invalid')).toBe('true');
    const describedBy = login.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Обязательное поле');
    expect(screen.getAllByText('Обязательное поле')).toHaveLength(2);
    expect(document.activeElement).toBe(login);
    expect(calls.signIn).not.toHaveBeenCalled();
  });

  it("shows the gateway's message in an alert when the password is wrong", async () => {
    const { machine } = loginFlow({ signIn: () => Promise.reject(new ApiError(401, 'Неверный логин или пароль')) });
    const { user, session } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await signIn(user, 'demo@example.ru', 'wrong-password');
    expect(screen.getByRole('alert').textContent).toContain('Неверный логин или пароль');
    expect(session.send).not.toHaveBeenCalled();
  });

  it('disables the button and shows progress while signing in', async () => {
    const pending = deferred<LoginResponse>();
    const { machine } = loginFlow({ signIn: () => pending.promise });
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await signIn(user);
    const button = screen.getByRole('button', { name: 'Входим…' });
    expect(button).toHaveProperty('disabled', true);
    await act(async () => pending.resolve({ result: 0, accessToken: TOKEN }));
  });

  it('goes to the safe redirect target after sign-in', async () => {
    const { machine } = loginFlow();
    const { user, currentUrl } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine }, search: 'redirect=%2Forders%3Fstatus%3Dshipped' });
    await signIn(user);
    expect(currentUrl()).toBe('/orders?status=shipped');
  });

  it('ignores a redirect to another site', async () => {
    const { machine } = loginFlow();
    const { user, currentUrl } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine }, search: 'redirect=%2F%2Fevil.example' });
    await signIn(user);
    expect(currentUrl()).toBe('/');
  });

  it('sends a user whose profile is not filled to /auth/filling-profile, keeping the English prefix', async () => {
    applyLocale('en');
    const { machine } = loginFlow({ signIn: async () => ({ result: 2, accessToken: TOKEN }) });
    const { user, currentUrl } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine }, path: '/en/auth' });
    await user.type(screen.getByLabelText('E-mail or phone'), 'new@example.ru');
    await user.type(screen.getByLabelText('Password'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(currentUrl()).toBe('/en/auth/filling-profile');
  });
});

describe('auth page: second factor', () => {
  it('asks for the method, shows where the code went, rejects a wrong code and accepts the right one', async () => {
    const { machine, calls } = loginFlow({
      signIn: async () => secondFactor([0, 2]),
      confirmSecondFactor: async ({ code }) => {
        if (code !== '654321') throw new ApiError(400, 'Неверный код. Осталось попыток: 4', 'code');
        return { result: 0, accessToken: TOKEN };
      },
    });
    const { user, session } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await signIn(user, 'demo2fa@example.ru');

    expect(await screen.findByRole('heading', { name: 'Подтверждение входа' })).toBeTruthy();
    const methods = screen.getByRole('group', { name: 'Способ получения кода' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(2);
    expect(document.activeElement).toBe(within(methods).getByRole('radio', { name: /SMS/ }));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    expect(calls.sendCode).toHaveBeenCalledWith({ secondFactorId: SECOND_FACTOR_ID, secondFactorType: 0 });
    // The masked number is kept on one line: its hyphens are no-break hyphens (U+2011).
    expect(screen.getByText(/Мы отправили SMS с кодом на номер \+7 \(999\) \*\*\*‑\*\*‑01\. Код действует 5 минут\./)).toBeTruthy();
    const code = screen.getByLabelText('Код из SMS');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await user.type(code, '111111{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('Неверный код. Осталось попыток: 4');
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await user.clear(code);
    await user.type(code, '654321{Enter}');
    expect(calls.confirmSecondFactor).toHaveBeenLastCalledWith({ secondFactorId: SECOND_FACTOR_ID, code: '654321' });
    expect(session.send).toHaveBeenCalledWith({ type: 'session.signedIn', token: TOKEN });
  });

  it('flags a code that is too short in place without calling the gateway', async () => {
    const { machine, calls } = loginFlow({ signIn: async () => secondFactor([0]) });
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await signIn(user, 'demo2fa@example.ru');
    await user.type(screen.getByLabelText('Код из SMS'), '12{Enter}');
    expect(screen.getByText('Введите код полностью, только цифры')).toBeTruthy();
    expect(calls.confirmSecondFactor).not.toHaveBeenCalled();
  });

  it('offers resend after a visible 30-second countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { machine, calls } = loginFlow({ signIn: async () => secondFactor([0]) });
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine }, advanceTimers: vi.advanceTimersByTime });
    await signIn(user, 'demo2fa@example.ru');

    // A single method needs no choice: the code goes out at once.
    expect(calls.sendCode).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Отправить код повторно можно через 0:(30|29)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отправить код ещё раз' })).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    await user.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    expect(calls.sendCode).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText('Код из SMS')).toBeTruthy();
  });

  it('asks for the last 4 digits of the calling number when the call method is chosen, and can change the method', async () => {
    const { machine, calls } = loginFlow({
      signIn: async () => secondFactor([0, 1, 2]),
      sendCode: async ({ secondFactorType }) => (secondFactorType === 1 ? callSent : smsSent),
    });
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await signIn(user, 'demo2fa@example.ru');
    await user.click(screen.getByRole('radio', { name: /Звонок/ }));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    expect(calls.sendCode).toHaveBeenCalledWith({ secondFactorId: SECOND_FACTOR_ID, secondFactorType: 1 });
    expect(screen.getByText(/введите последние 4 цифры номера, с которого вам звонят/)).toBeTruthy();
    expect(screen.getByLabelText('Последние 4 цифры номера').getAttribute('maxlength')).toBe('4');

    await user.click(screen.getByRole('button', { name: 'Выбрать другой способ' }));
    expect(screen.getByRole('group', { name: 'Способ получения кода' })).toBeTruthy();
  });

  it('returns to the password form from the second factor', async () => {
    const { machine } = loginFlow({ signIn: async () => secondFactor([0, 2]) });
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await signIn(user, 'demo2fa@example.ru');
    await user.click(screen.getByRole('button', { name: 'Войти с другими данными' }));
    expect(screen.getByRole('heading', { name: 'Вход в личный кабинет' })).toBeTruthy();
  });
});

describe('auth page: password recovery', () => {
  it('after a failed sign-in, sends a code to that e-mail, sets a new password and returns to sign-in with the address filled', async () => {
    const { machine, calls } = loginFlow({ signIn: () => Promise.reject(new ApiError(401, 'Неверный логин или пароль')) });
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await signIn(user, 'demo@example.ru', 'forgotten');
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));

    expect(await screen.findByRole('heading', { name: 'Восстановление пароля' })).toBeTruthy();
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveProperty('value', 'demo@example.ru');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(calls.sendResetLink).toHaveBeenCalledWith({ email: 'demo@example.ru' });

    expect(screen.getByText(/Если адрес demo@example\.ru зарегистрирован/)).toBeTruthy();
    await user.type(screen.getByLabelText('Код из письма'), '123456');
    await user.type(screen.getByLabelText('Новый пароль'), 'short{Enter}');
    expect(screen.getByText('Пароль должен быть не короче 8 символов')).toBeTruthy();
    await user.type(screen.getByLabelText('Новый пароль'), '-but-now-long{Enter}');
    expect(calls.resetPassword).toHaveBeenCalledWith({ email: 'demo@example.ru', code: '123456', newPassword: 'short-but-now-long' });

    expect(screen.getByRole('heading', { name: 'Пароль изменён' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByLabelText('E-mail или телефон')).toHaveProperty('value', 'demo@example.ru');
    expect(document.activeElement).toBe(screen.getByLabelText('Пароль'));
  });

  it('flags a malformed e-mail in place', async () => {
    const { machine, calls } = loginFlow();
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address{Enter}');
    expect(screen.getByText('Проверьте адрес: он должен выглядеть как name@example.ru')).toBeTruthy();
    expect(calls.sendResetLink).not.toHaveBeenCalled();
  });

  it('asks only for the new password when the letter\'s link brings its code', async () => {
    const { machine, calls } = loginFlow();
    const linkCode = `${'0f'.repeat(16)}123456`;
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine }, search: `reset=1&code=${linkCode}` });
    expect(screen.getByText('Код из письма уже подставлен — осталось придумать новый пароль.')).toBeTruthy();
    expect(screen.queryByLabelText('Код из письма')).toBeNull();
    await user.type(screen.getByLabelText('Новый пароль'), 'new-password-1{Enter}');
    expect(calls.resetPassword).toHaveBeenCalledWith({ code: linkCode, newPassword: 'new-password-1' });
    expect(screen.getByRole('heading', { name: 'Пароль изменён' })).toBeTruthy();
  });

  it('opens the code step prefilled from the link of an older recovery e-mail', async () => {
    const { machine, calls } = loginFlow();
    const { user } = renderAuthPage(<AuthPage />, {
      deps: { loginMachine: machine },
      search: 'reset=1&email=demo%40example.ru&code=654321',
    });
    expect(screen.getByLabelText('Код из письма')).toHaveProperty('value', '654321');
    const password = screen.getByLabelText('Новый пароль');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'new-password-1{Enter}');
    expect(calls.resetPassword).toHaveBeenCalledWith({ email: 'demo@example.ru', code: '654321', newPassword: 'new-password-1' });
  });
});
