// @vitest-environment jsdom
import './dom-polyfills';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/contract/orders';
import { ApiError } from '../../src/services/api';
import { provideSignedInFileFetch } from '../../src/services/invoice-files';
import { ORDER_REFRESH_MS } from '../../src/services/orders';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import { bindSession } from '../../src/services/session';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { fakeOrders, orderLine, renderOrderPage, sampleOrder } from './orders-harness';
import { projectsSession } from './projects-harness';

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
  clearToasts();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(orders: Order[], options: Omit<Parameters<typeof fakeOrders>[0], 'orders'> = {}, id = orders[0]?.id ?? 1) {
  const fake = fakeOrders({ orders, ...options });
  undo.push(fake.install());
  const { session, loads } = projectsSession();
  undo.push(() => session.stop(), bindSession(session));
  const view = renderOrderPage(`/orders/${id}`, session);
  return { fake, loads, ...view, user: userEvent.setup() };
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const toastTexts = () => getToasts().map((toast) => toast.text);
/** The delivery row of the information panel, line by line. */
function deliveryFacts(): string[] {
  const row = within(screen.getByRole('region', { name: /^(Информация|Information)$/ })).getByText(/^(Доставка|Delivery)$/).closest('div');
  const value = row?.querySelector('dd');
  if (!value) return [];
  const notes = [...value.querySelectorAll('.order-facts__note')].map((note) => note.textContent ?? '');
  const head = [...value.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? '').join('');
  return [head, ...notes];
}
const step = (status: string) => document.querySelector<HTMLElement>(`.order-step[data-status="${status}"]`);

describe('order page', () => {
  it('shows the order: header, stepper with the dates each status was reached, info, positions, invoice and history', async () => {
    setup([sampleOrder(7)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ ПП-2026-00007' })).toBeTruthy();
    expect(document.querySelector('.order-header .order-status')?.textContent).toBe('Изготовлениес 08.01.2026');

    const stepper = within(screen.getByRole('list', { name: 'Ход заказа' }));
    expect(stepper.getAllByRole('listitem').map((item) => item.querySelector('.order-step__name')?.textContent)).toEqual([
      'Оформление', 'Ожидает оплаты', 'Изготовление', 'На складе', 'Отгружен',
    ]);
    expect(step('on_check')?.textContent).toContain('05.01.2026');
    expect(step('on_check')?.classList.contains('order-step--done')).toBe(true);
    expect(step('waiting_for_payment')?.textContent).toContain('07.01.2026');
    expect(step('in_progress')?.getAttribute('aria-current')).toBe('step');
    expect(step('in_progress')?.textContent).toContain('08.01.2026');
    expect(step('in_stock')?.textContent).toBe('На складевпереди');

    const info = section('Информация');
    expect(info.getByText('Иван Петрович Смирнов')).toBeTruthy();
    expect(info.getByText('ИНН 7701234567, КПП 770101001')).toBeTruthy();
    expect(info.getByText('+7 999 123 45 67')).toBeTruthy();
    expect(info.getByText('Пункт выдачи заказов')).toBeTruthy();
    expect(info.getByText('ПВЗ на Тверской')).toBeTruthy();
    expect(info.getByText('Упаковать каждую плату отдельно')).toBeTruthy();

    const lines = section('Позиции (2)');
    const first = within(document.querySelector('[data-line-id="11"]') as HTMLElement);
    expect(first.getByRole('link', { name: 'Контроллер' }).getAttribute('href')).toBe('/project/3');
    expect(first.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '10 шт.', '5\u00a0000,00\u00a0₽', '50\u00a0000,00\u00a0₽', '7 дн.', 'В производстве', 'Файлы',
    ]);
    expect(lines.getAllByRole('button', { name: /Скачать файлы позиции/ })).toHaveLength(1);

    const documents = section('Документы');
    expect(documents.getByText('Счёт на оплату № СЧ-2026-00070 от 07.01.2026')).toBeTruthy();
    expect(documents.getByText('в т. ч. НДС 22 %: 11 000,00 ₽')).toBeTruthy();
    expect(documents.getByText('Оплачен 08.01.2026')).toBeTruthy();

    const history = section('История');
    const entries = history.getAllByRole('listitem').map((item) => item.textContent);
    expect(entries).toHaveLength(5);
    expect(entries[0]).toMatch(/^08\.01\.2026 в \d{2}:30Изготовление$/);
    expect(entries[3]).toMatch(/Оформление: приостановленПричина: Нет слоя паяльной маски$/);
    expect(entries[2]).toMatch(/Оформление: работа возобновлена$/);
    // Nothing to review or complain about yet, and no hold.
    expect(screen.queryByRole('region', { name: 'Отзывы' })).toBeNull();
    expect(screen.queryByText(/Заказ приостановлен/)).toBeNull();
  });

  it('says the courier delivery once, with the address\'s own name, the recipient and the address', async () => {
    setup([sampleOrder(4, { delivery: {
      kind: 'express_post', name: 'Курьером в офис', nameEn: 'Курьером в офис', recipient: 'Соколова Анна Дмитриевна', address: '117342, Москва',
    } })]);
    await screen.findByRole('heading', { level: 1, name: 'Заказ ПП-2026-00004' });
    const delivery = deliveryFacts();
    expect(delivery).toEqual(['Курьерская служба', 'Курьером в офис', 'Получатель: Соколова Анна Дмитриевна', '117342, Москва']);
  });

  it('names the delivery in English on the English page: the method and the point, no Russian method name', async () => {
    await loadLocale('en');
    applyLocale('en');
    undo.push(() => applyLocale('ru'));
    setup([sampleOrder(5)]);
    await screen.findByRole('heading', { level: 1, name: 'Order ПП-2026-00005' });
    expect(deliveryFacts()).toEqual(['Pickup point', 'Tverskaya pickup point', 'Москва, Тверская, 1']);
  });

  it('puts a held order\'s reason first, and marks the held step', async () => {
    setup([sampleOrder(3, { status: 'on_check', holdReason: 'Нет слоя паяльной маски', invoice: null, history: [
      { status: 'on_check', held: false, note: null, at: '2026-01-05T09:00:00.000Z' },
      { status: 'on_check', held: true, note: 'Нет слоя паяльной маски', at: '2026-01-06T11:00:00.000Z' },
    ] })]);
    expect(await screen.findByText('Заказ приостановлен: Нет слоя паяльной маски')).toBeTruthy();
    expect(step('on_check')?.classList.contains('order-step--held')).toBe(true);
    expect(step('on_check')?.textContent).toContain('приостановлен');
    expect(section('Документы').getByText('Счёт выставим, когда инженеры проверят заказ.')).toBeTruthy();
  });

  it('cancels after a confirmation with a reason: the page shows the cancelled order and the counters reload', async () => {
    const { fake, user, loads } = setup([
      sampleOrder(4, { status: 'waiting_for_payment', can: { cancel: true, reorder: true, review: false, complain: false } }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Отменить заказ ПП-2026-00004?' });
    await user.click(within(dialog).getByRole('button', { name: 'Не отменять' }));
    expect(fake.calls.cancel).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Отменить заказ' }));
    const asking = screen.getByRole('alertdialog');
    await user.type(within(asking).getByPlaceholderText('Оставьте ваш комментарий'), 'Передумали');
    const before = loads.counters;
    await user.click(within(asking).getByRole('button', { name: 'Отменить заказ' }));
    await waitFor(() => expect(fake.calls.cancel).toEqual([{ id: 4, reason: 'Передумали' }]));
    await waitFor(() => expect(step('canceled')?.getAttribute('aria-current')).toBe('step'));
    expect(toastTexts()).toContain('Заказ ПП-2026-00004 отменён');
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).toBeNull();
    expect(section('История').getByText('Причина: Передумали')).toBeTruthy();
    await waitFor(() => expect(loads.counters).toBe(before + 1));
  });

  it('reorders: a toast with what was added and skipped, a link to the cart, the counters reloaded', async () => {
    const { fake, user, loads } = setup([sampleOrder(5)]);
    const before = loads.counters;
    await user.click(await screen.findByRole('button', { name: 'Повторить заказ' }));
    await waitFor(() => expect(fake.calls.reorder).toEqual([5]));
    await waitFor(() => expect(toastTexts()).toContain('Добавлено в корзину проектов: 1, пропущено: 1 (проект удалён, в архиве или недоступен вам)'));
    expect(screen.getByRole('link', { name: 'Перейти в корзину' }).getAttribute('href')).toBe('/cart');
    await waitFor(() => expect(loads.counters).toBe(before + 1));
  });

  it('sends a review with the chosen rating and text, then lists it instead of the form', async () => {
    const { fake, user } = setup([sampleOrder(6, { status: 'shipped', can: { cancel: false, reorder: true, review: true, complain: false } })]);
    const reviews = await screen.findByRole('region', { name: 'Отзывы' });
    await user.click(within(reviews).getByRole('button', { name: 'Оставить отзыв' }));
    expect(within(reviews).getByText('Выберите оценку')).toBeTruthy();
    expect(fake.calls.addReview).toEqual([]);

    expect(within(reviews).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Хорошо', 'Нормально', 'Плохо']);
    await user.click(within(reviews).getByRole('radio', { name: 'Хорошо' }));
    await user.type(within(reviews).getByLabelText('Отзыв'), 'Платы пришли раньше срока');
    await user.click(within(reviews).getByRole('button', { name: 'Оставить отзыв' }));
    await waitFor(() => expect(fake.calls.addReview).toEqual([{ orderId: 6, rating: 'good', text: 'Платы пришли раньше срока' }]));
    await waitFor(() => expect(within(reviews).getByText('Платы пришли раньше срока')).toBeTruthy());
    expect(within(reviews).queryByRole('radio')).toBeNull();
    expect(toastTexts()).toContain('Спасибо! Отзыв сохранён');
  });

  it('sends a complaint about a line (the text is required) and withdraws the user\'s own new one after a confirmation', async () => {
    const { fake, user } = setup([
      sampleOrder(8, {
        status: 'in_stock',
        can: { cancel: false, reorder: true, review: false, complain: true },
        complaints: [
          {
            id: 50,
            lineId: null,
            text: 'Не та упаковка',
            status: 'completed',
            resolution: 'Заменили упаковку',
            authorName: 'Анна Соколова',
            isMine: false,
            createdAt: '2026-01-09T10:00:00.000Z',
            statusChangedAt: '2026-01-10T10:00:00.000Z',
          },
          // A namesake's new complaint: the same name as the user's, but the gateway says it is not theirs.
          {
            id: 51,
            lineId: null,
            text: 'Царапины',
            status: 'new',
            resolution: null,
            authorName: 'Иван Петрович Смирнов',
            isMine: false,
            createdAt: '2026-01-09T11:00:00.000Z',
            statusChangedAt: '2026-01-09T11:00:00.000Z',
          },
        ],
      }),
    ]);
    const complaints = await screen.findByRole('region', { name: 'Претензии' });
    expect(within(complaints).getByText('Выполнена')).toBeTruthy();
    expect(within(complaints).getByText('Ответ производителя: Заменили упаковку')).toBeTruthy();
    // Someone else's complaints cannot be withdrawn from here, a namesake's new one included.
    expect(within(complaints).getByText('Царапины')).toBeTruthy();
    expect(within(complaints).queryByRole('button', { name: 'Отозвать претензию' })).toBeNull();

    await user.click(within(complaints).getByRole('button', { name: 'Отправить претензию' }));
    expect(within(complaints).getByText('Обязательное поле')).toBeTruthy();
    expect(fake.calls.addComplaint).toEqual([]);

    await user.selectOptions(within(complaints).getByLabelText('Позиция'), 'Трафарет верх');
    await user.type(within(complaints).getByLabelText('Суть претензии'), 'Апертуры смещены');
    await user.click(within(complaints).getByRole('button', { name: 'Отправить претензию' }));
    await waitFor(() => expect(fake.calls.addComplaint).toEqual([{ orderId: 8, lineId: 12, text: 'Апертуры смещены' }]));
    const mine = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-complaint-id="800"]');
      if (!found) throw new Error('the new complaint is not listed yet');
      return within(found);
    });
    expect(mine.getByText('Новая')).toBeTruthy();
    expect(mine.getByText('Трафарет верх')).toBeTruthy();

    await user.click(mine.getByRole('button', { name: 'Отозвать претензию' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Отозвать претензию?' })).getByRole('button', { name: 'Отозвать претензию' }));
    await waitFor(() => expect(fake.calls.cancelComplaint).toEqual([800]));
    await waitFor(() => expect(mine.getByText('Отменена')).toBeTruthy());
  });

  it('downloads a line\'s files and opens or saves the invoice with the session\'s token', async () => {
    const asked: string[] = [];
    undo.push(provideSignedInFileFetch((url) => {
      asked.push(url);
      return new Promise(() => undefined);
    }));
    const { fake, user } = setup([sampleOrder(9)]);
    await user.click(await screen.findByRole('button', { name: 'Скачать файлы позиции «Контроллер»' }));
    await waitFor(() => expect(fake.calls.download).toEqual([{ url: '/files/orders/9/lines/11.zip', fileName: 'ПП-2026-00009 Контроллер.zip' }]));

    await user.click(section('Документы').getByRole('button', { name: 'Открыть' }));
    expect(await screen.findByRole('dialog', { name: 'Счёт № СЧ-2026-00070' })).toBeTruthy();
    await waitFor(() => expect(asked).toEqual(['/files/invoices/70.pdf']));
  });

  it('offers the УПД once the order is shipped, fetched with the session\'s token, and says when it comes before that', async () => {
    const asked: string[] = [];
    undo.push(provideSignedInFileFetch((url) => {
      asked.push(url);
      return new Promise(() => undefined);
    }));
    const shipped = sampleOrder(9);
    const invoice = shipped.invoice
      ? { ...shipped.invoice, transfer: { number: 'УПД-2026-00012', issuedAt: '2026-02-20T10:00:00.000Z', pdfUrl: '/files/transfers/70.pdf' } }
      : null;
    const { user } = setup([{ ...shipped, invoice }]);
    expect(await screen.findByText('УПД № УПД-2026-00012 от 20.02.2026')).toBeTruthy();
    await user.click(section('Документы').getByRole('button', { name: 'Скачать УПД' }));
    await waitFor(() => expect(asked).toEqual(['/files/transfers/70.pdf']));
    cleanup();
    setup([sampleOrder(9)]);
    expect(await screen.findByText('УПД выставим при отгрузке.')).toBeTruthy();
  });

  it('follows the manufacturer: asks again every 15 s while visible and on focus, without a reload', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { fake } = setup([sampleOrder(10, { status: 'in_progress' })]);
    await screen.findByRole('heading', { level: 1, name: 'Заказ ПП-2026-00010' });
    expect(fake.calls.get).toEqual([10]);

    fake.change(10, (order) => ({ ...order, status: 'in_stock', holdReason: null, statusChangedAt: '2026-01-12T10:00:00.000Z' }));
    act(() => vi.advanceTimersByTime(ORDER_REFRESH_MS));
    await waitFor(() => expect(step('in_stock')?.getAttribute('aria-current')).toBe('step'));
    expect(fake.calls.get).toEqual([10, 10]);

    fake.change(10, (order) => ({ ...order, status: 'shipped', trackingNumber: 'CDEK-777' }));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(section('Информация').getByText('CDEK-777')).toBeTruthy());

    // A hidden tab is not asked.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => vi.advanceTimersByTime(ORDER_REFRESH_MS));
    expect(fake.calls.get).toHaveLength(3);
    visibility.mockRestore();
  });

  it('says the order is not found for an unknown or foreign id', async () => {
    setup([sampleOrder(1)], {}, 404);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ не найден' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К заказам' }).getAttribute('href')).toBe('/orders');
  });

  it('tells a refused action in the gateway\'s words', async () => {
    const { user } = setup([sampleOrder(2)], { failures: { reorder: new ApiError(403, 'Недостаточно прав') } });
    await user.click(await screen.findByRole('button', { name: 'Повторить заказ' }));
    await waitFor(() => expect(toastTexts()).toContain('Недостаточно прав'));
    expect(screen.queryByRole('link', { name: 'Перейти в корзину' })).toBeNull();
  });
});

