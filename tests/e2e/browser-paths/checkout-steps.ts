import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { StateValue } from 'xstate';
import type { Cart } from '../../../src/contract/cart';
import { SAMPLE_CART_HAND_ENTERED, SAMPLE_CART_NOTHING_TO_ORDER, SAMPLE_CART_ONE_CLIENT, SAMPLE_CART_TWO_CLIENTS } from '../../../src/machines/cart/samples';
import { linesWithoutFiles } from '../../../src/machines/checkout/checkout-rules';
import type { CheckoutContext } from '../../../src/machines/checkout/checkout-types';
import { SAMPLE_CLIENT_DATA_BARE } from '../../../src/machines/checkout/samples';
import { registerAccount, signInAs, tokenOf } from '../support';
import type { Opener, PathContext, UiMapper, UiStep } from './context';
import { call, newClient, newProject, uploadedBoard, type TokenSource } from './customer';
import { stateName, type StepGroup } from './plan';

// The checkout machine's steps as UI actions. Each walk is a new customer whose clients, payers, contact, addresses
// and cart are made through the gateway (the account pages have tests of their own); the checkout is then walked.

const step = (key: string, run: UiStep['run']): UiStep => ({ key, run });
const outcome = (group: StepGroup, index = 0) => group.outcomes[index]?.type.replace(/^xstate\.(done|error)\.actor\./, '$1:') ?? '';
const inFlight = { skip: 'ends while a gateway call is in flight' };
const cannotFail = { skip: 'the gateway cannot be made to fail loading the checkout' };

/** The cart a walk opens on, named after the sample cart of the graph it stands for. */
type CartKind = 'oneClientWithFiles' | 'twoClients' | 'nothing' | 'handEntered';

function cartKindOf(output: unknown): CartKind | null {
  const cart = output as Cart;
  if (cart === SAMPLE_CART_ONE_CLIENT) return 'oneClientWithFiles';
  if (cart === SAMPLE_CART_TWO_CLIENTS) return 'twoClients';
  if (cart === SAMPLE_CART_NOTHING_TO_ORDER) return 'nothing';
  if (cart === SAMPLE_CART_HAND_ENTERED) return 'handEntered';
  return null;
}

/** The walk's customer; `requested` is the client its input names (the sample ids 1 and 2 are its first and second). */
interface Customer { token: TokenSource; clientIds: number[]; requested: number | null }
const customers = new WeakMap<PathContext, Customer>();

async function addProject(request: APIRequestContext, token: TokenSource, clientId: number, uploadId: string | null): Promise<void> {
  await call(request, token, '/cart/AddProject', { projectId: await newProject(request, token, clientId, uploadId) });
}

/** The customer of the walk and their cart: what the opening's loadCart answer (and the first client's data) stands for. */
async function prepareCart(context: PathContext, kind: CartKind, bareData: boolean): Promise<void> {
  const customer = customers.get(context);
  if (!customer) throw new Error('the checkout walk opened without its customer');
  const { request } = context;
  if (kind !== 'nothing') {
    const first = await newClient(request, customer.token, 'Путь Один', bareData);
    customer.clientIds.push(first);
    // A board without DFM errors (the corpus' tfrpm01): errors would send the order for an engineer's review.
    const files = kind === 'oneClientWithFiles' ? await uploadedBoard(request, customer.token, first, 'kicad6-2l-tfrpm01-subfolder') : null;
    await addProject(request, customer.token, first, files);
  }
  if (kind === 'twoClients') {
    const second = await newClient(request, customer.token, 'Путь Два', false);
    customer.clientIds.push(second);
    await addProject(request, customer.token, second, null);
  }
}

