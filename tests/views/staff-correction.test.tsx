// @vitest-environment jsdom
import './dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import { ApiError } from '../../src/services/api';
import { getToasts } from '../../src/services/toasts';
import { correctionOf, fakeStaff, renderStaff, signInAs, staffOrderOf } from './staff-harness';
import { undoAfterEach } from './undo-after-each';

const undo = undoAfterEach();

function setup(
  orders: ReturnType<typeof staffOrderOf>[],
  options: { failures?: NonNullable<Parameters<typeof fakeStaff>[0]>['failures']; path?: string } = {},
) {
  const fake = fakeStaff({ orders, failures: options.failures });
  undo.push(fake.install());
  signInAs('engineer');
  return { fake, ...renderStaff(options.path ?? `/staff/orders/${orders[0]?.order.id ?? 1}`), user: userEvent.setup() };
}

const dialog = () => within(screen.getByRole('dialog'));
const thicker = { ...defaultParams('pcb'), board: { ...defaultParams('pcb').board, thicknessMm: 2.0 as const, widthMm: 120.5 } };
const requests = () => within(screen.getByRole('region', { name: 'Вопросы клиенту' }));

describe('the check passed with changes, on the staff order page', () => {
  it('sends the chosen line\'s full parameters with the edited fields changed and its quantity kept, then shows the request awaiting acceptance', async () => {
    const { fake, user } = setup([staffOrderOf(5)]);
    await user.click(await screen.findByRole('button', { name: 'Пройдена с изменениями' }));
    // The stencil line has no parameters kept, so only the board is offered.
    expect(dialog().getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Контроллер · 10 шт.']);
    await user.click(dialog().getByRole('button', { name: 'Отправить клиенту' }));
    expect(dialog().getByText('Отметьте хотя бы одну позицию')).toBeTruthy();
    expect(dialog().getByText('Напишите сообщение')).toBeTruthy();

    await user.click(dialog().getByRole('checkbox', { name: 'Контроллер · 10 шт.' }));
    await user.click(dialog().getByRole('button', { name: 'Отправить клиенту' }));
    expect(dialog().getByText('Параметры не изменены: Контроллер')).toBeTruthy();
    await user.selectOptions(dialog().getByLabelText('Толщина платы'), '2');
    await user.clear(dialog().getByLabelText('Ширина платы'));
    await user.type(dialog().getByLabelText('Ширина платы'), '120,5');
    // The dialog shows what the customer will be asked to accept, in the project page's words.
    expect(within(dialog().getByRole('list', { name: 'Изменения позиции «Контроллер»' })).getAllByRole('listitem').map((item) => item.textContent))
      .toEqual(['Размер платы: 100 × 80 мм → 120,5 × 80 мм', 'Толщина платы: 1,6 мм → 2 мм']);
    await user.type(dialog().getByLabelText('Сообщение клиенту (почему меняем)'), 'Плата тоньше 2 мм прогнётся');
    await user.click(dialog().getByRole('button', { name: 'Отправить клиенту' }));

    await waitFor(() =>
      expect(fake.callsOf('correct')).toEqual([[{ orderId: 5, message: 'Плата тоньше 2 мм прогнётся', lines: [{ lineId: 11, params: thicker }] }]]),
    );
    expect(getToasts().map((toast) => toast.text)).toContain('Изменения отправлены клиенту на согласование');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const changes = await requests().findByRole('list', { name: 'Изменения позиции «Контроллер»' });
    expect(within(changes).getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '))).toEqual([
      'Размер платы: 100 × 80 мм → 120,5 × 80 мм',
      'Толщина платы: 1,6 мм → 2 мм',
      'Цена за шт.: 5 000,00 ₽ → 6 000,00 ₽',
      'Сумма: 50 000,00 ₽ → 60 000,00 ₽',
      'Срок: 7 дн. → 8 дн.',
    ]);
    expect(requests().getByText('Изменены параметры')).toBeTruthy();
    expect(requests().getByText('Ждём, пока клиент примет изменения')).toBeTruthy();
  });

  it('shows the gateway\'s refusal of a line\'s width at that line\'s width field, not in a toast, and keeps the dialog open', async () => {
    const refusal = new ApiError(400, 'Ширина меньше, чем измерено по файлам (100 мм)', 'lines.0.params.board.widthMm', 'below_measured');
    const { fake, user } = setup([staffOrderOf(5)], { failures: { correct: refusal } });
    await user.click(await screen.findByRole('button', { name: 'Пройдена с изменениями' }));
    await user.click(dialog().getByRole('checkbox', { name: 'Контроллер · 10 шт.' }));
    await user.clear(dialog().getByLabelText('Ширина платы'));
    await user.type(dialog().getByLabelText('Ширина платы'), '90');
    await user.type(dialog().getByLabelText('Сообщение клиенту (почему меняем)'), 'Уменьшаем плату');
    await user.click(dialog().getByRole('button', { name: 'Отправить клиенту' }));

    await waitFor(() => expect(fake.callsOf('correct')).toHaveLength(1));
    const width = await dialog().findByLabelText('Ширина платы');
    await waitFor(() => expect(width.getAttribute('aria-invalid')).toBe('true'));
    const described = (width.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(described).toContain('Ширина меньше, чем измерено по файлам (100 мм)');
    expect(dialog().getByLabelText('Длина платы').getAttribute('aria-invalid')).toBeNull();
    expect(getToasts()).toEqual([]);
    // Typing again clears the refusal: the gateway will judge the new width.
    await user.type(width, '5');
    expect(dialog().queryByText('Ширина меньше, чем измерено по файлам (100 мм)')).toBeNull();
  });

  it('tells whether the customer accepted or declined a correction, with each line\'s totals before and after', async () => {
    const base = staffOrderOf(5);
    const accepted = correctionOf(base, [{ lineId: 11, params: thicker }], { answeredAt: '2026-11-28T11:00:00.000Z', answer: 'accepted' });
    const declined = correctionOf(base, [{ lineId: 11, params: thicker }], { id: 91, answeredAt: '2026-11-28T12:00:00.000Z', answer: 'declined' });
    setup([staffOrderOf(5, { requests: [accepted, declined] }, { requests: [accepted, declined] })]);
    expect(await screen.findByText(/^Клиент принял изменения /)).toBeTruthy();
    expect(requests().getByText(/^Клиент отказался от изменений /)).toBeTruthy();
    expect(requests().getAllByText('Сумма: 50 000,00 ₽ → 60 000,00 ₽')).toHaveLength(2);
  });

  it('speaks English under /en: the action, the dialog and the request', async () => {
    const base = staffOrderOf(5);
    const open = correctionOf(base, [{ lineId: 11, params: thicker }]);
    const { user } = setup([staffOrderOf(5, { holdCode: 'engineerRequest', requests: [open] }, { requests: [open], checkReason: 'answerAwaited' })], {
      path: '/en/staff/orders/5',
    });
    await user.click(await screen.findByRole('button', { name: 'Passed with changes' }));
    expect(dialog().getByRole('heading', { name: 'Check passed with changes' })).toBeTruthy();
    await user.click(dialog().getByRole('checkbox', { name: 'Контроллер · 10 pcs' }));
    expect(dialog().getByLabelText('Board thickness')).toBeTruthy();
    expect(dialog().getByLabelText('Message to the customer (why the change)')).toBeTruthy();
    await user.keyboard('{Escape}');
    const region = within(screen.getByRole('region', { name: 'Questions to the customer' }));
    expect(region.getByText('Parameters changed')).toBeTruthy();
    expect(region.getByText('Waiting for the customer to accept the changes')).toBeTruthy();
  });
});