describe('an order awaiting its files', () => {
  const awaiting = (id: number) =>
    sampleOrder(id, {
      status: 'on_check',
      holdReason: 'Ждём файлы для производства: приложите их на странице заказа',
      filesAwaited: true,
      lines: [
        orderLine(11, 'Контроллер'),
        orderLine(12, 'Датчик', { projectId: 4, quantity: 5, unitPrice: 2_200, total: 11_000 }),
      ],
    });
  const zip = (name: string) => new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)])], name, { type: 'application/zip' });

  it('says the files are awaited and takes each line\'s files; the last one sends the order on and the panel goes', async () => {
    const { fake, user } = setup([awaiting(21)]);
    const files = within(await screen.findByRole('region', { name: 'Ждём файлы для производства' }));
    expect(files.getByText(/ждёт их на инженерной проверке/)).toBeTruthy();

    await user.upload(files.getByLabelText('Приложить файлы: Контроллер'), zip('controller.zip'));
    await waitFor(() => expect(toastTexts()).toContain('Файлы приложены к позиции «Контроллер»'));
    expect(fake.calls.attachFiles).toEqual([{ orderId: 21, lineId: 11, names: ['controller.zip'] }]);
    expect(files.queryByLabelText('Приложить файлы: Контроллер')).toBeNull();

    await user.upload(files.getByLabelText('Приложить файлы: Датчик'), zip('sensor.zip'));
    await waitFor(() => expect(toastTexts()).toContain('Файлы получены: инженерная проверка продолжается'));
    expect(screen.queryByRole('region', { name: 'Ждём файлы для производства' })).toBeNull();
  });

  it('shows nothing about files for an order that does not await them', async () => {
    setup([sampleOrder(22)]);
    await screen.findByRole('heading', { level: 1, name: 'Заказ ПП-2026-00022' });
    expect(screen.queryByRole('region', { name: 'Ждём файлы для производства' })).toBeNull();
  });

  it('tells a refusal in the gateway\'s words and keeps the line waiting', async () => {
    const { user } = setup([awaiting(23)], { failures: { attachFiles: new ApiError(400, 'Файлы платы ещё обрабатываются или не прошли проверку') } });
    const files = within(await screen.findByRole('region', { name: 'Ждём файлы для производства' }));
    await user.upload(files.getByLabelText('Приложить файлы: Датчик'), zip('sensor.zip'));
    await waitFor(() => expect(toastTexts()).toContain('Файлы платы ещё обрабатываются или не прошли проверку'));
    expect(files.getByLabelText('Приложить файлы: Датчик')).toBeTruthy();
  });
});

