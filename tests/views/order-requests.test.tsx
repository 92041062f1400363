// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EngineerRequest } from '../../src/contract/engineer-requests';
import { ApiError } from '../../src/services/api';
import { formatDate, formatTime } from '../../src/services/format';
import { applyLocale, loadLocale, t } from '../../src/services/i18n';
import { knownNotification } from '../../src/services/notifications';
import { getToasts } from '../../src/services/toasts';
import { notificationTarget, notificationText } from '../../src/views/components/notifications/notification-text';
import { heldForEngineer, orderPageSetup } from './orders-harness';

const setup = orderPageSetup();

const ASKED_AT = '2026-01-09T08:15:00.000Z';
const shownAt = (iso: string) => `${formatDate(iso)} в ${formatTime(iso)}`;
const toastTexts = () => getToasts().map((toast) => toast.text);
const requestItem = (id: number) => {
  const found = document.querySelector<HTMLElement>(`[data-request-id="${id}"]`);
  if (!found) throw new Error(`request ${id} is not shown`);
  return within(found);
};
const zip = (name: string) => new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)])], name, { type: 'application/zip' });

function request(id: number, fields: Partial<EngineerRequest> = {}): EngineerRequest {
  return {
    id, kind: 'decision', message: 'Минимальный зазор 0,1 мм меньше нашего 0,15 мм. Расширить зазоры до 0,15 мм?', lineIds: [],
    authorName: 'Ольга Инженерова', at: ASKED_AT, answeredAt: null, answer: null, ...fields,
  };
}

