// @vitest-environment jsdom
import './dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import type { EngineerRequest, LineCorrection } from '../../src/contract/engineer-requests';
import type { Order } from '../../src/contract/orders';
import { ApiError } from '../../src/services/api';
import { formatDate, formatTime } from '../../src/services/format';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import { provideOrdersCalls } from '../../src/services/orders';
import { getToasts } from '../../src/services/toasts';
import { heldForEngineer, orderPageSetup } from './orders-harness';

const setup = orderPageSetup();

const ASKED_AT = '2026-01-09T08:15:00.000Z';
/** When the fake gateway records the customer's answer. */
const ANSWERED_AT = '2026-01-10T11:30:00.000Z';
const shownAt = (iso: string, word = 'в') => `${formatDate(iso)} ${word} ${formatTime(iso)}`;
/** Text as read: the thousands and the ₽ sign are kept on one line by no-break spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const requestItem = (id: number) => {
  const found = document.querySelector<HTMLElement>(`[data-request-id="${id}"]`);
  if (!found) throw new Error(`request ${id} is not shown`);
  return within(found);
};
const changesOf = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem').map((item) => plain(item.textContent));
const orderTotal = () => plain(screen.getByRole('rowheader', { name: /^(Итого с НДС|Total incl. VAT)$/ }).closest('tr')?.textContent);

const board = (fields: Partial<ProjectParams['board']>): ProjectParams => ({ ...defaultParams('pcb'), board: { ...defaultParams('pcb').board, ...fields } });

/** The controller thicker and in gold at a higher price and a longer lead time; the sensor with larger holes at the same price. */
const CORRECTIONS: LineCorrection[] = [
  {
    lineId: 11,
    before: { params: board({}), unitPrice: 5_000, total: 50_000, days: 7 },
    after: { params: board({ thicknessMm: 2, finish: 'enig' }), unitPrice: 5_123.4, total: 51_234, days: 9 },
  },
  {
    lineId: 13,
    before: { params: board({}), unitPrice: 2_200, total: 11_000, days: 7 },
    after: { params: board({ minHoleMm: 0.4 }), unitPrice: 2_200, total: 11_000, days: 7 },
  },
];

function correction(id: number, corrections = CORRECTIONS): EngineerRequest {
  return {
    id, kind: 'correction', message: 'Разъём толще 1,6 мм: нужна плата 2 мм с золочением', lineIds: corrections.map((line) => line.lineId),
    corrections, authorName: 'Ольга Инженерова', at: ASKED_AT, answeredAt: null, answer: null,
  };
}

/** An order held at the engineering check for the customer's acceptance of corrected parameters; its three lines make 72 000 ₽. */
function corrected(id: number, request: EngineerRequest): Order {
  const order = heldForEngineer(id, [request], { holdReason: request.message, total: 72_000 });
  // The sensor's line has no files to download, as the order these tests were written on.
  return { ...order, lines: order.lines.map((line) => (line.id === 13 ? { ...line, filesUrl: null } : line)) };
}

