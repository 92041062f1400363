// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { CodeSentResponse, LoginResponse, SendCodeRequest } from '../../src/contract/auth';
import type { EnterPhoneRequest, EnterPhoneResponse } from '../../src/contract/registration';
import { loginMachine } from '../../src/machines/login/login';
import { registrationMachine } from '../../src/machines/registration/registration';
import { ApiError } from '../../src/services/api';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import { CodeForm } from '../../src/views/pages/account/profile/code-form';
import AuthPage from '../../src/views/pages/auth-page';
import { callSent, renderAuthPage, smsSent } from './auth-harness';

/**
 * A code screen says in place when the code did not go as asked — a flash call that could not be placed
 * went by SMS (the field then asks for the SMS's four digits), or the code may come a little later — and a number
 * no code can reach is shown on the phone field.
 */

await loadLocale('en');

const PROCESS_ID = '7a1c2e3f-4b5d-4c6e-8f90-a1b2c3d4e5f6';
const fellBack: CodeSentResponse = { ...callSent, sentBy: 'sms', delayed: false };

beforeEach(() => applyLocale('ru'));
afterEach(() => {
  cleanup();
  applyLocale('ru');
});

function registration(enterPhone: (input: EnterPhoneRequest) => Promise<EnterPhoneResponse>) {
  const calls = { enterPhone: vi.fn(enterPhone) };
  const machine = registrationMachine.provide({
    actors: { enterPhone: fromPromise(({ input }: { input: EnterPhoneRequest }) => calls.enterPhone(input)) },
  });
  return { machine, calls };
}

async function askPhoneCode(flow: ReturnType<typeof registration>, { byCall, tab = 'Регистрация' }: { byCall: boolean; tab?: string }) {
  const { user } = renderAuthPage(<AuthPage />, { deps: { registrationMachine: flow.machine } });
  await user.click(screen.getByRole('tab', { name: tab }));
  const phone = await screen.findByRole('textbox', { name: /Номер телефона|Phone number/ });
  await user.type(phone, '9991234567');
  if (byCall) await user.click(screen.getByRole('checkbox', { name: /Подтвердить звонком|Confirm by phone call/ }));
  await user.click(screen.getByRole('button', { name: /^(Получить код|Get code)$/ }));
}

describe('registration: the phone code', () => {
  it('says the call could not be placed and asks for the four digits of the SMS', async () => {
    const flow = registration(async () => ({ registrationProcessId: PROCESS_ID, code: fellBack }));
    await askPhoneCode(flow, { byCall: true });
    expect(flow.calls.enterPhone).toHaveBeenCalledWith(expect.objectContaining({ usingFlashcall: true }));
    expect(within(screen.getByRole('status')).getByText('Не удалось позвонить — код отправлен в SMS.')).toBeTruthy();
    expect(screen.getByText(/Мы отправили SMS с кодом на номер/)).toBeTruthy();
    expect(screen.queryByText(/введите последние 4 цифры номера/)).toBeNull();
    expect(screen.getByLabelText('Код из SMS').getAttribute('maxlength')).toBe('4');
  });

  it('says it in English too', async () => {
    applyLocale('en');
    const flow = registration(async () => ({ registrationProcessId: PROCESS_ID, code: fellBack }));
    await askPhoneCode(flow, { byCall: true, tab: 'Register' });
    expect(within(screen.getByRole('status')).getByText('We could not call you, so the code was sent by SMS.')).toBeTruthy();
    expect(screen.getByLabelText('Code from the SMS').getAttribute('maxlength')).toBe('4');
  });

  it('keeps asking for the calling number\'s digits when the call went as asked', async () => {
    const flow = registration(async () => ({ registrationProcessId: PROCESS_ID, code: { ...callSent, sentBy: 'flashcall', delayed: false } }));
    await askPhoneCode(flow, { byCall: true });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText('Последние 4 цифры номера')).toBeTruthy();
  });

  it('says the code may come a little later when the first try failed', async () => {
    const flow = registration(async () => ({ registrationProcessId: PROCESS_ID, code: { ...smsSent, sentBy: 'sms', delayed: true } }));
    await askPhoneCode(flow, { byCall: false });
    expect(within(screen.getByRole('status')).getByText('Код может прийти с небольшой задержкой: мы повторяем отправку.')).toBeTruthy();
    expect(screen.getByLabelText('Код из SMS').getAttribute('maxlength')).toBe('6');
  });

  it('marks a number no code can reach on the phone field, saying why above the form', async () => {
    const message = 'Не удалось отправить код на номер +7 (999) ***-**-67. Проверьте номер или получите код другим способом.';
    const flow = registration(async () => { throw new ApiError(400, message, 'phone'); });
    await askPhoneCode(flow, { byCall: false });
    const phone = screen.getByRole('textbox', { name: 'Номер телефона' });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('second factor: a call that went by SMS', () => {
  it('says so and asks for the SMS code of four digits', async () => {
    const calls = { sendCode: vi.fn(async (_input: SendCodeRequest) => fellBack) };
    const machine = loginMachine.provide({
      actors: {
        signIn: fromPromise(async (): Promise<LoginResponse> => ({ result: 1, secondFactorId: PROCESS_ID, secondFactorTypes: [1, 0] })),
        sendCode: fromPromise(({ input }: { input: SendCodeRequest }) => calls.sendCode(input)),
      },
    });
    const { user } = renderAuthPage(<AuthPage />, { deps: { loginMachine: machine } });
    await user.type(screen.getByLabelText('E-mail или телефон'), 'demo2fa@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'demo12345{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Получить код' }));
    expect(calls.sendCode).toHaveBeenCalledWith({ secondFactorId: PROCESS_ID, secondFactorType: 1 });
    expect(within(screen.getByRole('status')).getByText('Не удалось позвонить — код отправлен в SMS.')).toBeTruthy();
    expect(screen.getByLabelText('Код из SMS').getAttribute('maxlength')).toBe('4');
  });
});

describe('a profile code step (credential change, reserve contact)', () => {
  const form = (codeSent: CodeSentResponse) => (
    <CodeForm
      lead="Код отправлен на +7 (999) ***-**-67." codeSent={codeSent} errors={{ banner: null, field: () => ({ error: undefined }) }}
      busy={false} confirming={false} resendReady={false} canResend restartKey={0} onResend={() => undefined} onSubmit={() => undefined}
    />
  );

  it('says the code may come a little later, and nothing when it went at once', () => {
    const { rerender } = render(form({ ...smsSent, sentBy: 'sms', delayed: true }));
    expect(within(screen.getByRole('status')).getByText('Код может прийти с небольшой задержкой: мы повторяем отправку.')).toBeTruthy();
    rerender(form({ ...smsSent, sentBy: 'sms', delayed: false }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