describe('the engineer\'s requests on the order page', () => {
  it('shows each request with the engineer\'s name, the time and the message, newest first, and what the open one waits for', async () => {
    const older = request(1, {
      kind: 'files', lineIds: [12], message: 'Трафарет без слоя пасты.', at: '2026-01-07T10:00:00.000Z',
      answeredAt: '2026-01-07T16:45:00.000Z', authorName: 'Пётр Гербер',
    });
    setup([heldForEngineer(41, [older, request(2)])]);
    const thread = within(await screen.findByRole('region', { name: 'Вопросы инженера' }));
    expect(thread.getAllByRole('listitem').map((item) => item.getAttribute('data-request-id'))).toEqual(['2', '1']);

    const open = requestItem(2);
    expect(open.getByText('Нужно ваше решение')).toBeTruthy();
    expect(open.getByText('Ольга Инженерова')).toBeTruthy();
    expect(open.getByText(shownAt(ASKED_AT))).toBeTruthy();
    expect(open.getByText('Минимальный зазор 0,1 мм меньше нашего 0,15 мм. Расширить зазоры до 0,15 мм?')).toBeTruthy();
    expect(open.getByText('Ждёт вашего ответа')).toBeTruthy();

    const done = requestItem(1);
    expect(done.getByText('Нужны новые файлы: Трафарет верх')).toBeTruthy();
    expect(done.getByText('Пётр Гербер')).toBeTruthy();
    expect(done.getByText(`Файлы отправлены ${shownAt('2026-01-07T16:45:00.000Z')}`)).toBeTruthy();
    expect(done.queryByRole('form')).toBeNull();

    // The order is held for it: the banner says whose move it is, and so does the step.
    expect(within(screen.getByRole('alert')).getByText(/Инженер ждёт вашего ответа/)).toBeTruthy();
    expect(document.querySelector('.order-step[data-status="on_check"]')?.textContent).toContain('ждёт вашего ответа');
  });

  it('sends the answer to a decision request and shows it answered, with when and what was answered', async () => {
    const { fake, user, loads } = setup([heldForEngineer(42, [request(5)])]);
    const open = await waitFor(() => requestItem(5));
    const before = loads.counters;
    await user.type(open.getByLabelText('Ваш ответ'), '  Да, расширьте зазоры до 0,15 мм  ');
    await user.click(open.getByRole('button', { name: 'Отправить ответ' }));

    await waitFor(() => expect(fake.calls.answerRequest).toEqual([{ orderId: 42, requestId: 5, answer: 'Да, расширьте зазоры до 0,15 мм' }]));
    const answered = await waitFor(() => {
      const item = requestItem(5);
      item.getByText(`Ваш ответ от ${shownAt('2026-01-10T11:30:00.000Z')}:`);
      return item;
    });
    expect(answered.getByText('Да, расширьте зазоры до 0,15 мм')).toBeTruthy();
    expect(answered.queryByLabelText('Ваш ответ')).toBeNull();
    expect(answered.queryByText('Ждёт вашего ответа')).toBeNull();
    expect(toastTexts()).toContain('Ответ отправлен инженеру');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(loads.counters).toBe(before + 1));
  });

  it('refuses an empty or too long answer in place, without a call', async () => {
    const { fake, user } = setup([heldForEngineer(43, [request(6)])]);
    const open = await waitFor(() => requestItem(6));
    await user.type(open.getByLabelText('Ваш ответ'), '   ');
    await user.click(open.getByRole('button', { name: 'Отправить ответ' }));
    const field = open.getByLabelText('Ваш ответ');
    expect(open.getByText('Обязательное поле')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(open.getByText('Обязательное поле').id);

    await user.clear(field);
    await user.click(field);
    await user.paste('я'.repeat(2001));
    await user.click(open.getByRole('button', { name: 'Отправить ответ' }));
    // Numbers are written with the locale's thousands separator.
    expect(open.getByText(/^Не длиннее 2\s000 знаков$/)).toBeTruthy();
    expect(open.getByText(/^2\s001 из 2\s000 знаков$/)).toBeTruthy();
    expect(fake.calls.answerRequest).toEqual([]);
  });

  it('keeps the form and the text when the gateway refuses the answer, saying why by the answer', async () => {
    const refused = new ApiError(400, 'Поле «answer» слишком длинное', 'answer');
    const { fake, user } = setup([heldForEngineer(44, [request(7)])], { failures: { answerRequest: refused } });
    const open = await waitFor(() => requestItem(7));
    await user.type(open.getByLabelText('Ваш ответ'), 'Оставьте как есть');
    await user.click(open.getByRole('button', { name: 'Отправить ответ' }));
    await waitFor(() => expect(open.getByText('Поле «answer» слишком длинное')).toBeTruthy());
    expect(fake.calls.answerRequest).toHaveLength(1);
    expect((open.getByLabelText('Ваш ответ') as HTMLTextAreaElement).value).toBe('Оставьте как есть');
    expect(open.getByText('Ждёт вашего ответа')).toBeTruthy();
  });

  it('offers new files only for the lines an open files request names; once sent the request is answered and the offer goes', async () => {
    const { fake, user } = setup([heldForEngineer(45, [request(8, { kind: 'files', lineIds: [11, 13], message: 'Пришлите файлы с маской' })])]);
    const files = within(await screen.findByRole('region', { name: 'Инженер просит новые файлы' }));
    expect(requestItem(8).getByText('Нужны новые файлы: Контроллер, Датчик')).toBeTruthy();
    expect(files.getByLabelText('Приложить новые файлы: Контроллер')).toBeTruthy();
    expect(files.getByLabelText('Приложить новые файлы: Датчик')).toBeTruthy();
    expect(files.queryByText('Трафарет верх')).toBeNull();

    await user.upload(files.getByLabelText('Приложить новые файлы: Контроллер'), zip('controller.zip'));
    await waitFor(() => expect(toastTexts()).toContain('Файлы приложены к позиции «Контроллер»'));
    await user.upload(files.getByLabelText('Приложить новые файлы: Датчик'), zip('sensor.zip'));
    await waitFor(() => expect(toastTexts()).toContain('Файлы получены: инженерная проверка продолжается'));
    expect(fake.calls.attachFiles).toEqual([
      { orderId: 45, lineId: 11, names: ['controller.zip'] },
      { orderId: 45, lineId: 13, names: ['sensor.zip'] },
    ]);
    expect(screen.queryByRole('region', { name: 'Инженер просит новые файлы' })).toBeNull();
    expect(requestItem(8).getByText(`Файлы отправлены ${shownAt('2026-01-10T12:30:00.000Z')}`)).toBeTruthy();
  });

  it('offers every line when the files request names none, and none once the engineer went on without them', async () => {
    setup([heldForEngineer(46, [request(9, { kind: 'files' })])]);
    const files = within(await screen.findByRole('region', { name: 'Инженер просит новые файлы' }));
    expect(requestItem(9).getByText('Нужны новые файлы всего заказа')).toBeTruthy();
    expect(files.getAllByLabelText(/^Приложить новые файлы: /).map((input) => input.getAttribute('aria-label'))).toEqual([
      'Приложить новые файлы: Контроллер', 'Приложить новые файлы: Трафарет верх', 'Приложить новые файлы: Датчик',
    ]);
    cleanup();

    // Released without the files: the request stays in the thread, closed, and nothing is offered.
    setup([heldForEngineer(47, [request(10, { kind: 'files' }), request(11)], { status: 'waiting_for_payment', holdReason: null, holdCode: undefined })]);
    await waitFor(() => expect(requestItem(10).getByText('Закрыт без ответа: инженер продолжил без него')).toBeTruthy());
    expect(requestItem(11).queryByLabelText('Ваш ответ')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Инженер просит новые файлы' })).toBeNull();
  });

  it('offers the awaited files and the requested ones together, each line said as what it is', async () => {
    const order = heldForEngineer(48, [request(12, { kind: 'files', lineIds: [11] })], { filesAwaited: true });
    setup([{ ...order, lines: order.lines.map((line) => (line.id === 13 ? { ...line, filesUrl: null } : line)) }]);
    const files = within(await screen.findByRole('region', { name: 'Ждём файлы для производства' }));
    expect(files.getByLabelText('Приложить новые файлы: Контроллер')).toBeTruthy();
    expect(files.getByText('инженер просит новые файлы')).toBeTruthy();
    expect(files.getByLabelText('Приложить файлы: Датчик')).toBeTruthy();
    expect(files.queryByText('Трафарет верх')).toBeNull();
  });

  it('says it all in English on the English page', async () => {
    await loadLocale('en');
    applyLocale('en');
    setup.afterTest(() => applyLocale('ru'));
    setup([heldForEngineer(49, [request(13), request(14, { kind: 'files', lineIds: [12] })])]);
    const thread = within(await screen.findByRole('region', { name: 'The engineer\'s questions' }));
    expect(thread.getByText('Your decision is needed')).toBeTruthy();
    expect(thread.getByText('New files needed: Трафарет верх')).toBeTruthy();
    expect(thread.getByText('Awaiting your answer')).toBeTruthy();
    expect(thread.getByRole('button', { name: 'Send the answer' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'The engineer asks for new files' })).getByLabelText('Attach new files: Трафарет верх')).toBeTruthy();
  });

  it('names the hold in the notification in the reader\'s language, and the notification opens the order', async () => {
    const held = knownNotification({ type: 'OrderStatusChanged', content: {
      OrderId: 50, OrderNumber: 'ПП-2026-00050', Status: 'on_check', HoldReason: 'Инженер ждёт вашего ответа', HoldCode: 'engineerRequest',
    } });
    expect(notificationText(held, t)).toBe(
      'Заказ ПП-2026-00050 приостановлен: Инженер ждёт вашего ответа: откройте заказ, чтобы прочитать вопрос и ответить или приложить файлы',
    );
    expect(notificationTarget(held)).toBe('/orders/50');
    await loadLocale('en');
    applyLocale('en');
    setup.afterTest(() => applyLocale('ru'));
    expect(notificationText(held, t)).toBe(
      'Order ПП-2026-00050 is on hold: The engineer awaits your answer: open the order to read the question and answer it or attach the files',
    );
  });
});