describe('an engineer\'s corrected parameters on the order page', () => {
  it('shows each corrected line\'s changes in the project page\'s words, before → after, and what the order\'s total becomes', async () => {
    setup([corrected(61, correction(3))]);
    await waitFor(() => requestItem(3));
    const item = requestItem(3);
    expect(item.getByText('Инженер предлагает изменить параметры')).toBeTruthy();
    expect(item.getByText('Ольга Инженерова')).toBeTruthy();
    expect(item.getByText(shownAt(ASKED_AT))).toBeTruthy();
    expect(item.getByText('Разъём толще 1,6 мм: нужна плата 2 мм с золочением')).toBeTruthy();

    expect(changesOf('Изменения позиции «Контроллер»')).toEqual([
      'Толщина платы: 1,6 мм → 2 мм',
      'Финишное покрытие: HASL бессвинцовый → Иммерсионное золото (ENIG)',
      'Цена за шт.: 5 000,00 ₽ → 5 123,40 ₽',
      'Сумма: 50 000,00 ₽ → 51 234,00 ₽',
      'Срок: 7 дн. → 9 дн.',
    ]);
    // Only what changes: the sensor's price and lead time stay, so only its total is said, as it is.
    expect(changesOf('Изменения позиции «Датчик»')).toEqual(['Минимальное отверстие: 0,3 мм → 0,4 мм', 'Сумма: 11 000,00 ₽ → 11 000,00 ₽']);
    expect(screen.queryByRole('list', { name: 'Изменения позиции «Трафарет верх»' })).toBeNull();
    expect(item.getByText((_, node) => node?.tagName === 'P' && plain(node.textContent) === 'Сумма заказа изменится на +1 234,00 ₽')).toBeTruthy();
    expect(item.getByText((_, node) => node?.tagName === 'P' && plain(node.textContent) === 'Новая сумма заказа: 73 234,00 ₽ вместо 72 000,00 ₽')).toBeTruthy();

    expect(item.getByText('Ждёт вашего согласия')).toBeTruthy();
    expect(item.getByRole('button', { name: 'Принять изменения' })).toBeTruthy();
    expect(item.getByRole('button', { name: 'Отказаться' })).toBeTruthy();
    // The order waits for the customer's acceptance: the banner and the step say so.
    expect(within(screen.getByRole('alert')).getByText(/^Инженер предлагает изменить параметры: что меняется/)).toBeTruthy();
    expect(document.querySelector('.order-step[data-status="on_check"]')?.textContent).toContain('ждёт вашего согласия');
  });

  it('accepts the changes with one click and shows them accepted, when, and the order\'s new total', async () => {
    const { fake, user, loads } = setup([corrected(62, correction(4))]);
    await waitFor(() => requestItem(4));
    expect(orderTotal()).toContain('72 000,00 ₽');
    const before = loads.counters;
    await user.click(requestItem(4).getByRole('button', { name: 'Принять изменения' }));

    await waitFor(() => expect(requestItem(4).getByText(`Вы приняли изменения ${shownAt(ANSWERED_AT)}`)).toBeTruthy());
    expect(fake.calls.acceptCorrection).toEqual([{ orderId: 62, requestId: 4, accept: true }]);
    expect(orderTotal()).toContain('73 234,00 ₽');
    expect(plain(document.querySelector('[data-line-id="11"]')?.textContent)).toContain('51 234,00 ₽');
    const answered = requestItem(4);
    expect(answered.queryByRole('button', { name: 'Принять изменения' })).toBeNull();
    expect(answered.queryByText('Ждёт вашего согласия')).toBeNull();
    expect(answered.queryByText(/^Новая сумма заказа/)).toBeNull();
    // What was accepted stays readable in the thread.
    expect(changesOf('Изменения позиции «Контроллер»')).toContain('Толщина платы: 1,6 мм → 2 мм');
    expect(getToasts().map((toast) => toast.text)).toContain('Изменения приняты: проверка заказа продолжается');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(loads.counters).toBe(before + 1));
  });

  it('keeps both buttons from a second answer while the first is sent, the one pressed busy', async () => {
    const { fake, user } = setup([corrected(66, correction(8))]);
    let release = () => {};
    // The gateway answers only when told: the page is seen while the answer is on its way.
    setup.afterTest(provideOrdersCalls({
      ...fake.gateway,
      acceptCorrection: (...args) => new Promise((resolve) => {
        release = () => resolve(fake.gateway.acceptCorrection(...args));
      }),
    }));
    await waitFor(() => requestItem(8));
    await user.click(requestItem(8).getByRole('button', { name: 'Принять изменения' }));
    const accept = requestItem(8).getByRole('button', { name: 'Принять изменения' }) as HTMLButtonElement;
    const decline = requestItem(8).getByRole('button', { name: 'Отказаться' }) as HTMLButtonElement;
    expect([accept.disabled, accept.getAttribute('aria-busy'), decline.disabled, decline.getAttribute('aria-busy')]).toEqual([true, 'true', true, null]);
    await user.click(accept);
    release();
    await waitFor(() => expect(requestItem(8).getByText(`Вы приняли изменения ${shownAt(ANSWERED_AT)}`)).toBeTruthy());
    expect(fake.calls.acceptCorrection).toEqual([{ orderId: 66, requestId: 8, accept: true }]);
  });

  it('declines only after the confirmation, then shows the changes declined and the total as it was', async () => {
    const { fake, user } = setup([corrected(63, correction(5))]);
    await waitFor(() => requestItem(5));
    await user.click(requestItem(5).getByRole('button', { name: 'Отказаться' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Отказаться от изменений? Заказ вернётся к инженеру' }));
    await user.click(dialog.getByRole('button', { name: 'Нет' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.acceptCorrection).toEqual([]);

    await user.click(requestItem(5).getByRole('button', { name: 'Отказаться' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Отказаться' }));
    await waitFor(() => expect(requestItem(5).getByText(`Вы отказались от изменений ${shownAt(ANSWERED_AT)}`)).toBeTruthy());
    expect(fake.calls.acceptCorrection).toEqual([{ orderId: 63, requestId: 5, accept: false }]);
    expect(orderTotal()).toContain('72 000,00 ₽');
    expect(requestItem(5).queryByRole('button', { name: 'Принять изменения' })).toBeNull();
    expect(getToasts().map((toast) => toast.text)).toContain('Вы отказались от изменений: заказ вернулся к инженеру');
  });

  it('shows the gateway\'s refusal of a member who may not order by the buttons, and keeps the changes open', async () => {
    const refusal = 'Принять изменения может только участник клиента с правом заказывать';
    const { fake, user } = setup([corrected(64, correction(6))], { failures: { acceptCorrection: new ApiError(403, refusal) } });
    await waitFor(() => requestItem(6));
    await user.click(requestItem(6).getByRole('button', { name: 'Принять изменения' }));

    await waitFor(() => expect(within(requestItem(6).getByRole('alert')).getByText(refusal)).toBeTruthy());
    expect(fake.calls.acceptCorrection).toEqual([{ orderId: 64, requestId: 6, accept: true }]);
    expect(requestItem(6).getByText('Ждёт вашего согласия')).toBeTruthy();
    expect((requestItem(6).getByRole('button', { name: 'Принять изменения' }) as HTMLButtonElement).disabled).toBe(false);
    expect(orderTotal()).toContain('72 000,00 ₽');
  });

  it('says it all in English on the English page, a lower total with a minus sign', async () => {
    await loadLocale('en');
    applyLocale('en');
    setup.afterTest(() => applyLocale('ru'));
    const cheaper: LineCorrection = {
      lineId: 11,
      before: { params: board({ layers: 4 }), unitPrice: 5_000, total: 50_000, days: 7 },
      after: { params: board({ layers: 2 }), unitPrice: 4_900, total: 49_000, days: 5 },
    };
    setup([corrected(65, correction(7, [cheaper]))]);
    await waitFor(() => requestItem(7));
    const item = requestItem(7);
    expect(item.getByText('The engineer proposes changed parameters')).toBeTruthy();
    expect(changesOf('Changes to \'Контроллер\'')).toEqual([
      'Layers: 4 layers → 2 layers',
      'Unit price: 5,000.00 ₽ → 4,900.00 ₽',
      'Amount: 50,000.00 ₽ → 49,000.00 ₽',
      'Lead time: 7 days → 5 days',
    ]);
    expect(item.getByText((_, node) => node?.tagName === 'P' && plain(node.textContent) === 'The order total changes by −1,000.00 ₽')).toBeTruthy();
    expect(
      item.getByText((_, node) => node?.tagName === 'P' && plain(node.textContent) === 'New order total: 71,000.00 ₽ instead of 72,000.00 ₽'),
    ).toBeTruthy();
    expect(item.getByText('Awaiting your acceptance')).toBeTruthy();
    expect(item.getByRole('button', { name: 'Accept the changes' })).toBeTruthy();
    expect(item.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText(/^The engineer proposes changed parameters: what changes/)).toBeTruthy();
    expect(document.querySelector('.order-step[data-status="on_check"]')?.textContent).toContain('awaiting your acceptance');
  });
});
