import { expect, type Page } from '@playwright/test';
import type { StateValue } from 'xstate';
import { demoUser, latestCode } from '../support';
import { expectRefusal, wrongCode, type Opener, type PathContext, type UiMapper, type UiStep } from './context';
import { stateName, type StepGroup } from './plan';

// The registration machine's graph steps as UI actions: a fresh phone and e-mail per path, codes from the outbox.

const outcome = (group: StepGroup) => group.outcomes[0]?.type.replace(/^xstate\.(done|error)\.actor\./, '$1:') ?? '';
const step = (key: string, run: UiStep['run']): UiStep => ({ key, run });
const text = (group: StepGroup, field: string): string => {
  const value: unknown = group.event[field];
  return typeof value === 'string' ? value : '';
};
const getCode = (page: Page) => page.getByRole('button', { name: 'Получить код' });
const confirmButton = (page: Page) => page.getByRole('button', { name: 'Подтвердить' });
const codeField = (page: Page) => page.getByLabel(/Код из SMS|Код из письма|Последние 4 цифры номера/);
const inFlight = { skip: 'ends while a gateway call is in flight' };

async function sendPhone(context: PathContext, digits: string) {
  context.codeTo = context.identity.phone;
  context.codeSince = Date.now();
  await context.page.getByLabel('Номер телефона').pressSequentially(digits);
  await getCode(context.page).click();
}

async function sendEmail(context: PathContext, email: string) {
  context.codeTo = context.identity.email;
  context.codeSince = Date.now();
  await context.page.getByLabel('E-mail', { exact: true }).fill(email);
  await getCode(context.page).click();
}

async function submitCode({ page }: PathContext, code: string) {
  await codeField(page).fill(code);
  await confirmButton(page).click();
}

async function submitPasswords({ page }: PathContext, password: string, repeat: string) {
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByLabel('Повторите пароль').fill(repeat);
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
}

const expectText = (page: Page, value: string) => expect(page.getByText(value).first()).toBeVisible();

export const mapRegistrationStep: UiMapper = (group) => {
  const { type } = group.event;
  const result = outcome(group);
  if (type === 'registration.resendCode') return { skip: 'waits for the 30 s resend delay' };
  if (type === 'registration.back') {
    return step('back', async ({ page }) => page.getByRole('button', { name: /Изменить номер|Изменить e-mail/ }).click());
  }
  if (type === 'registration.submitPhone') {
    if (!result && text(group, 'phone').replace(/\D/g, '').length < 11) {
      return step('phone invalid', async (context) => {
        await sendPhone(context, '999123');
        await expectText(context.page, 'Введите номер полностью: +7 (999) 999-99-99');
      });
    }
    if (result === 'done:enterPhone') return step('fresh phone', (context) => sendPhone(context, context.identity.phoneDigits));
    if (result === 'error:enterPhone') {
      return step('phone taken', async (context) => {
        await sendPhone(context, demoUser.phone.slice(2));
        await expectRefusal(context.page);
      });
    }
    return inFlight;
  }
  if (type === 'registration.submitCode') {
    if (!result && text(group, 'code').length < 4) {
      return step('code invalid', async (context) => {
        await submitCode(context, '12');
        await expectText(context.page, 'Введите код полностью, только цифры');
      });
    }
    if (result === 'done:confirmCredential') {
      return step('code from the outbox', async (context) => submitCode(context, await latestCode(context.request, context.codeTo, context.codeSince)));
    }
    if (result === 'error:confirmCredential') {
      return step('wrong code', async (context) => {
        await submitCode(context, wrongCode(await latestCode(context.request, context.codeTo, context.codeSince)));
        await expectRefusal(context.page);
      });
    }
    return inFlight;
  }
  if (type === 'registration.submitEmail') {
    if (!result && !/@.+\./.test(text(group, 'email'))) {
      return step('e-mail invalid', async (context) => {
        await sendEmail(context, 'new@');
        await expectText(context.page, 'Проверьте адрес: он должен выглядеть как name@example.ru');
      });
    }
    if (result === 'done:enterEmail') return step('fresh e-mail', (context) => sendEmail(context, context.identity.email));
    if (result === 'error:enterEmail') {
      return step('e-mail taken', async (context) => {
        await sendEmail(context, demoUser.email);
        await expectRefusal(context.page);
      });
    }
    return inFlight;
  }
  if (type === 'registration.submitUserData') {
    if (!result && text(group, 'password').length < 8) {
      return step('passwords invalid', async (context) => {
        await submitPasswords(context, 'short', 'other');
        await expectText(context.page, 'Пароль должен быть не короче 8 символов');
      });
    }
    if (result === 'done:createProfile') return step('password', (context) => submitPasswords(context, 'new-customer-1', 'new-customer-1'));
    return result ? { skip: 'the gateway cannot be made to fail creating a confirmed account' } : inFlight;
  }
  return { skip: `no UI mapping for ${type}` };
};

export const openRegistration: Opener = async ({ page }) => {
  await page.goto('/auth?inspect');
  await page.getByRole('tab', { name: 'Регистрация' }).click();
};

export async function expectRegistrationView(page: Page, value: StateValue): Promise<void> {
  const name = stateName(value);
  if (name === 'phone') return expect(page.getByLabel('Номер телефона')).toBeVisible();
  if (name === 'confirmPhone') return expect(page.getByLabel(/Код из SMS|Последние 4 цифры номера/)).toBeVisible();
  if (name === 'email') return expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
  if (name === 'confirmEmail') return expect(page.getByLabel('Код из письма')).toBeVisible();
  if (name === 'userData') return expect(page.getByLabel('Повторите пароль')).toBeVisible();
  if (name === 'done') return expect(page).toHaveURL(/\/auth\/filling-profile/);
  throw new Error(`no view known for registration state ${name}`);
}
