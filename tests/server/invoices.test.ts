import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicesList, invoicesListCount, type InvoiceSummary } from '../../src/contract/invoices';
import type { Gateway } from '../../server/app';
import { invoices } from '../../server/orders/invoices/schema';
import { projectVersions } from '../../server/projects/schema';
import { markInvoicePaid } from '../../server/orders/invoices/issue';
import { makeClient, person, type Person } from './client-fixtures';
import { post, startGateway } from './helpers';
import { issue, makeOrder, PAYER } from './invoice-fixtures';
import { makeProject, makeUpload, storeUploadFiles } from './project-fixtures';

/**
 * The invoices list of every client the user is a member of, the invoice PDF and the files of an order
 * line under /files/ — members of the client only; anyone else gets the 404 of a missing file.
 */
let gw: Gateway;
const people = {} as Record<'owner' | 'buyer' | 'outsider' | 'both', Person>;
const ids = { clientA: 0, clientB: 0, invoiceA: 0, invoiceB: 0, orderA: 0, lineWithFiles: 0, lineWithoutFiles: 0, orderB: 0, lineB: 0 };
const GERBER = '%FSLAX26Y26*%\n%MOMM*%\nD10*\nM02*\n';

const OTHER_PAYER = { ...PAYER, name: 'ИП Соколова Мария Игоревна', inn: '500100732259', kpp: null, ogrn: '304500116000157' };

async function invoiceIdOf(orderId: number): Promise<number> {
  const [row] = await gw.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new Error('no invoice');
  return row.id;
}

beforeAll(async () => {
  gw = await startGateway();
  people.owner = await person(gw, 'inv-owner', 'Ольга', 'Счетова');
  people.buyer = await person(gw, 'inv-buyer', 'Борис', 'Закупкин');
  people.outsider = await person(gw, 'inv-outsider', 'Фёдор', 'Сторонний');
  people.both = await person(gw, 'inv-both', 'Дарья', 'Двойная');
  ids.clientA = await makeClient(gw, { name: 'Счета А' }, [[people.owner, 1], [people.buyer, 5], [people.both, 4]]);
  ids.clientB = await makeClient(gw, { name: 'Счета Б' }, [[people.outsider, 1], [people.both, 5]]);

  const upload = await makeUpload(gw, { clientId: ids.clientA, userId: people.owner.id });
  await storeUploadFiles(gw, upload, [
    { name: 'board-top.gbr', content: GERBER },
    { name: 'drill/board.drl', content: 'M48\nT1C0.3\n%\nT1\nX1Y1\nM30\n' },
  ]);
  const projectId = await makeProject(gw, { clientId: ids.clientA, ownerUserId: people.owner.id, title: 'Контроллер', uploadId: upload });
  const [version] = await gw.db.select({ id: projectVersions.id }).from(projectVersions).where(eq(projectVersions.projectId, projectId));

  const a = await makeOrder(gw, {
    clientId: ids.clientA, number: 'ПП-2026-00701',
    lines: [{ title: 'Контроллер', quantity: 5, unitPrice: 2490.1, versionId: version?.id ?? null }, { title: 'Трафарет', quantity: 1, unitPrice: 3000 }],
  });
  ids.orderA = a.orderId;
  [ids.lineWithFiles = 0, ids.lineWithoutFiles = 0] = a.lineIds;
  await issue(gw, a.orderId, new Date('2026-11-21T09:00:00Z'));
  ids.invoiceA = await invoiceIdOf(a.orderId);

  // More invoices of A for the list: dates, amounts, payers and payment differ.
  const more: Array<[string, number, string, boolean, typeof PAYER]> = [
    ['ПП-2026-00702', 500, '2026-11-22T09:00:00Z', true, PAYER],
    ['ПП-2026-00703', 99_000, '2026-11-23T09:00:00Z', false, OTHER_PAYER],
    ['ПП-2026-00704', 1_500, '2026-11-23T09:00:00Z', true, OTHER_PAYER],
    ['ПП-2026-00705', 7_777, '2026-11-24T09:00:00Z', false, PAYER],
  ].map(([number, price, at, paid, payer]) => [String(number), Number(price), String(at), Boolean(paid), payer as typeof PAYER]);
  for (const [number, price, at, paid, payer] of more) {
    const { orderId } = await makeOrder(gw, { clientId: ids.clientA, number, payer, lines: [{ title: 'Плата', quantity: 1, unitPrice: price }] });
    await issue(gw, orderId, new Date(at));
    if (paid) await gw.db.transaction((tx) => markInvoicePaid(tx, orderId, new Date('2026-11-25T09:00:00Z')));
  }

  const b = await makeOrder(gw, { clientId: ids.clientB, number: 'ПП-2026-00801', lines: [{ title: 'Чужая плата', quantity: 2, unitPrice: 100 }] });
  ids.orderB = b.orderId;
  ids.lineB = b.lineIds[0] ?? 0;
  await issue(gw, b.orderId, new Date('2026-11-20T09:00:00Z'));
  ids.invoiceB = await invoiceIdOf(b.orderId);
});
afterAll(() => gw.close());

