// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api';
import { fakeCart, renderCartPage, sampleCartLine } from './cart-harness';
import { projectsSession } from './projects-harness';

// Pictures are fetched with the token by the board helper's hook; here a picture is simply there.
vi.mock('../../src/services/board-images', () => import('./board-images-stub'));

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo) step();
  undo = [];
});

const LINES = [
  sampleCartLine(1, { title: 'Контроллер', quantity: 10, price: 10_000, unitPrice: 1_000, days: 7, previewUrl: '/files/boards/u1/top.svg' }),
  sampleCartLine(2, { title: 'Черновик', projectStatus: 'draft', price: null, unitPrice: null, days: null, productType: 'stencil' }),
  sampleCartLine(3, { title: 'Датчик', clientId: 2, clientName: 'ИП Кузнецов А. В.', quantity: 5, price: 5_000, unitPrice: 1_000, days: 3 }),
];

function setup(lines = LINES, options: Parameters<typeof fakeCart>[1] = {}) {
  const fake = fakeCart(lines, options);
  undo.push(fake.install());
  const { session, loads } = projectsSession();
  undo.push(() => session.stop());
  const view = renderCartPage(session);
  return { fake, loads, ...view, user: userEvent.setup() };
}

const lineRow = (id: number) => {
  const row = document.querySelector<HTMLElement>(`[data-line-id="${id}"]`);
  if (!row) throw new Error(`line ${id} is not shown`);
  return within(row);
};
const priceOf = (id: number) => document.querySelector(`[data-line-id="${id}"] .cart-line__price`)?.textContent;
const groupOf = (name: string) => within(screen.getByRole('region', { name }));

