// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceSummary } from '../../src/contract/invoices';
import { provideSignedInFileFetch } from '../../src/services/invoice-files';
import { provideInvoicesCalls } from '../../src/services/invoices';
import { bindSession } from '../../src/services/session';
import { clearToasts, getToasts } from '../../src/services/toasts';
import InvoicesPage from '../../src/views/pages/lists/invoices-page';
import { fakeList, invoice, renderListPage, searched } from './lists-harness';
import { projectsSession } from './projects-harness';
import { catchSavedFiles } from './saved-files';

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
  clearToasts();
  vi.restoreAllMocks();
  document.cookie = 'sort-type-invoices=; max-age=0; path=/';
  document.cookie = 'sort-order-invoices=; max-age=0; path=/';
});

const INVOICES = [
  invoice(1, { paidAt: '2026-02-05T10:00:00.000Z', amount: 1_234.5, vat: 222.6 }),
  invoice(2, { payerName: 'ИП Кузнецов А. В.', payerInn: '500100732259' }),
  invoice(3),
];

function setup(path = '/invoices', items: InvoiceSummary[] = INVOICES) {
  const fake = fakeList(items, (item, query) => {
    const filters = query.filters ?? [];
    if (filters.includes('paid') && item.paidAt === null) return false;
    if (filters.includes('unpaid') && item.paidAt !== null) return false;
    return searched(query, item.number, item.orderNumber, item.payerName, item.payerInn);
  });
  undo.push(provideInvoicesCalls(fake.gateway));
  const { session } = projectsSession();
  undo.push(() => session.stop(), bindSession(session));
  const view = renderListPage(path, session, <InvoicesPage title="Счета" params={{}} />);
  return { fake, ...view, user: userEvent.setup() };
}

const line = (id: number) => {
  const found = document.querySelector<HTMLElement>(`[data-invoice-id="${id}"]`);
  if (!found) throw new Error(`invoice ${id} is not listed`);
  return within(found);
};
const listed = () => [...document.querySelectorAll<HTMLElement>('[data-invoice-id]')].map((item) => Number(item.dataset.invoiceId));