function openingStep(group: StepGroup): UiStep | { skip: string } {
  if (group.event.type.startsWith('xstate.error.')) return cannotFail;
  if (/loading/.test(stateName(group.value))) return inFlight;
  const kind = cartKindOf(group.event.output);
  if (!kind) return { skip: 'a cart the steps do not build' };
  const data: unknown = group.outcomes[0]?.output;
  if (outcome(group, 0) === 'error:loadClientData') return cannotFail;
  const bare = data === SAMPLE_CLIENT_DATA_BARE;
  return step(`open with ${kind}${bare ? ' (bare client)' : ''}`, async (context) => {
    await prepareCart(context, kind, bare);
    const customer = customers.get(context);
    const requested = customer?.requested ?? null;
    const clientId = requested === null ? null : customer?.clientIds[requested - 1] ?? 999_999_999;
    await context.page.goto(`/cart/checkout?${clientId === null ? '' : `client=${clientId}&`}inspect`);
  });
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Шаги оформления' });
const STEP_TITLES: Record<string, string> = {
  client: 'Клиент', payer: 'Плательщик', contact: 'Контактное лицо', delivery: 'Доставка', review: 'Проверка заказа',
};
const radioIn = (page: Page, legend: string) => page.getByRole('group', { name: legend }).getByRole('radio');

export const mapCheckoutStep: UiMapper = (group) => {
  const { type } = group.event;
  const to = stateName(group.value);
  if (type.startsWith('xstate.') && stateName(group.from) === 'loadingCart') return openingStep(group);
  if (/loading|placing/.test(to)) return inFlight;
  if (group.outcomes.some((event) => event.type.startsWith('xstate.error.'))) {
    return type === 'checkout.place' ? { skip: 'the gateway cannot be made to refuse a valid order' } : cannotFail;
  }
  if (type === 'checkout.retry') return cannotFail;
  if (type === 'checkout.next')
    return step(group.outcomes.length ? 'next (loads the client)' : 'next', async ({ page }) =>
      page.getByRole('button', { name: 'Далее', exact: true }).click(),
    );
  if (type === 'checkout.back') return step('back', async ({ page }) => page.getByRole('button', { name: 'Назад', exact: true }).click());
  if (type === 'checkout.goTo') {
    const title = STEP_TITLES[String(group.event.step)] ?? '';
    return step(`menu ${title}`, async ({ page }) => menu(page).getByRole('button', { name: new RegExp(title) }).click());
  }
  if (type === 'checkout.chooseClient') {
    const index = Number(group.event.clientId) === 1 ? 0 : 1;
    return step(`client ${index + 1}`, async ({ page }) => radioIn(page, 'Клиент').nth(index).check());
  }
  if (type === 'checkout.choosePayer') return step('first payer', async ({ page }) => radioIn(page, 'Плательщик').first().check());
  if (type === 'checkout.chooseContact') return step('contact', async ({ page }) => radioIn(page, 'Контактное лицо').first().check());
  if (type === 'checkout.chooseDeliveryKind') {
    const label = group.event.kind === 'pickup_point' ? 'Пункт выдачи заказов' : 'Курьерская служба';
    return step(label, async ({ page }) => page.getByRole('radio', { name: new RegExp(`^${label}`) }).check());
  }
  if (type === 'checkout.chooseDeliveryPoint') return step('first pickup point', async ({ page }) => radioIn(page, 'Пункт получения').first().check());
  if (type === 'checkout.setComment')
    return step('comment', async ({ page }) => page.getByRole('textbox', { name: 'Комментарий к заказу' }).fill('Позвонить за час до доставки'));
  if (type === 'checkout.setFilesLater') {
    const context = group.fromContext as CheckoutContext | undefined;
    if (!context || linesWithoutFiles(context).length === 0) return { skip: 'the files question shows only for lines without files' };
    const later = group.event.filesLater === true;
    return step(later ? 'files later' : 'files now', async ({ page }) => page.getByRole('checkbox', { name: 'Файлы пришлю позже' }).setChecked(later));
  }
  if (type === 'checkout.place') return step('place', async ({ page }) => page.getByRole('button', { name: 'Оформить заказ' }).click());
  return { skip: `no UI mapping for ${type}` };
};

/** The graph's inputs: no client named, then the clients 2, 99 (none of the cart's) and 1, as `?client=` names them. */
const REQUESTED = [null, 2, 99, 1] as const;

export const openCheckout: Opener = async (context, inputIndex) => {
  const account = await registerAccount(context.request, { firstName: 'Ольга', lastName: 'Путева' });
  customers.set(context, { token: () => tokenOf(context.request, account), clientIds: [], requested: REQUESTED[inputIndex] ?? null });
  await signInAs(context.page, account);
};

export async function expectCheckoutView(page: Page, value: StateValue): Promise<void> {
  const name = stateName(value);
  const current = (title: string) => expect(menu(page).locator('[aria-current="step"]')).toContainText(title);
  if (name === 'nothingToOrder') return expect(page.getByText('Нечего оформлять')).toBeVisible();
  if (name === 'placed') return expect(page.getByRole('heading', { name: /Заказ № .+ оформлен/ })).toBeVisible();
  if (name === 'failed' || name === 'clientFailed') return expect(page.getByRole('button', { name: 'Повторить' })).toBeVisible();
  const [, stepId] = /^steps\.(\w+)/.exec(name) ?? [];
  const title = STEP_TITLES[stepId ?? ''];
  if (title) return current(title);
  throw new Error(`no view known for checkout state ${name}`);
}