describe('an order held for an engineer\'s review', () => {
  it('marks each line for review with its reason: DFM errors, or layers corrected by hand', async () => {
    setup([
      sampleOrder(23, {
        status: 'on_check',
        holdReason: 'Ждёт проверки инженером',
        lines: [
          orderLine(31, 'Тонкая', { dfmReview: true }),
          orderLine(32, 'Слои вручную', {
            projectId: 4, quantity: 5, unitPrice: 2_200, total: 11_000, dfmReview: true, dfmReviewReason: 'layersCorrected',
          }),
          orderLine(33, 'Чистая', { projectId: 5, quantity: 5, unitPrice: 2_200, total: 11_000 }),
        ],
      }),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Заказ ПП-2026-00023' });
    const row = (title: string) => within(screen.getByRole('rowheader', { name: new RegExp(`^${title}`) }));
    expect(row('Тонкая').getByText('С проверкой инженером')).toBeTruthy();
    expect(row('Слои вручную').getByText('С проверкой инженером: слои исправлены вручную')).toBeTruthy();
    expect(row('Чистая').queryByText(/проверкой инженером/)).toBeNull();
  });

  it('says calmly that it waits for the engineer and how long that usually takes, with no alarm', async () => {
    setup([sampleOrder(24, { status: 'on_check', holdReason: 'Ждёт проверки инженером', holdCode: 'dfmReview', reviewHours: 21, invoice: null })]);
    expect(await screen.findByText('Ждёт проверки инженером, обычно до 21 часа')).toBeTruthy();
    expect(screen.queryByText(/Заказ приостановлен/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(step('on_check')?.classList.contains('order-step--held')).toBe(false);
    expect(step('on_check')?.textContent).toContain('ждёт проверки инженером');
  });

  it('says it in English with the hours from the gateway', async () => {
    await loadLocale('en');
    applyLocale('en');
    undo.push(() => applyLocale('ru'));
    setup([sampleOrder(25, { status: 'on_check', holdReason: "Awaiting an engineer's review", holdCode: 'dfmReview', reviewHours: 48, invoice: null })]);
    expect(await screen.findByText("Awaiting an engineer's review, usually within 48 hours")).toBeTruthy();
    expect(screen.queryByText(/Order on hold/)).toBeNull();
    expect(step('on_check')?.textContent).not.toContain('on hold');
  });

  it('keeps the alarm for an operator\'s hold', async () => {
    setup([sampleOrder(26, { status: 'on_check', holdReason: 'Нет слоя паяльной маски', invoice: null })]);
    expect(within(await screen.findByRole('alert')).getByText('Заказ приостановлен: Нет слоя паяльной маски')).toBeTruthy();
  });
});
