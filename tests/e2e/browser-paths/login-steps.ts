import { expect, type Page } from '@playwright/test';
import { sendPasswordResettingLink } from '../../../src/contract/auth';
import { demo2faUser, demoUser, latestCode } from '../support';
import { ensureRecoveryUser, expectRefusal, wrongCode, type Opener, type PathContext, type UiMapper, type UiStep } from './context';
import { stateName, type StepGroup } from './plan';

// The login machine's graph steps as UI actions against the real gateway, and what each state looks like.

const METHOD_LABELS = ['SMS', 'Звонок', 'E-mail'] as const;
const submitButton = (page: Page) => page.getByRole('button', { name: 'Войти', exact: true });

async function signIn({ page }: PathContext, login: string, password: string) {
  await page.getByLabel('E-mail или телефон').fill(login);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await submitButton(page).click();
}

async function requestResetCode(context: PathContext): Promise<string> {
  const { email } = await ensureRecoveryUser(context);
  const since = Date.now();
  const response = await context.request.post(`/api${sendPasswordResettingLink.path}`, { data: { email } });
  expect(response.ok()).toBe(true);
  return latestCode(context.request, email, since);
}

const outcome = (group: StepGroup, index = 0) => group.outcomes[index]?.type.replace(/^xstate\.(done|error)\.actor\./, '$1:') ?? '';
const output = (group: StepGroup): { result?: number; secondFactorTypes?: number[] } => {
  const value: unknown = group.outcomes[0]?.output;
  return typeof value === 'object' && value !== null ? value : {};
};
const step = (key: string, run: UiStep['run']): UiStep => ({ key, run });
const payload = (group: StepGroup, field: string): string => {
  const value: unknown = group.event[field];
  return typeof value === 'string' ? value : '';
};

function submitStep(group: StepGroup): UiStep | { skip: string } {
  if (payload(group, 'login').trim() === '' && group.outcomes.length === 0) {
    return step('submit invalid (blank)', async ({ page }) => {
      await submitButton(page).click();
      await expect(page.getByText('Обязательное поле').first()).toBeVisible();
    });
  }
  const result = output(group);
  if (outcome(group) === 'error:signIn') {
    return step('wrong password', async (context) => {
      await signIn(context, demoUser.email, 'wrong-password-1');
      await expectRefusal(context.page);
    });
  }
  if (outcome(group) === 'done:signIn' && result.result === 0) return step('demo user', (context) => signIn(context, demoUser.email, demoUser.password));
  if (outcome(group) === 'done:signIn' && result.result === 1 && (result.secondFactorTypes?.length ?? 0) > 1) {
    return step('2FA user (several methods)', (context) => signIn(context, demo2faUser.email, demo2faUser.password));
  }
  if (outcome(group) === 'done:signIn' && result.result === 1) return { skip: 'no seeded user has exactly one second-factor method' };
  if (outcome(group) === 'done:signIn') return { skip: 'no seeded user signs in with an unfilled profile' };
  return { skip: 'ends while a gateway call is in flight' };
}

