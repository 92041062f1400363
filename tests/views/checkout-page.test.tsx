// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlacedOrder } from '../../src/contract/cart';
import { cartOf } from '../../src/machines/cart/samples';
import { SAMPLE_PLACED } from '../../src/machines/checkout/samples';
import { ApiError } from '../../src/services/api';
import { getHeaderState } from '../../src/services/header-info';
import { deferred } from '../deferred';
import {
  fakeCheckout, renderCheckoutPage, SAMPLE_CLIENT_DATA, SAMPLE_CLIENT_DATA_BARE, sampleCartLine,
} from './cart-harness';
import { projectsSession } from './projects-harness';

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo) step();
  undo = [];
});

const TWO_CLIENTS = cartOf([
  sampleCartLine(1, { title: 'Контроллер', quantity: 10, price: 12_200, unitPrice: 1_220, days: 7 }),
  sampleCartLine(2, { title: 'Черновик', projectStatus: 'draft', price: null, unitPrice: null, days: null }),
  sampleCartLine(3, { title: 'Датчик', clientId: 2, clientName: 'ИП Кузнецов А. В.', price: 5_000, unitPrice: 500 }),
]);

function setup(options: Parameters<typeof fakeCheckout>[0], path = '/cart/checkout') {
  const fake = fakeCheckout(options);
  undo.push(fake.install());
  const { session, loads } = projectsSession();
  undo.push(() => session.stop());
  const view = renderCheckoutPage(path, session);
  return { fake, loads, ...view, user: userEvent.setup() };
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const next = () => screen.getByRole('button', { name: 'Далее' });
const menuButton = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Шаги оформления' })).getByRole('button', { name });

/** From the payer step of client 1 to the review, the way a keyboard user goes. */
async function walkToReview(user: ReturnType<typeof userEvent.setup>) {
  await stepHeading('Плательщик');
  screen.getByRole('radio', { name: /ООО «Электронные системы»\s*ИНН 7701234567/ }).focus();
  await user.keyboard('{Enter}');
  await stepHeading('Контактное лицо');
  expect((screen.getByRole('radio', { name: /Смирнова Анна Игоревна/ }) as HTMLInputElement).checked).toBe(true);
  await user.click(next());
  await stepHeading('Доставка');
  await user.click(next());
  await stepHeading('Проверка заказа');
}

describe('checkout page', () => {
  it('walks from the client to the placed order, with the steps in the side list and the header bar', async () => {
    const { fake, loads, user } = setup({ cart: TWO_CLIENTS, data: { 1: SAMPLE_CLIENT_DATA }, answers: [SAMPLE_PLACED] });
    expect(await stepHeading('Клиент')).toBeTruthy();
    expect(getHeaderState().info).toMatchObject({ isVisible: true, stepNumber: 1, stepsTotal: 5, stepTitle: 'Клиент', typeIco: 'quickOrder' });
    expect(menuButton(/Проверка заказа/).hasAttribute('disabled')).toBe(true);
    expect(next().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Выберите клиента')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Электронные системы\s*1 проект на 12\s200,00\s₽/ }));
    await user.click(next());
    await walkToReview(user);
    // Focus follows the steps, so a keyboard user starts each one at its heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Проверка заказа' }));
    expect(getHeaderState().info).toMatchObject({ name: 'Электронные системы', stepNumber: 5, stepsTotal: 5, stepTitle: 'Проверка заказа' });

    const lines = within(screen.getByRole('table', { name: 'Состав заказа' }));
    expect(lines.getByText('Контроллер')).toBeTruthy();
    expect(lines.queryByText('Черновик')).toBeNull();
    expect(screen.getByText(/Ещё 1 проект клиента останется в корзине/)).toBeTruthy();
    expect(screen.getByText('в т.ч. НДС 22 %')).toBeTruthy();
    expect(document.querySelector('.checkout-review__totals')?.textContent).toBe('Итого12\u00a0200,00\u00a0₽в т.ч. НДС 22 %2\u00a0200,00\u00a0₽');
    expect(within(screen.getByRole('region', { name: 'Плательщик' })).getByText('ИНН 7701234567')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Контактное лицо' })).getByText('anna@example.ru')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Доставка' })).getByText('Курьерская служба')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Комментарий к заказу' }), 'Позвонить за час');
    const countersBefore = loads.counters;
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await stepHeading('Заказ № ES-2025-000501 оформлен')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Открыть заказ' }).getAttribute('href')).toBe('/orders/501');
    expect(screen.getByRole('link', { name: 'Все заказы' }).getAttribute('href')).toBe('/orders');
    expect(fake.calls.place).toEqual([{
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      clientId: 1, payerId: 11, contactId: 21, delivery: { kind: 'express_post', endpointId: null, deliverySettingId: 41 },
      comment: 'Позвонить за час', lineIds: [1],
    }]);
    await waitFor(() => expect(loads.counters).toBeGreaterThan(countersBefore));
    expect(getHeaderState().info).toMatchObject({ stepTitle: 'Заказ оформлен', stepNumber: 5 });
  });

  it('keeps the customer on the review with the gateway\'s words when placing fails, and retries with the same key', async () => {
    const { fake, user } = setup({
      cart: TWO_CLIENTS, data: { 1: SAMPLE_CLIENT_DATA },
      answers: [new ApiError(0, 'Нет связи с сервером. Проверьте подключение к интернету.', undefined, 'network'), SAMPLE_PLACED],
    }, '/cart/checkout?client=1');
    await walkToReview(user);
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Нет связи с сервером'));
    expect(screen.getByText('Корзина не изменилась: можно попробовать ещё раз.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Проверка заказа' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await stepHeading('Заказ № ES-2025-000501 оформлен')).toBeTruthy();
    expect(fake.calls.place).toHaveLength(2);
    expect(fake.calls.place[1]?.idempotencyKey).toBe(fake.calls.place[0]?.idempotencyKey);
  });

  it('sends one request for a double click on the button', async () => {
    const answer = deferred<PlacedOrder>();
    const { fake, user } = setup({ cart: TWO_CLIENTS, data: { 1: SAMPLE_CLIENT_DATA }, answers: [answer] }, '/cart/checkout?client=1');
    await walkToReview(user);
    const button = screen.getByRole('button', { name: 'Оформить заказ' });
    await user.dblClick(button);
    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(fake.calls.place).toHaveLength(1);
    answer.resolve(SAMPLE_PLACED);
    expect(await stepHeading('Заказ № ES-2025-000501 оформлен')).toBeTruthy();
    expect(fake.calls.place).toHaveLength(1);
  });

  it('opens reached steps from the side list and keeps later ones locked', async () => {
    const { user } = setup({ cart: TWO_CLIENTS, data: { 1: SAMPLE_CLIENT_DATA } }, '/cart/checkout?client=1');
    await stepHeading('Плательщик');
    expect(menuButton(/Контактное лицо/).hasAttribute('disabled')).toBe(true);
    expect(menuButton(/Клиент/).hasAttribute('disabled')).toBe(false);
    await walkToReview(user);
    await user.click(menuButton(/Плательщик/));
    await stepHeading('Плательщик');
    await user.click(menuButton(/Доставка/));
    await stepHeading('Доставка');
    await user.click(screen.getByRole('radio', { name: /Пункт выдачи заказов/ }));
    expect((screen.getByRole('radio', { name: /ПВЗ на Тверской/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(menuButton(/Проверка заказа/));
    expect(within(await screen.findByRole('region', { name: 'Доставка' })).getByText('ПВЗ на Тверской')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Изменить: Контактное лицо' }));
    expect(await stepHeading('Контактное лицо')).toBeTruthy();
  });

  it('says when the client has no payers and links to the page that adds them', async () => {
    setup({ cart: TWO_CLIENTS, data: { 2: SAMPLE_CLIENT_DATA_BARE } }, '/cart/checkout?client=2');
    expect(await screen.findByRole('heading', { name: 'У клиента нет плательщиков' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Добавить плательщика' }).getAttribute('href')).toBe('/account/counteragents?clientId=2');
    expect(next().hasAttribute('disabled')).toBe(true);
  });

  it('has nothing to check out when no line can be ordered, and clears the header bar when left', async () => {
    const { unmount } = setup({ cart: cartOf([sampleCartLine(2, { projectStatus: 'draft', price: null })]) });
    expect(await screen.findByRole('heading', { name: 'Нечего оформлять' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти в корзину' }).getAttribute('href')).toBe('/cart');
    unmount();
    expect(getHeaderState().info).toBeNull();
  });
});

describe('checkout of a project entered by hand', () => {
  const HAND_ENTERED = cartOf([
    sampleCartLine(4, { title: 'Плата без файлов', projectId: 104, hasFiles: false }),
    sampleCartLine(1, { title: 'Контроллер' }),
  ]);

  it('asks for its files on the review: the order is placed only with "Файлы пришлю позже" ticked, and says so', async () => {
    const { fake, user } = setup({ cart: HAND_ENTERED, data: { 1: SAMPLE_CLIENT_DATA }, answers: [SAMPLE_PLACED] });
    await walkToReview(user);
    const files = within(screen.getByRole('region', { name: 'Файлы для производства' }));
    expect(files.getByText('Плата без файлов')).toBeTruthy();
    expect(files.queryByText('Контроллер')).toBeNull();
    expect(files.getByRole('link', { name: 'Загрузить файлы' }).getAttribute('href')).toBe('/wizard-board?projectId=104');
    const place = screen.getByRole('button', { name: 'Оформить заказ' });
    expect(place.hasAttribute('disabled')).toBe(true);

    await user.click(files.getByRole('checkbox', { name: 'Файлы пришлю позже' }));
    expect(files.getByText(/Заказ будет ждать файлы на инженерной проверке/)).toBeTruthy();
    await user.click(place);
    expect(await stepHeading('Заказ № ES-2025-000501 оформлен')).toBeTruthy();
    expect(screen.getByText(/Заказ ждёт файлы на инженерной проверке/)).toBeTruthy();
    expect(fake.calls.place).toEqual([expect.objectContaining({ lineIds: [4, 1], filesLater: true })]);
  });

  it('asks nothing when every line has files', async () => {
    const { user } = setup({ cart: TWO_CLIENTS, data: { 1: SAMPLE_CLIENT_DATA }, answers: [SAMPLE_PLACED] }, '/cart/checkout?client=1');
    await walkToReview(user);
    expect(screen.queryByRole('region', { name: 'Файлы для производства' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Файлы пришлю позже' })).toBeNull();
  });

  it('says on the review and once placed that a line for an engineer\'s review makes the order wait for it', async () => {
    const FOR_REVIEW = cartOf([
      sampleCartLine(6, { title: 'Тонкая плата', dfmReview: true }), sampleCartLine(1, { title: 'Контроллер' }),
      sampleCartLine(7, { title: 'Слои вручную', dfmReview: true, dfmReviewReason: 'layersCorrected' }),
    ]);
    const { user } = setup({ cart: FOR_REVIEW, data: { 1: SAMPLE_CLIENT_DATA }, answers: [SAMPLE_PLACED] });
    await walkToReview(user);
    const review = within(screen.getByRole('region', { name: 'Проверка инженером' }));
    expect(review.getByText('Тонкая плата')).toBeTruthy();
    expect(review.getByText('Слои вручную — слои исправлены вручную')).toBeTruthy();
    expect(review.queryByText('Контроллер')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await stepHeading('Заказ № ES-2025-000501 оформлен')).toBeTruthy();
    expect(screen.getByText(/Заказ ждёт проверки инженером/)).toBeTruthy();
  });

  it('offers to place the boards for review as a separate order and then names both orders with their links', async () => {
    const MIXED = cartOf([sampleCartLine(1, { title: 'Контроллер' }), sampleCartLine(6, { title: 'Тонкая плата', dfmReview: true })]);
    const placed: PlacedOrder = { ...SAMPLE_PLACED, reviewOrder: { orderId: 502, number: 'ES-2025-000502' } };
    const { user, fake } = setup({ cart: MIXED, data: { 1: SAMPLE_CLIENT_DATA }, answers: [placed] });
    await walkToReview(user);
    const split = screen.getByRole('checkbox', { name: 'Оформить платы на проверку отдельным заказом' });
    expect(screen.getByText(/подождёт проверки инженером целиком/)).toBeTruthy();
    await user.click(split);
    expect(screen.getByText(/остальные платы пойдут в работу сразу/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await stepHeading('Оформлены заказы № ES-2025-000501 и № ES-2025-000502')).toBeTruthy();
    expect(fake.calls.place).toEqual([expect.objectContaining({ lineIds: [1, 6], splitReview: true })]);
    expect(screen.getByRole('link', { name: 'Открыть заказ № ES-2025-000501' }).getAttribute('href')).toBe('/orders/501');
    expect(screen.getByRole('link', { name: 'Открыть заказ № ES-2025-000502' }).getAttribute('href')).toBe('/orders/502');
    expect(screen.getByText(/Заказ № ES-2025-000502 ждёт проверки инженером/)).toBeTruthy();
  });

  it('does not offer a split when every line is for review', async () => {
    const ALL = cartOf([sampleCartLine(6, { title: 'Тонкая плата', dfmReview: true })]);
    const { user } = setup({ cart: ALL, data: { 1: SAMPLE_CLIENT_DATA }, answers: [SAMPLE_PLACED] });
    await walkToReview(user);
    expect(screen.queryByRole('checkbox', { name: 'Оформить платы на проверку отдельным заказом' })).toBeNull();
  });
});
