import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { markInvoicePaid } from '../../server/orders/invoices/issue';
import { makeClient, person, type Person } from './client-fixtures';
import { startGateway } from './helpers';
import { issue, makeOrder, PAYER } from './invoice-fixtures';

/** The invoices list exported as CSV and XLSX, parsed back, with the list's filters and the caller's access. */
let gw: Gateway;
let owner: Person;
let outsider: Person;

beforeAll(async () => {
  gw = await startGateway();
  owner = await person(gw, 'export-owner', 'Эмма', 'Выгрузкина');
  outsider = await person(gw, 'export-outsider', 'Олег', 'Чужой');
  const mine = await makeClient(gw, { name: 'Выгрузка' }, [[owner, 2]]);
  const other = await makeClient(gw, { name: 'Чужие счета' }, [[outsider, 2]]);
  const paid = await makeOrder(gw, { clientId: mine, number: 'ПП-2026-06001', lines: [{ title: 'Плата', quantity: 10, unitPrice: 942.46, total: 9424.62 }] });
  await issue(gw, paid.orderId, new Date('2026-11-21T09:00:00Z'));
  await gw.db.transaction((tx) => markInvoicePaid(tx, paid.orderId, new Date('2026-11-23T21:30:00Z')));
  const unpaid = await makeOrder(gw, { clientId: mine, number: 'ПП-2026-06002', lines: [{ title: 'Плата; «тест»', quantity: 1, unitPrice: 1220 }] });
  await issue(gw, unpaid.orderId, new Date('2026-11-22T09:00:00Z'));
  const foreign = await makeOrder(gw, { clientId: other, number: 'ПП-2026-06003', lines: [{ title: 'Плата', quantity: 1, unitPrice: 100 }] });
  await issue(gw, foreign.orderId, new Date('2026-11-22T10:00:00Z'));
});
afterAll(() => gw.close());

const get = (url: string, who: Person, lang = 'ru') =>
  gw.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}`, 'accept-language': lang } });

describe('the invoices export', () => {
  it('is a CSV Russian Excel opens: BOM, ";" apart, decimal commas, dates as DD.MM.YYYY, the caller\'s invoices only', async () => {
    const answer = await get('/files/exports/invoices.csv?sort=issuedAt&orderBy=asc', owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const bytes = answer.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean).map((line) => line.split(';'));
    expect(lines[0]).toEqual(['Номер', 'Дата', 'Заказ', 'Клиент', 'Плательщик', 'ИНН плательщика', 'Сумма, ₽', 'НДС, ₽', 'Статус', 'Дата оплаты']);
    expect(lines.slice(1).map((line) => line[2])).toEqual(['ПП-2026-06001', 'ПП-2026-06002']);
    // Paid at 21:30 UTC on the 23rd: already the 24th in Moscow, where the books are kept.
    expect(lines[1]?.slice(1)).toEqual(['21.11.2026', 'ПП-2026-06001', 'Выгрузка', PAYER.name, PAYER.inn, '9424,62', '1699,52', 'Оплачен', '24.11.2026']);
    expect(lines[2]?.slice(6)).toEqual(['1220,00', '220,00', 'Не оплачен', '']);
  });

  it('keeps the list\'s tab and search, and names its columns in the caller\'s language', async () => {
    const answer = await get('/files/exports/invoices.csv?filter=unpaid&search=06002', owner, 'en');
    const lines = answer.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean).map((line) => line.split(';'));
    expect(lines[0]?.slice(0, 3)).toEqual(['Number', 'Date', 'Order']);
    expect(lines.slice(1).map((line) => [line[2], line[8]])).toEqual([['ПП-2026-06002', 'Unpaid']]);
  });

  it('is an XLSX workbook of one sheet with numbers as numbers and dates as dates', async () => {
    const answer = await get('/files/exports/invoices.xlsx?filter=paid', owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(strFromU8(files['xl/workbook.xml'] ?? new Uint8Array())).toContain('<sheet name="Счета"');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    const rows = [...sheet.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map((row) => [...(row[2] ?? '').matchAll(/<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/g)]
      .map(([, col, attributes, inner]) => ({ col, attributes, value: /<v>(.*)<\/v>/.exec(inner ?? '')?.[1] ?? /<t[^>]*>(.*)<\/t>/.exec(inner ?? '')?.[1] })));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.map((cell) => cell.value)).toContain('Дата оплаты');
    const cells = Object.fromEntries((rows[1] ?? []).map((cell) => [cell.col, cell]));
    expect(cells.A?.value).toBe(invoiceNumberLike(cells.A?.value));
    // 21.11.2026 and 24.11.2026 as date serials (days since 30.12.1899), styled as dates.
    expect([cells.B?.value, cells.B?.attributes]).toEqual(['46347', ' s="1"']);
    expect([cells.J?.value, cells.J?.attributes]).toEqual(['46350', ' s="1"']);
    expect([cells.G?.value, cells.G?.attributes, cells.H?.value]).toEqual(['9424.62', ' s="2"', '1699.52']);
    expect(cells.C?.value).toBe('ПП-2026-06001');
  });

  it('answers 400 naming the field for a filter the list does not have, and 401 without a session', async () => {
    const answer = await get('/files/exports/invoices.csv?filter=everything', owner);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'filter' });
    expect((await gw.app.inject({ method: 'GET', url: '/files/exports/invoices.csv' })).statusCode).toBe(401);
    expect((await get('/files/exports/invoices.pdf', owner)).statusCode).toBe(404);
  });
});

describe('the orders export', () => {
  it('lists the caller\'s orders with client, payer, sum, VAT, status, invoice and paid date, filters as the list\'s', async () => {
    const answer = await get('/files/exports/orders.csv?sort=number&orderBy=asc', owner);
    expect(answer.statusCode).toBe(200);
    const lines = answer.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean).map((line) => line.split(';'));
    expect(lines[0]).toEqual(['Номер', 'Дата', 'Клиент', 'Плательщик', 'Сумма, ₽', 'НДС, ₽', 'Статус', 'Счёт', 'Дата оплаты']);
    expect(lines.slice(1).map((line) => [line[0], line[2], line[4], line[5], line[6], line[8]])).toEqual([
      ['ПП-2026-06001', 'Выгрузка', '9424,62', '1699,52', 'Оформление', '24.11.2026'],
      ['ПП-2026-06002', 'Выгрузка', '1220,00', '220,00', 'Оформление', ''],
    ]);
    expect(lines[1]?.[7]).toMatch(/^СЧ-2026-\d{5}$/);
    const held = await get('/files/exports/orders.xlsx?filter=on_check&filter=held', owner);
    const sheet = strFromU8(unzipSync(new Uint8Array(held.rawPayload))['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect([...sheet.matchAll(/<row /g)]).toHaveLength(1);
    const bad = await get('/files/exports/orders.csv?filter=lost', owner);
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'filter']);
  });
});

/** An invoice number of the yearly series, or a value that fails the test. */
function invoiceNumberLike(value: string | undefined): string {
  return /^СЧ-2026-\d{5}$/.test(value ?? '') ? value ?? '' : 'not an invoice number';
}