describe('cart page', () => {
  it('lists the lines client by client, with prices, lead times, reasons a line cannot be ordered, and the sums to order', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Корзина' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    await screen.findByRole('region', { name: 'Электронные системы' });

    const first = lineRow(1);
    expect(first.getByRole('link', { name: 'Контроллер' }).getAttribute('href')).toBe('/project/101');
    expect(first.getByText('Плата')).toBeTruthy();
    expect((first.getByRole('spinbutton', { name: 'Количество, шт.: «Контроллер»' }) as HTMLInputElement).value).toBe('10');
    expect(priceOf(1)).toBe('10\u00a0000,00\u00a0₽');
    expect(first.getByText('7 рабочих дней')).toBeTruthy();
    expect(document.querySelector('[data-line-id="1"] img')?.getAttribute('src')).toBe('blob:/files/boards/u1/top.svg');

    const draft = lineRow(2);
    expect(draft.getAllByText('Оценка')).toHaveLength(2);
    expect(draft.getByText('Трафарет')).toBeTruthy();
    expect(draft.getByText(/Проект не доступен для заказа/)).toBeTruthy();
    expect(draft.getByRole('link', { name: 'Открыть проект' }).getAttribute('href')).toBe('/project/102');

    const es = groupOf('Электронные системы');
    expect(es.getByText('Без 1 проекта, который пока нельзя заказать')).toBeTruthy();
    expect(document.querySelector('[data-client-id="1"] .cart-group__subtotal')?.textContent).toBe('10\u00a0000,00\u00a0₽');
    expect(es.getByRole('link', { name: 'Оформить заказ для «Электронные системы»' }).getAttribute('href')).toBe('/cart/checkout?client=1');
    expect(groupOf('ИП Кузнецов А. В.').getByRole('link', { name: 'Оформить заказ для «ИП Кузнецов А. В.»' }).getAttribute('href')).toBe(
      '/cart/checkout?client=2',
    );
    expect(document.querySelector('.cart-page__total-sum')?.textContent).toBe('15\u00a0000,00\u00a0₽');
    expect(screen.getByText('Проекты без цены и не доступные для заказа в сумму не входят.')).toBeTruthy();
  });

  it('marks a line added for an engineer\'s review of its DFM errors, and only that one', async () => {
    setup([LINES[0] ?? sampleCartLine(1), sampleCartLine(5, { title: 'На проверку', dfmReview: true })]);
    await screen.findByRole('region', { name: 'Электронные системы' });
    expect(lineRow(5).getByText(/^С проверкой инженером/)).toBeTruthy();
    expect(lineRow(1).queryByText(/проверкой инженером/)).toBeNull();
  });

  it('says when a line goes for the review because its layers were corrected by hand', async () => {
    setup([sampleCartLine(5, { title: 'Слои вручную', dfmReview: true, dfmReviewReason: 'layersCorrected' })]);
    await screen.findByRole('region', { name: 'Электронные системы' });
    expect(lineRow(5).getByText(/^С проверкой инженером: слои файлов исправлены вручную/)).toBeTruthy();
  });

  it('prices a line again once its quantity rests, showing it is being repriced, and refreshes the header counters', async () => {
    const { fake, loads, user } = setup();
    await screen.findByRole('region', { name: 'Электронные системы' });
    const countersBefore = loads.counters;
    const field = lineRow(1).getByRole('spinbutton', { name: 'Количество, шт.: «Контроллер»' });
    await user.clear(field);
    await user.type(field, '60');
    expect(lineRow(1).getByText('Пересчёт цены…')).toBeTruthy();
    expect(fake.calls.setQuantity).toEqual([]);

    await waitFor(() => expect(priceOf(1)).toBe('48\u00a0000,00\u00a0₽'), { timeout: 2000 });
    expect(fake.calls.setQuantity).toEqual([{ lineId: 1, quantity: 60 }]);
    expect(lineRow(1).queryByText('Пересчёт цены…')).toBeNull();
    expect(document.querySelector('.cart-page__total-sum')?.textContent).toBe('53\u00a0000,00\u00a0₽');
    await waitFor(() => expect(loads.counters).toBeGreaterThan(countersBefore));

    await user.click(lineRow(3).getByRole('button', { name: 'Увеличить количество: «Датчик»' }));
    await waitFor(() => expect(priceOf(3)).toBe('6\u00a0000,00\u00a0₽'), { timeout: 2000 });
    expect(fake.calls.setQuantity.at(-1)).toEqual({ lineId: 3, quantity: 6 });
  });

  it('explains a quantity out of range in place, keeps it as typed and sends nothing for it', async () => {
    const { fake, user } = setup();
    await screen.findByRole('region', { name: 'Электронные системы' });
    const field = lineRow(1).getByRole('spinbutton', { name: 'Количество, шт.: «Контроллер»' }) as HTMLInputElement;
    // Typed digit by digit, 999999 passes the valid 99999: neither is sent, and the field is not corrected.
    await user.clear(field);
    await user.type(field, '999999');
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.calls.setQuantity).toEqual([]);
    expect(field.value).toBe('999999');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = lineRow(1).getByText('Количество — целое число от 1 до 100 000');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    const checkout = groupOf('Электронные системы').getByRole('button', { name: 'Оформить заказ для «Электронные системы»' });
    expect(checkout).toHaveProperty('disabled', true);
    expect(groupOf('Электронные системы').getByText('Исправьте количество: заказ оформляется с тем, что видно в корзине')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '0');
    await user.tab();
    expect(field.value).toBe('0');
    expect(lineRow(1).getByText('Количество — целое число от 1 до 100 000')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '12');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(fake.calls.setQuantity).toEqual([{ lineId: 1, quantity: 12 }]), { timeout: 2000 });
  });

  it('puts the old quantity back with the gateway\'s words when the new one is refused', async () => {
    const { user } = setup(LINES, { refuse: { 1: new ApiError(409, 'Проект изменён: откройте его и сохраните снова') } });
    await screen.findByRole('region', { name: 'Электронные системы' });
    const field = lineRow(1).getByRole('spinbutton', { name: 'Количество, шт.: «Контроллер»' }) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '20');
    expect(await lineRow(1).findByRole('alert', {}, { timeout: 2000 })).toHaveProperty('textContent', 'Проект изменён: откройте его и сохраните снова');
    expect(field.value).toBe('10');
    expect(priceOf(1)).toBe('10\u00a0000,00\u00a0₽');
  });

  it('removes a line after a confirmation when the gateway agrees, and shows the empty cart after the last one', async () => {
    const { fake, loads, user } = setup([LINES[0], LINES[2]].filter((line) => line !== undefined));
    await screen.findByRole('region', { name: 'Электронные системы' });
    const countersBefore = loads.counters;
    await user.click(lineRow(1).getByRole('button', { name: 'Удалить «Контроллер» из корзины' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Удалить «Контроллер» из корзины?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(document.querySelector('[data-line-id="1"]')).toBeNull());
    expect(fake.calls.remove).toEqual([1]);
    expect(screen.queryByRole('region', { name: 'Электронные системы' })).toBeNull();
    await waitFor(() => expect(loads.counters).toBeGreaterThan(countersBefore));

    await user.click(lineRow(3).getByRole('button', { name: 'Удалить «Датчик» из корзины' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByRole('heading', { name: 'Корзина пуста' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К проектам' }).getAttribute('href')).toBe('/projects?status=actual');
  });

  it('keeps the line when the removal is cancelled', async () => {
    const { fake, user } = setup();
    await screen.findByRole('region', { name: 'Электронные системы' });
    await user.click(lineRow(3).getByRole('button', { name: 'Удалить «Датчик» из корзины' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отмена' }));
    expect(fake.calls.remove).toEqual([]);
    expect(lineRow(3).getByText('Датчик')).toBeTruthy();
  });

  it('says the cart is empty, with the way to the projects', async () => {
    setup([]);
    expect(await screen.findByRole('heading', { name: 'Корзина пуста' })).toBeTruthy();
  });

  it('offers a retry when the cart does not load', async () => {
    const { fake, user } = setup(LINES, { failLoad: new ApiError(0, 'Нет связи с сервером. Проверьте подключение к интернету.') });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Нет связи с сервером'));
    fake.loadWorks();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: 'Электронные системы' })).toBeTruthy();
    expect(fake.calls.get).toBe(2);
  });
});