const download = (url: string, token?: string) =>
  gw.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /files/invoices/<id>.pdf', () => {
  it('gives a member of the client the PDF, inline, named in Russian with an ASCII fallback, never cached', async () => {
    for (const who of [people.owner, people.buyer, people.both]) {
      const answer = await download(`/files/invoices/${ids.invoiceA}.pdf`, who.token);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      const disposition = String(answer.headers['content-disposition']);
      expect(disposition).toMatch(/^inline; filename="invoice-2026-\d{5}\.pdf"; filename\*=UTF-8''/);
      const encoded = disposition.split("filename*=UTF-8''")[1] ?? '';
      expect(decodeURIComponent(encoded)).toMatch(/^Счёт СЧ-2026-\d{5}\.pdf$/);
    }
  });

  it('answers 404 to a member of another client, for an unknown id and for a malformed name', async () => {
    const cases: Array<[string, string]> = [
      [`/files/invoices/${ids.invoiceA}.pdf`, people.outsider.token],
      [`/files/invoices/${ids.invoiceB}.pdf`, people.owner.token],
      ['/files/invoices/999999.pdf', people.owner.token],
      ['/files/invoices/99999999999.pdf', people.owner.token],
      [`/files/invoices/${ids.invoiceA}.zip`, people.owner.token],
      [`/files/invoices/${ids.invoiceA}`, people.owner.token],
      ['/files/invoices/abc.pdf', people.owner.token],
    ];
    for (const [url, token] of cases) {
      const answer = await download(url, token);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).not.toContain('ПП-2026');
    }
  });

  it('answers 401 without a valid session, before looking at the id', async () => {
    expect((await download(`/files/invoices/${ids.invoiceA}.pdf`)).statusCode).toBe(401);
    expect((await download('/files/invoices/999999.pdf')).statusCode).toBe(401);
    expect((await download(`/files/invoices/${ids.invoiceA}.pdf`, 'not-a-token')).statusCode).toBe(401);
  });
});

describe('GET /files/orders/<orderId>/lines/<lineId>.zip', () => {
  it('zips the files of the ordered project version for a member of the client', async () => {
    const answer = await download(`/files/orders/${ids.orderA}/lines/${ids.lineWithFiles}.zip`, people.buyer.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(answer.headers['content-disposition']);
    expect(disposition).toContain(`filename="order-2026-00701-line-${ids.lineWithFiles}.zip"`);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe('ПП-2026-00701 Контроллер.zip');
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['board-top.gbr', 'drill/board.drl']);
    expect(Buffer.from(files['board-top.gbr'] ?? new Uint8Array()).toString()).toBe(GERBER);
  });

  it('answers 404 for a line without files, a line of another order, another client\'s line and unknown ids', async () => {
    const cases: Array<[string, string]> = [
      [`/files/orders/${ids.orderA}/lines/${ids.lineWithoutFiles}.zip`, people.owner.token],
      [`/files/orders/${ids.orderB}/lines/${ids.lineWithFiles}.zip`, people.both.token],
      [`/files/orders/${ids.orderA}/lines/${ids.lineWithFiles}.zip`, people.outsider.token],
      [`/files/orders/${ids.orderB}/lines/${ids.lineB}.zip`, people.owner.token],
      [`/files/orders/${ids.orderA}/lines/999999.zip`, people.owner.token],
      [`/files/orders/abc/lines/${ids.lineWithFiles}.zip`, people.owner.token],
      [`/files/orders/${ids.orderA}/lines/${ids.lineWithFiles}.pdf`, people.owner.token],
    ];
    for (const [url, token] of cases) expect((await download(url, token)).statusCode, url).toBe(404);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await download(`/files/orders/${ids.orderA}/lines/${ids.lineWithFiles}.zip`)).statusCode).toBe(401);
  });
});