export const mapLoginStep: UiMapper = (group) => {
  const { type } = group.event;
  if (type.startsWith('xstate.after.') || type === 'secondFactor.resend') return { skip: 'waits for the 30 s resend delay' };
  if (type === 'login.submit') return submitStep(group);
  if (type === 'login.forgotPassword') return step('forgot password', async ({ page }) => page.getByRole('button', { name: 'Забыли пароль?' }).click());
  if (type === 'login.back' && stateName(group.from) === 'recovery.resetDone') return { skip: 'the reset-done screen offers no way back' };
  if (type === 'login.back') return step('back', async ({ page }) => page.getByRole('button', { name: /Войти с другими данными|Вернуться ко входу/ }).click());
  if (type === 'secondFactor.changeMethod')
    return step('change method', async ({ page }) => page.getByRole('button', { name: 'Выбрать другой способ' }).click());
  if (type === 'recovery.toLogin') return step('to login', async ({ page }) => page.getByRole('button', { name: 'Войти', exact: true }).click());
  if (type === 'secondFactor.choose') {
    const method = Number(group.event.secondFactorType);
    if (outcome(group) !== 'done:sendCode')
      return { skip: outcome(group) ? 'the gateway cannot be made to fail sending a code' : 'ends while a gateway call is in flight' };
    return step(`choose ${METHOD_LABELS[method] ?? method}`, async (context) => {
      context.codeTo = method === 2 ? demo2faUser.email : demo2faUser.phone;
      context.codeSince = Date.now();
      await context.page.getByRole('radio', { name: new RegExp(`^${METHOD_LABELS[method] ?? ''}`) }).check();
      await context.page.getByRole('button', { name: 'Получить код' }).click();
    });
  }
  if (type === 'secondFactor.submitCode') {
    const confirm = async ({ page }: PathContext, code: string) => {
      await page.getByLabel(/Код из SMS|Последние 4 цифры номера|Код из письма/).fill(code);
      await page.getByRole('button', { name: 'Подтвердить' }).click();
    };
    if (group.outcomes.length === 0 && payload(group, 'code').length < 6) {
      return step('code invalid', async (context) => {
        await confirm(context, '12');
        await expect(context.page.getByText('Введите код полностью, только цифры')).toBeVisible();
      });
    }
    if (outcome(group) === 'done:confirmSecondFactor') {
      return step('code from the outbox', async (context) => confirm(context, await latestCode(context.request, context.codeTo, context.codeSince)));
    }
    if (outcome(group) === 'error:confirmSecondFactor') {
      return step('wrong code', async (context) => {
        await confirm(context, wrongCode(await latestCode(context.request, context.codeTo, context.codeSince)));
        await expectRefusal(context.page);
      });
    }
    return { skip: 'ends while a gateway call is in flight' };
  }
  if (type === 'recovery.submitEmail') {
    const send = async ({ page }: PathContext, email: string) => {
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Получить код' }).click();
    };
    if (group.outcomes.length === 0 && !payload(group, 'email').includes('.')) {
      return step('e-mail invalid', async (context) => {
        await send(context, 'demo');
        await expect(context.page.getByText('Проверьте адрес', { exact: false })).toBeVisible();
      });
    }
    if (outcome(group) === 'done:sendResetLink') {
      return step('recovery e-mail', async (context) => {
        const { email } = await ensureRecoveryUser(context);
        context.codeTo = email;
        context.codeSince = Date.now();
        await send(context, email);
      });
    }
    return { skip: outcome(group) ? 'the gateway always accepts a reset request' : 'ends while a gateway call is in flight' };
  }
  if (type === 'recovery.submitReset') {
    const reset = async ({ page }: PathContext, code: string, password: string) => {
      await page.getByLabel('Код из письма').fill(code);
      await page.getByLabel('Новый пароль').fill(password);
      await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    };
    const realCode = async (context: PathContext) => context.linkCode || latestCode(context.request, context.codeTo, context.codeSince);
    if (group.outcomes.length === 0 && payload(group, 'code').length < 6) {
      return step('reset invalid', async (context) => {
        await reset(context, '1', 'short');
        await expect(context.page.getByText('Введите код полностью, только цифры')).toBeVisible();
      });
    }
    if (outcome(group) === 'done:resetPassword')
      return step('code from the letter', async (context) => reset(context, await realCode(context), `reset-${Date.now()}`));
    if (outcome(group) === 'error:resetPassword') {
      return step('wrong reset code', async (context) => {
        await reset(context, wrongCode(await realCode(context)), `reset-${Date.now()}`);
        await expectRefusal(context.page);
      });
    }
    return { skip: 'ends while a gateway call is in flight' };
  }
  return { skip: `no UI mapping for ${type}` };
};

/** Input 0 is a plain visit; input 1 is the recovery letter's link with a real code. */
export const openLogin: Opener = async (context, inputIndex) => {
  if (inputIndex === 0) {
    await context.page.goto('/auth?inspect');
    return;
  }
  const { email } = await ensureRecoveryUser(context);
  context.linkCode = await requestResetCode(context);
  await context.page.goto(`/auth?${new URLSearchParams({ reset: '1', email, code: context.linkCode, inspect: '' })}`);
};

const heading = (page: Page, name: string) => expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

/** What the screen shows in each state the browser paths stop in. */
export async function expectLoginView(page: Page, value: Parameters<typeof stateName>[0]): Promise<void> {
  const name = stateName(value);
  if (name === 'start.editing') return heading(page, 'Вход в личный кабинет');
  if (name === 'secondFactor.choosingMethod') {
    await heading(page, 'Подтверждение входа');
    return expect(page.getByRole('button', { name: 'Получить код' })).toBeVisible();
  }
  if (name === 'secondFactor.enteringCode') {
    await heading(page, 'Подтверждение входа');
    return expect(page.getByLabel(/Код из SMS|Последние 4 цифры номера|Код из письма/)).toBeVisible();
  }
  if (name === 'recovery.enteringEmail') {
    await heading(page, 'Восстановление пароля');
    return expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
  }
  if (name === 'recovery.enteringCode') {
    await heading(page, 'Восстановление пароля');
    return expect(page.getByLabel('Новый пароль')).toBeVisible();
  }
  if (name === 'recovery.resetDone') return heading(page, 'Пароль изменён');
  if (name === 'done') return heading(page, 'Панель управления');
  throw new Error(`no view known for login state ${name}`);
}