describe('invoices list', () => {
  it('lists every invoice newest first with number, date, order link, payer with INN, amount, VAT and paid state', async () => {
    const { fake } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Счета' })).toBeTruthy();
    await waitFor(() => expect(listed()).toHaveLength(3));
    expect(fake.calls.count).toEqual([{ sort: { code: 'issuedAt', orderBy: 'desc' } }]);

    const paid = line(1);
    expect(paid.getByText('Счёт № СЧ-2026-00001')).toBeTruthy();
    expect(paid.getByText('от 01.02.2026')).toBeTruthy();
    expect(paid.getByRole('link', { name: 'Заказ ПП-2026-00101' }).getAttribute('href')).toBe('/orders/101');
    expect(paid.getByText('ООО «Электронные системы», ИНН 7701234567')).toBeTruthy();
    const sum = document.querySelector('[data-invoice-id="1"] .list-line__sum');
    expect(sum?.textContent).toBe('1\u00a0234,50\u00a0₽в т. ч. НДС 222,60\u00a0₽');
    expect(paid.getByText('Оплачен 05.02.2026')).toBeTruthy();
    expect(line(2).getByText('ИП Кузнецов А. В., ИНН 500100732259')).toBeTruthy();
    expect(line(2).getByText('Не оплачен')).toBeTruthy();
    expect(line(2).getByRole('button', { name: 'Открыть счёт № СЧ-2026-00002' })).toBeTruthy();
    expect(line(2).getByRole('button', { name: 'Скачать счёт № СЧ-2026-00002' })).toBeTruthy();
  });

  it('filters paid and unpaid with the tabs, kept in the query so a reload keeps them', async () => {
    const { fake, user, location } = setup();
    await waitFor(() => expect(listed()).toHaveLength(3));
    await user.click(screen.getByRole('tab', { name: 'Не оплачены' }));
    expect(location.history.at(-1)).toBe('/invoices?status=unpaid');
    await waitFor(() => expect(listed()).toEqual([2, 3]));
    expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'issuedAt', orderBy: 'desc' }, filters: ['unpaid'] });

    await user.click(screen.getByRole('tab', { name: 'Оплачены' }));
    await waitFor(() => expect(listed()).toEqual([1]));
    expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'issuedAt', orderBy: 'desc' }, filters: ['paid'] });

    await user.click(screen.getByRole('tab', { name: 'Все' }));
    expect(location.history.at(-1)).toBe('/invoices');
  });

  it('opens on the tab named in the query and says so when it is empty', async () => {
    setup('/invoices?status=paid', [invoice(2)]);
    expect(screen.getByRole('tab', { name: 'Оплачены' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Оплаченных счетов нет' })).toBeTruthy();
  });

  it('searches by payer INN (one request for the word typed) and sorts by amount, remembering the sort', async () => {
    const { fake, user } = setup();
    await waitFor(() => expect(listed()).toHaveLength(3));
    await user.type(screen.getByLabelText('Поиск счетов'), '5001007');
    await waitFor(() => expect(listed()).toEqual([2]));
    expect(fake.calls.count).toHaveLength(2);
    expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'issuedAt', orderBy: 'desc' }, search: '5001007' });

    await user.selectOptions(screen.getByLabelText('Сортировка'), 'Сначала крупные');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'amount', orderBy: 'desc' }, search: '5001007' }));
    expect(document.cookie).toContain('sort-type-invoices=amount');

    await user.clear(screen.getByLabelText('Поиск счетов'));
    await user.type(screen.getByLabelText('Поиск счетов'), 'нет такого');
    expect(await screen.findByRole('heading', { name: 'Ничего не найдено' })).toBeTruthy();
  });

  it('downloads a PDF with the session token under the invoice number, and tells when it fails', async () => {
    const requested: string[] = [];
    undo.push(provideSignedInFileFetch((url, token) => {
      requested.push(`${url} ${token.length > 0}`);
      return Promise.resolve(url.endsWith('/2.pdf') ? { status: 200, blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) } : { status: 500, blob: null });
    }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup();
    await waitFor(() => expect(listed()).toHaveLength(3));

    await user.click(line(2).getByRole('button', { name: 'Скачать счёт № СЧ-2026-00002' }));
    await waitFor(() => expect(saved).toEqual(['СЧ-2026-00002.pdf']));
    expect(requested).toEqual(['/files/invoices/2.pdf true']);

    await user.click(line(3).getByRole('button', { name: 'Скачать счёт № СЧ-2026-00003' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.text)).toEqual(['Не удалось скачать счёт № СЧ-2026-00003.']));
    expect(saved).toHaveLength(1);
  });

  it('exports what the list shows (tab, search and sort) as CSV or XLSX with the session\'s token', async () => {
    const { requested, saved } = catchSavedFiles(undo);
    const { user } = setup('/invoices?status=unpaid');
    await waitFor(() => expect(listed()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Выгрузить показанные счета в CSV (Excel)' }));
    await user.click(screen.getByRole('button', { name: 'Выгрузить показанные счета в XLSX (Excel)' }));
    await waitFor(() => expect(saved).toEqual(['Счета.csv', 'Счета.xlsx']));
    expect(requested).toEqual(['csv', 'xlsx'].map((format) => `/files/exports/invoices.${format}?filter=unpaid&sort=issuedAt&orderBy=desc`));
  });

  it('offers the УПД of a shipped order\'s invoice only, and saves it named after the invoice', async () => {
    const { requested, saved } = catchSavedFiles(undo, new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    const { user } = setup('/invoices', [invoice(1, { transferPdfUrl: '/files/transfers/1.pdf' }), invoice(2)]);
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(line(2).queryByRole('button', { name: /УПД/ })).toBeNull();
    await user.click(line(1).getByRole('button', { name: 'Скачать УПД к счёту № СЧ-2026-00001' }));
    await waitFor(() => expect(saved).toEqual(['УПД_к_счёту_СЧ-2026-00001.pdf']));
    expect(requested).toEqual(['/files/transfers/1.pdf']);
  });
});
