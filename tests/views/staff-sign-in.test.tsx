// @vitest-environment jsdom
import './dom-polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/services/api';
import { STAFF_TOKEN_KEY, staffSession } from '../../src/services/staff/staff-session';
import { TOKEN_KEY } from '../../src/services/token-storage';
import { fakeStaff, renderStaff, STAFF_TOKEN } from './staff-harness';
import { undoAfterEach } from './undo-after-each';

const ENROL = {
  step: 'enrol' as const, challengeId: '5d1c7c3e-9a4b-4f8e-8f57-2a1d3b9c0e11', secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/PCB%20Portal:engineer%40factory.ru?secret=JBSWY3DPEHPK3PXP&issuer=PCB%20Portal',
};

const undo = undoAfterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

function setup(options: Parameters<typeof fakeStaff>[0] = {}, path = '/staff/sign-in') {
  const fake = fakeStaff(options);
  undo.push(fake.install());
  return { fake, ...renderStaff(path), user: userEvent.setup() };
}

async function submitPassword(user: ReturnType<typeof userEvent.setup>, email = 'engineer@factory.ru', password = 'a-long-staff-secret') {
  await user.type(await screen.findByLabelText('Эл. почта'), email);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
}

describe('the staff sign-in', () => {
  it('enrols the second factor on the first sign-in: QR code and secret shown, then a code signs in to the engineering desk', async () => {
    const { fake, user, location } = setup({ signIn: ENROL });
    await submitPassword(user);
    expect(await screen.findByRole('heading', { name: 'Подключите второй фактор' })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR-код для приложения-аутентификатора' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('Код из приложения'), '123456');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/staff'));
    expect(fake.callsOf('signIn')).toEqual([['engineer@factory.ru', 'a-long-staff-secret']]);
    expect(fake.callsOf('confirmCode')).toEqual([[ENROL.challengeId, '123456']]);
    // The staff token is kept for this tab under its own key, never where the customer's token lives.
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe(STAFF_TOKEN);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Инженерная проверка' })).toBeTruthy();
  });

  it('asks only the code of an enrolled factor, and returns where the sign-in was asked for', async () => {
    const { user, location } = setup({}, '/staff/sign-in?redirect=%2Fstaff%2Forders%2F5');
    await submitPassword(user);
    expect(await screen.findByRole('heading', { name: 'Код подтверждения' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    await user.type(screen.getByLabelText('Код из приложения'), '654321');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/staff/orders/5'));
  });

  it('says a wrong password in place and stays on the password step', async () => {
    const { user } = setup({ failures: { signIn: new ApiError(401, 'Неверный логин или пароль', undefined, 'login_failed') } });
    await submitPassword(user, 'engineer@factory.ru', 'wrong-password-1');
    expect((await screen.findByRole('alert')).textContent).toContain('Неверный логин или пароль');
    expect(screen.getByLabelText('Пароль')).toBeTruthy();
    expect(staffSession()).toBeNull();
  });

  it('keeps the code step after a wrong code, with the gateway\'s words, and checks the code has six digits before sending', async () => {
    const { fake, user } = setup({ failures: { confirmCode: new ApiError(400, 'Неверный код, осталось попыток: 4', 'code', 'code_wrong') } });
    await submitPassword(user);
    const code = await screen.findByLabelText('Код из приложения');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите 6 цифр кода')).toBeTruthy();
    expect(fake.callsOf('confirmCode')).toEqual([]);
    await user.type(code, '3456');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Неверный код, осталось попыток: 4');
    expect(screen.getByLabelText('Код из приложения')).toBeTruthy();
  });

  it('goes back to the password after too many wrong codes, since that challenge is spent', async () => {
    const { user } = setup({ failures: { confirmCode: new ApiError(429, 'Слишком много попыток. Войдите заново через 5 мин', 'code', 'too_many_attempts') } });
    await submitPassword(user);
    await user.type(await screen.findByLabelText('Код из приложения'), '123456');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Слишком много попыток');
    expect(screen.getByLabelText('Пароль')).toBeTruthy();
  });

  it('speaks English under /en, its own checks and the gateway\'s words included', async () => {
    const { fake, user } = setup({ failures: { confirmCode: new ApiError(400, 'Wrong code, attempts left: 4', 'code', 'code_wrong') } }, '/en/staff/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    expect(fake.callsOf('signIn')).toEqual([]);
    await user.type(screen.getByLabelText('E-mail'), 'engineer@factory.ru');
    await user.type(screen.getByLabelText('Password'), 'a-long-staff-secret');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Code from the app'), '1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6 digits of the code')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the app'), '23456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong code, attempts left: 4');
  });

  it('sends a staff page without a staff session to the sign-in, to come back after it', async () => {
    const { location } = setup({}, '/staff/orders/7');
    await waitFor(() => expect(location.history.at(-1)).toBe('/staff/sign-in?redirect=%2Fstaff%2Forders%2F7'));
  });
});
