// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '../../src/contract/call';
import { ApiError } from '../../src/services/api';
import { getToasts } from '../../src/services/toasts';
import { fakeStaff, renderStaff, signInAs, staffOrderOf } from './staff-harness';
import { undoAfterEach } from './undo-after-each';

const undo = undoAfterEach();

function setup(orders: ReturnType<typeof staffOrderOf>[], role: StaffRole = 'engineer', path = `/staff/orders/${orders[0]?.order.id ?? 1}`) {
  const fake = fakeStaff({ orders });
  undo.push(fake.install());
  const member = signInAs(role);
  return { fake, member, ...renderStaff(path), user: userEvent.setup() };
}

const colleague = { staffId: 14, name: 'Игорь Платонов', at: '2026-11-28T08:05:00.000Z' };
const heading = (name: string) => screen.findByRole('heading', { name });
const dialog = () => within(screen.getByRole('dialog'));
const movesShown = () => within(screen.getByRole('region', { name: 'Действия менеджера' })).queryAllByRole('button').map((button) => button.textContent);

describe('the staff order page, as an engineer', () => {
  it('shows the order with each board\'s pictures, layers, parameters and DFM findings, pictures read with the staff token', async () => {
    const { fake } = setup([staffOrderOf(5)]);
    expect(await heading('Заказ ПП-2026-00005')).toBeTruthy();
    expect(screen.getByText('Электронные системы')).toBeTruthy();
    expect(screen.getByText('Проверка DFM')).toBeTruthy();
    const line = within(screen.getByRole('article', { name: 'Контроллер' }));
    expect(line.getByRole('rowheader', { name: 'board-F_Cu.gbr' })).toBeTruthy();
    expect(line.getByText('Материал')).toBeTruthy();
    const findings = within(await line.findByRole('list', { name: 'Замечания технологичности' }));
    expect(findings.getAllByRole('listitem')).toHaveLength(1);
    expect(line.getByRole('button', { name: /^Замечание 1:/ })).toBeTruthy();
    const top = staffOrderOf(5).boards[0]?.analysis?.images.top;
    await waitFor(() => expect(fake.files).toContain(top));
    expect(within(screen.getByRole('article', { name: 'Трафарет верх' })).getByText('Файлы платы ещё не пришли или не разобраны.')).toBeTruthy();
    // An engineer moves nothing on the order desk.
    expect(screen.queryByRole('region', { name: 'Действия менеджера' })).toBeNull();
  });

  it('takes a free order and then says it is the engineer\'s own', async () => {
    const { fake, user } = setup([staffOrderOf(5)]);
    await user.click(await screen.findByRole('button', { name: 'Взять в работу' }));
    await screen.findByText(/^Вы взяли заказ в \d\d:\d\d$/);
    expect(fake.callsOf('claim')).toEqual([[5, false]]);
    expect(screen.getByRole('button', { name: 'Отпустить' })).toBeTruthy();
  });

  it('names the colleague who took the order, and takes it over only after a confirmation naming them', async () => {
    const { fake, user } = setup([staffOrderOf(5, {}, { claim: colleague })]);
    expect(await screen.findByText(/^Взял Игорь Платонов в \d\d:\d\d$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Забрать себе' }));
    const confirm = within(screen.getByRole('alertdialog'));
    expect(confirm.getByRole('heading').textContent).toMatch(/^Забрать заказ у коллеги\? Его проверяет Игорь Платонов с \d\d:\d\d\.$/);
    await user.click(confirm.getByRole('button', { name: 'Нет' }));
    expect(fake.callsOf('claim')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Забрать себе' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Забрать себе' }));
    await waitFor(() => expect(fake.callsOf('claim')).toEqual([[5, true]]));
  });

  it('asks the customer for new files of chosen lines, or for a decision, with a message it will not send empty', async () => {
    const { fake, user } = setup([staffOrderOf(5)]);
    await user.click(await screen.findByRole('button', { name: 'Спросить клиента' }));
    await user.click(dialog().getByRole('button', { name: 'Отправить' }));
    expect(dialog().getByText('Напишите сообщение')).toBeTruthy();
    await user.click(dialog().getByRole('checkbox', { name: 'Контроллер' }));
    await user.type(dialog().getByLabelText('Сообщение клиенту'), 'Нет слоя паяльной маски снизу');
    await user.click(dialog().getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(fake.callsOf('ask')).toEqual([[{ orderId: 5, kind: 'files', message: 'Нет слоя паяльной маски снизу', lineIds: [11] }]]));
    expect(getToasts().map((toast) => toast.text)).toContain('Вопрос отправлен клиенту');

    await user.click(screen.getByRole('button', { name: 'Спросить клиента' }));
    await user.click(dialog().getByRole('radio', { name: 'Решение клиента' }));
    expect(dialog().queryByRole('checkbox')).toBeNull();
    await user.type(dialog().getByLabelText('Сообщение клиенту'), 'Дорожки 0,08 мм: делаем 4-й класс?');
    await user.click(dialog().getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(fake.callsOf('ask')[1]).toEqual([{ orderId: 5, kind: 'decision', message: 'Дорожки 0,08 мм: делаем 4-й класс?', lineIds: [] }]));
  });

  it('cancels the order only with a reason, and releases it with an optional note, after which the check is done', async () => {
    const { fake, user } = setup([staffOrderOf(5)]);
    await user.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    await user.click(dialog().getByRole('button', { name: 'Отменить заказ' }));
    expect(dialog().getByText('Укажите причину')).toBeTruthy();
    await user.type(dialog().getByLabelText('Причина (её прочтёт клиент)'), 'Клиент просил отменить');
    await user.click(dialog().getByRole('button', { name: 'Отменить заказ' }));
    await waitFor(() => expect(fake.callsOf('cancel')).toEqual([[5, 'Клиент просил отменить']]));

    await user.click(screen.getByRole('button', { name: 'Проверка пройдена' }));
    await user.type(dialog().getByLabelText('Заметка (необязательно)'), 'Зазор 0,22 мм допустим для этой серии');
    await user.click(dialog().getByRole('button', { name: 'Проверка пройдена' }));
    await waitFor(() => expect(fake.callsOf('release')).toEqual([[5, 'Зазор 0,22 мм допустим для этой серии']]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Проверка пройдена' })).toBeNull());
  });

  it('downloads a line\'s files with the staff gateway', async () => {
    const { fake, user } = setup([staffOrderOf(5)]);
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:files');
    await user.click(await screen.findByRole('button', { name: 'Скачать файлы позиции «Контроллер»' }));
    await waitFor(() => expect(fake.files).toContain('/files/orders/5/lines/11.zip'));
    expect(created).toHaveBeenCalled();
  });
});

describe('the staff order page, as a manager', () => {
  it('offers only the moves the lifecycle allows from where the order is, and no engineer\'s actions', async () => {
    setup(
      [
        staffOrderOf(5, { holdReason: null }),
        staffOrderOf(6),
        staffOrderOf(7, { status: 'in_stock', holdReason: null }),
        staffOrderOf(8, { filesAwaited: true }),
      ],
      'manager',
    );
    await heading('Заказ ПП-2026-00005');
    expect(movesShown()).toEqual(['Утвердить и выставить счёт', 'Остановить', 'Отменить']);
    expect(screen.queryByRole('button', { name: 'Взять в работу' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Проверка пройдена' })).toBeNull();
    cleanup();
    renderStaff('/staff/orders/6');
    await heading('Заказ ПП-2026-00006');
    expect(movesShown()).toEqual(['Продолжить', 'Отменить']);
    cleanup();
    renderStaff('/staff/orders/7');
    await heading('Заказ ПП-2026-00007');
    expect(movesShown()).toEqual(['Отгрузить']);
    cleanup();
    renderStaff('/staff/orders/8');
    await heading('Заказ ПП-2026-00008');
    expect(movesShown()).toEqual(['Отменить']);
  });

  it('ships with the carrier and the tracking number, asking for both', async () => {
    const { fake, user } = setup([staffOrderOf(7, { status: 'in_stock', holdReason: null })], 'manager');
    await user.click(await screen.findByRole('button', { name: 'Отгрузить' }));
    await user.type(dialog().getByLabelText('Перевозчик'), 'СДЭК');
    await user.click(dialog().getByRole('button', { name: 'Подтвердить' }));
    expect(dialog().getByText('Укажите трек-номер')).toBeTruthy();
    expect(fake.callsOf('move')).toEqual([]);
    await user.type(dialog().getByLabelText('Трек-номер'), '1234567890');
    await user.click(dialog().getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(fake.callsOf('move')).toEqual([[{ orderId: 7, action: 'ship', carrier: 'СДЭК', trackingNumber: '1234567890' }]]));
  });

  it('approves at once, and the order then offers the next moves', async () => {
    const { fake, user } = setup([staffOrderOf(5, { holdReason: null })], 'manager');
    await user.click(await screen.findByRole('button', { name: 'Утвердить и выставить счёт' }));
    await waitFor(() => expect(fake.callsOf('move')).toEqual([[{ orderId: 5, action: 'approve' }]]));
    expect(getToasts().map((toast) => toast.text)).toContain('Готово: Утвердить и выставить счёт');
    await waitFor(() => expect(movesShown()).toEqual(['Отметить оплату', 'Отменить']));
  });

  it('shows the invoice, paid or not, and saves its PDF and the УПД with the staff gateway', async () => {
    const invoice = {
      id: 31, number: 'СЧ-2026-00031', issuedAt: '2026-11-20T09:00:00.000Z', amount: 12_200, vat: 2_200, paidAt: '2026-11-21T09:00:00.000Z',
      pdfUrl: '/files/invoices/31.pdf', transfer: { number: 'УПД-2026-00031', issuedAt: '2026-11-27T09:00:00.000Z', pdfUrl: '/files/transfers/31.pdf' },
    };
    const { fake, user } = setup([staffOrderOf(7, { status: 'shipped', holdReason: null, invoice })], 'manager');
    const documents = within(await screen.findByRole('region', { name: 'Документы' }));
    expect(documents.getByText(/СЧ-2026-00031/)).toBeTruthy();
    expect(documents.getByText(/Оплачен/)).toBeTruthy();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    await user.click(documents.getByRole('button', { name: /^Скачать$/ }));
    await user.click(documents.getByRole('button', { name: 'Скачать УПД' }));
    await waitFor(() => expect(fake.files).toEqual(expect.arrayContaining(['/files/invoices/31.pdf', '/files/transfers/31.pdf'])));
  });

  it('tells the gateway\'s refusal in its words', async () => {
    const fake = fakeStaff({
      orders: [staffOrderOf(5, { holdReason: null })],
      failures: { move: new ApiError(409, 'Заказ уже утверждён другим менеджером', undefined, 'conflict') },
    });
    undo.push(fake.install());
    signInAs('manager');
    renderStaff('/staff/orders/5');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Утвердить и выставить счёт' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.text)).toEqual(['Заказ уже утверждён другим менеджером']));
  });
});

describe('the staff order page after the check', () => {
  it('offers an engineer no check actions once the order is released to the managers', async () => {
    setup([staffOrderOf(5, { holdReason: null }, { checkReason: null })]);
    await heading('Заказ ПП-2026-00005');
    expect(screen.queryByRole('button', { name: 'Проверка пройдена' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Взять в работу' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Контроллер' })).toBeTruthy();
  });
});