type Form = { search?: string; filters?: string[]; sort?: { code: string; orderBy: 'asc' | 'desc' } };
const list = async (who: Person, form: Form = {}, page = 1, itemsOnPage = 20) => {
  const answer = await post(gw, invoicesList.path, { pagination: { page, itemsOnPage }, ...form }, { token: who.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as InvoiceSummary[];
};
const countOf = async (who: Person, form: Form = {}) => {
  const answer = await post(gw, invoicesListCount.path, form, { token: who.token });
  expect(answer.status).toBe(200);
  return answer.json.count;
};
const orderNumbers = (rows: InvoiceSummary[]) => rows.map((row) => row.orderNumber);

describe('the invoices list', () => {
  it('lists the invoices of the user\'s clients, newest first, with what the list line shows', async () => {
    const rows = await list(people.owner);
    expect(orderNumbers(rows)).toEqual(['ПП-2026-00705', 'ПП-2026-00704', 'ПП-2026-00703', 'ПП-2026-00702', 'ПП-2026-00701']);
    const first = rows.find((row) => row.id === ids.invoiceA);
    expect(first).toMatchObject({
      orderId: ids.orderA, orderNumber: 'ПП-2026-00701', clientId: ids.clientA, clientName: 'Счета А', payerName: PAYER.name,
      payerInn: PAYER.inn, amount: 15450.5, vat: 2786.15, issuedAt: '2026-11-21T09:00:00.000Z', paidAt: null,
      pdfUrl: `/files/invoices/${ids.invoiceA}.pdf`,
    });
    expect(first?.number).toMatch(/^СЧ-2026-\d{5}$/);
    expect(rows.find((row) => row.orderNumber === 'ПП-2026-00702')?.paidAt).toBe('2026-11-25T09:00:00.000Z');
    expect(await countOf(people.owner)).toBe(5);
  });

  it('shows a member of two clients both, and a member of another client only that client\'s', async () => {
    expect(orderNumbers(await list(people.both))).toContain('ПП-2026-00801');
    expect(await countOf(people.both)).toBe(6);
    expect(orderNumbers(await list(people.outsider))).toEqual(['ПП-2026-00801']);
    expect(await countOf(people.outsider)).toBe(1);
  });

  it('filters paid and unpaid (both mean every invoice)', async () => {
    expect(orderNumbers(await list(people.owner, { filters: ['paid'] }))).toEqual(['ПП-2026-00704', 'ПП-2026-00702']);
    expect(orderNumbers(await list(people.owner, { filters: ['unpaid'] }))).toEqual(['ПП-2026-00705', 'ПП-2026-00703', 'ПП-2026-00701']);
    expect(await countOf(people.owner, { filters: ['paid'] })).toBe(2);
    expect(await countOf(people.owner, { filters: ['unpaid'] })).toBe(3);
    expect(await countOf(people.owner, { filters: ['paid', 'unpaid'] })).toBe(5);
  });

  it('searches the invoice number, the order number, the payer\'s name and INN, case-insensitively and literally', async () => {
    const [invoiceA] = await gw.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, ids.invoiceA));
    const cases: Array<[string, string[]]> = [
      [invoiceA?.number.toLowerCase() ?? '', ['ПП-2026-00701']],
      ['00703', ['ПП-2026-00703']],
      ['соколова', ['ПП-2026-00704', 'ПП-2026-00703']],
      ['500100732259', ['ПП-2026-00704', 'ПП-2026-00703']],
      ['7707083893', ['ПП-2026-00705', 'ПП-2026-00702', 'ПП-2026-00701']],
      ['%', []],
      ['ПП-2026-00801', []],
      // Upper- or lower-case, numbers and names alike; caseless parts (digits, dashes, spaces, quotes) as they are.
      ['пп-2026-00703', ['ПП-2026-00703']],
      ['-2026-007', ['ПП-2026-00705', 'ПП-2026-00704', 'ПП-2026-00703', 'ПП-2026-00702', 'ПП-2026-00701']],
      ['ип соколова', ['ПП-2026-00704', 'ПП-2026-00703']],
      ['«РОМАШКА-электро»', ['ПП-2026-00705', 'ПП-2026-00702', 'ПП-2026-00701']],
      ['«ромашка» ', []],
      ['0708389', ['ПП-2026-00705', 'ПП-2026-00702', 'ПП-2026-00701']],
    ];
    for (const [search, expected] of cases) {
      expect(orderNumbers(await list(people.owner, { search })), search).toEqual(expected);
      expect(await countOf(people.owner, { search }), search).toBe(expected.length);
    }
    expect(orderNumbers(await list(people.owner, { search: 'соколова', filters: ['paid'] }))).toEqual(['ПП-2026-00704']);
  });

  it('sorts by date, number and amount either way, ties broken by id', async () => {
    const byDateAsc = orderNumbers(await list(people.owner, { sort: { code: 'issuedAt', orderBy: 'asc' } }));
    expect(byDateAsc).toEqual(['ПП-2026-00701', 'ПП-2026-00702', 'ПП-2026-00703', 'ПП-2026-00704', 'ПП-2026-00705']);
    const byNumber = await list(people.owner, { sort: { code: 'number', orderBy: 'desc' } });
    expect(byNumber.map((row) => row.number)).toEqual(byNumber.map((row) => row.number).sort().reverse());
    const byAmount = orderNumbers(await list(people.owner, { sort: { code: 'amount', orderBy: 'desc' } }));
    expect(byAmount).toEqual(['ПП-2026-00703', 'ПП-2026-00701', 'ПП-2026-00705', 'ПП-2026-00704', 'ПП-2026-00702']);
  });

  it('pages without overlaps or gaps, also through invoices issued at the same moment', async () => {
    for (const sort of [undefined, { code: 'issuedAt', orderBy: 'asc' as const }, { code: 'amount', orderBy: 'asc' as const }]) {
      const form = sort ? { sort } : {};
      const whole = (await list(people.both, form)).map((row) => row.id);
      const paged: number[] = [];
      for (let page = 1; page <= 3; page += 1) paged.push(...(await list(people.both, form, page, 2)).map((row) => row.id));
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(6);
    }
  });

  it('refuses a page beyond the 100 000th invoice with 400 naming pagination.page', async () => {
    const answer = await post(gw, invoicesList.path, { pagination: { page: 5001, itemsOnPage: 20 } }, { token: people.owner.token });
    expect(answer.status).toBe(400);
    expect(answer.json.field).toBe('pagination.page');
    expect((await post(gw, invoicesList.path, { pagination: { page: 5000, itemsOnPage: 20 } }, { token: people.owner.token })).status).toBe(200);
  });

  it('refuses anonymous callers and unknown filter or sort codes', async () => {
    expect((await post(gw, invoicesList.path, { pagination: { page: 1, itemsOnPage: 20 } })).status).toBe(401);
    expect((await post(gw, invoicesListCount.path, {})).status).toBe(401);
    const badFilter = await post(gw, invoicesListCount.path, { filters: ['overdue'] }, { token: people.owner.token });
    expect(badFilter.status).toBe(400);
    const badSort = await post(
      gw,
      invoicesList.path,
      { pagination: { page: 1, itemsOnPage: 20 }, sort: { code: 'payer', orderBy: 'asc' } },
      { token: people.owner.token },
    );
    expect(badSort.status).toBe(400);
  });
});
