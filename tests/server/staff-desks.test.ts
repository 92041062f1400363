import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cart from '../../src/contract/cart';
import type { DfmPlace } from '../../src/contract/dfm';
import * as ordersContract from '../../src/contract/orders';
import { addProjectToCart } from '../../src/contract/projects';
import * as desks from '../../src/contract/staff-orders';
import type { Gateway } from '../../server/app';
import { boardUploads } from '../../server/board-jobs/schema';
import { staffAudit } from '../../server/audit/schema';
import { endpointOf, lineOf, orderingData, pricedProject, type OrderingData } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, createClock, login, startGateway } from './helpers';
import { makeUpload, storeUploadFiles } from './project-fixtures';
import { enrolledStaff, OPERATOR_KEY, operatorCall, staffCall, type StaffPerson } from './staff-fixtures';

// The engineering check and the order desk on the gateway. A board with a DFM error is ordered for an
// engineer's review; engineers find it in the queue, claim it, ask the customer, release it; a manager moves it on.

const clock = createClock(new Date('2026-11-02T09:00:00Z'));
let gw: Gateway;
let owner: Person;
let stranger: Person;
let viewer: Person;
let data: OrderingData;
let warehouse = 0;
let clientId = 0;
let admin: StaffPerson;
let anna: StaffPerson;
let boris: StaffPerson;
let manager: StaffPerson;

const THIN: DfmPlace[] = [{ rule: 'trackWidth', fileId: 'f1', valueMm: 0.08, at: { x: 10, y: 15 } }];

async function uploadWith(places: DfmPlace[], patch: Record<string, unknown> = {}): Promise<string> {
  const uploadId = await makeUpload(gw, { clientId, userId: owner.id });
  await storeUploadFiles(gw, uploadId, [{ name: 'board.GTL', content: 'G04 top*\nM02*\n' }]);
  const [row] = await gw.db.select({ analysis: boardUploads.analysis }).from(boardUploads).where(eq(boardUploads.id, uploadId));
  if (!row?.analysis) throw new Error('upload without analysis');
  await gw.db.update(boardUploads).set({ analysis: { ...row.analysis, dfm: { places, moreByRule: [], pictureBoxMm: null }, ...patch } })
    .where(eq(boardUploads.id, uploadId));
  return uploadId;
}

/** An order of one board with DFM errors, placed 'с проверкой инженером'. */
async function orderForReview(title: string, patch: Record<string, unknown> = {}): Promise<number> {
  const uploadId = await uploadWith(THIN, patch);
  const projectId = await pricedProject(gw, { clientId, ownerUserId: owner.id, title, uploadId });
  expect((await call(gw, 'POST', addProjectToCart.path, { token: owner.token, body: { projectId, dfmReview: true } })).status).toBe(200);
  const placed = await call(gw, 'POST', cart.checkout.path, {
    token: owner.token,
    body: {
      idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
      delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '', lineIds: [await lineOf(gw, owner.id, projectId)],
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return (placed.body as cart.PlacedOrder).orderId;
}

const download = (url: string, token?: string) =>
  gw.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const staffGet = (path: string, token: string) => call(gw, 'GET', path, { token });
const queue = async (token = anna.token) =>
  ((await staffCall(gw, desks.staffCheckQueue.path, {}, token)).body as { items: desks.CheckQueueItem[] }).items;
const customerOrder = async (id: number) =>
  (await call(gw, 'GET', `${ordersContract.getOrder.path}?id=${id}`, { token: owner.token })).body as ordersContract.Order;
const auditOf = async (orderId: number) => (await gw.db.select().from(staffAudit).where(eq(staffAudit.targetId, String(orderId))))
  .filter((row) => row.targetType === 'order').map((row) => ({ action: row.action, by: row.actorStaffId, before: row.before, after: row.after }));

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, operatorKey: OPERATOR_KEY });
  owner = await person(gw, 'desk-owner', 'Ольга', 'Заказчикова');
  stranger = await person(gw, 'desk-stranger', 'Семён', 'Чужой');
  viewer = await person(gw, 'desk-viewer', 'Вера', 'Смотрящая');
  clientId = await makeClient(gw, { name: 'Приборы Севера' }, [[owner, 1], [viewer, 4]]);
  await makeClient(gw, { name: 'Чужая фирма' }, [[stranger, 1]]);
  data = await orderingData(gw, clientId, 'Север');
  warehouse = (await endpointOf(gw, 'warehouse')).id;
  admin = await enrolledStaff(gw, clock, 'admin@fab.example', 'admin', 'cli', 'Админ Главный');
  anna = await enrolledStaff(gw, clock, 'anna@fab.example', 'engineer', admin.token, 'Анна Инженерова');
  boris = await enrolledStaff(gw, clock, 'boris@fab.example', 'engineer', admin.token, 'Борис Технологов');
  manager = await enrolledStaff(gw, clock, 'manager@fab.example', 'manager', admin.token, 'Мария Менеджерова');
});
afterAll(async () => { await gw.close(); });

describe('the engineering queue', () => {
  it('lists orders held at the check, the longest waiting first, with why they wait', async () => {
    const first = await orderForReview('Старая плата');
    clock.advance(3600);
    owner.token = await login(gw, owner.email, 'password-123');
    stranger.token = await login(gw, stranger.email, 'password-123');
    const cutShort = await orderForReview('Недомеренная плата', { dfmStatus: 'failed' });
    const items = await queue();
    const mine = items.filter((item) => item.orderId === first || item.orderId === cutShort);
    expect(mine.map((item) => [item.orderId, item.reason, item.clientName, item.firstLineTitle])).toEqual([
      [first, 'dfmReview', 'Приборы Севера', 'Старая плата'],
      [cutShort, 'dfmCutShort', 'Приборы Севера', 'Недомеренная плата'],
    ]);
    const [older, newer] = mine;
    expect(Date.parse(newer?.waitingSince ?? '') - Date.parse(older?.waitingSince ?? '')).toBe(3_600_000);
    expect(older?.claim).toBeNull();
  });
});

describe('one order through the check and the desk', () => {
  let orderId = 0;
  let lineId = 0;
  beforeAll(async () => {
    orderId = await orderForReview('Контроллер насоса');
    lineId = (await customerOrder(orderId)).lines[0]?.id ?? 0;
  });

  it('opens for an engineer with its board: parameters, analysis with the DFM places, files and pictures', async () => {
    const opened = await staffGet(`${desks.staffOrderGet.path}?orderId=${orderId}`, anna.token);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const view = opened.body as desks.StaffOrder;
    expect(view.checkReason).toBe('dfmReview');
    expect(view.order.lines[0]?.filesUrl).toBeTruthy();
    expect(view.boards).toHaveLength(1);
    expect(view.boards[0]?.analysis?.dfm?.places).toEqual(THIN);
    expect(view.boards[0]?.params?.board).toBeTruthy();
    // The line's files and the board's pictures open with the staff token; another client's member gets nothing.
    const filesUrl = view.order.lines[0]?.filesUrl ?? '';
    const zip = await download(filesUrl, anna.token);
    expect([zip.statusCode, zip.headers['content-type']]).toEqual([200, 'application/zip']);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await download(filesUrl, stranger.token)).statusCode).toBe(404);
    expect((await download(filesUrl)).statusCode).toBe(401);
    expect((await download(filesUrl, 'staff_' + 'x'.repeat(43))).statusCode).toBe(401);
  });

  it('is claimed by one engineer; another is told who has it and takes it over only knowingly', async () => {
    const claimed = await staffCall(gw, desks.staffCheckClaim.path, { orderId }, anna.token);
    expect(claimed.json).toMatchObject({ staffId: anna.id, name: 'Анна Инженерова' });
    const refused = await staffCall(gw, desks.staffCheckClaim.path, { orderId }, boris.token);
    expect([refused.status, refused.json.code]).toEqual([409, 'claimed']);
    expect(String(refused.json.error)).toContain('Анна Инженерова');
    expect((await queue(boris.token)).find((item) => item.orderId === orderId)?.claim?.name).toBe('Анна Инженерова');
    const taken = await staffCall(gw, desks.staffCheckClaim.path, { orderId, takeOver: true }, boris.token);
    expect(taken.json).toMatchObject({ staffId: boris.id });
    expect((await staffCall(gw, desks.staffCheckClaim.path, { orderId, takeOver: true }, anna.token)).status).toBe(200);
    expect((await auditOf(orderId)).filter((row) => row.action === 'order.claim').map((row) => [row.by, row.before, row.after])).toEqual([
      [anna.id, null, { claimedBy: anna.id }], [boris.id, { claimedBy: anna.id }, { claimedBy: boris.id }],
      [anna.id, { claimedBy: boris.id }, { claimedBy: anna.id }],
    ]);
  });

  it('asks the customer for new files with a message the customer reads on the order', async () => {
    const message = 'Дорожка 0,08 мм у разъёма J3 тоньше допустимой: пришлите исправленные файлы';
    clock.advance(60);
    const asked = await staffCall(gw, desks.staffCheckAsk.path, { orderId, kind: 'files', message, lineIds: [lineId] }, anna.token);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const seen = await customerOrder(orderId);
    expect(seen).toMatchObject({ status: 'on_check', holdCode: 'engineerRequest', holdReason: message, filesAwaited: true });
    expect(seen.requests).toEqual([expect.objectContaining({
      kind: 'files', message, lineIds: [lineId], authorName: 'Анна Инженерова', answeredAt: null,
    })]);
    expect((await queue()).find((item) => item.orderId === orderId)?.reason).toBe('answerAwaited');
    // A decision answer does not stand for files.
    const requestId = seen.requests?.[0]?.id ?? 0;
    const wrong = await call(gw, 'POST', ordersContract.answerEngineerRequest.path, {
      token: owner.token,
      body: { orderId, requestId, answer: 'Так и делайте' },
    });
    expect([wrong.status, wrong.json.code]).toEqual([409, 'wantsFiles']);
  });

  it('goes back to the engineer, not on, once the customer attaches the files asked for', async () => {
    const uploadId = await uploadWith([]);
    const attached = await call(gw, 'POST', ordersContract.attachOrderFiles.path, { token: owner.token, body: { orderId, lineId, uploadId } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const seen = await customerOrder(orderId);
    expect(seen).toMatchObject({ status: 'on_check', holdCode: 'dfmReview', filesAwaited: false });
    expect(seen.requests?.[0]?.answeredAt).toBeTruthy();
    expect((await queue()).find((item) => item.orderId === orderId)?.reason).toBe('dfmReview');
  });

  it('is released by the engineer, and a manager cannot lift the check for them', async () => {
    const early = await staffCall(gw, desks.staffOrdersMove.path, { orderId, action: 'release' }, manager.token);
    expect([early.status, early.json.code]).toEqual([409, 'engineersHold']);
    const released = await staffCall(gw, desks.staffCheckRelease.path, { orderId }, anna.token);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((await customerOrder(orderId))).toMatchObject({ status: 'on_check', holdReason: null });
    expect((await queue()).some((item) => item.orderId === orderId)).toBe(false);
  });

  it('is approved, paid, made and shipped by a manager with carrier and tracking; the customer follows each step', async () => {
    const seen: string[] = [];
    for (const move of [{ action: 'approve' }, { action: 'pay' }, { action: 'finish' }, { action: 'ship', carrier: 'СДЭК', trackingNumber: '1234567890' }]) {
      const answer = await staffCall(gw, desks.staffOrdersMove.path, { orderId, ...move }, manager.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      seen.push((await customerOrder(orderId)).status);
    }
    expect(seen).toEqual(['waiting_for_payment', 'in_progress', 'in_stock', 'shipped']);
    const shipped = await customerOrder(orderId);
    expect(shipped.trackingNumber).toBe('СДЭК 1234567890');
    expect(shipped.invoice?.paidAt).toBeTruthy();
    expect((await auditOf(orderId)).map((row) => row.action)).toEqual([
      'order.claim', 'order.claim', 'order.claim', 'order.ask', 'order.release', 'order.move', 'order.move', 'order.move', 'order.move',
    ]);
    const moves = (await auditOf(orderId)).filter((row) => row.action === 'order.move');
    expect(moves.every((row) => row.by === manager.id)).toBe(true);
    expect(moves.at(-1)?.before).toMatchObject({ status: 'in_stock' });
    expect(moves.at(-1)?.after).toMatchObject({ status: 'shipped', trackingNumber: 'СДЭК 1234567890' });
  });
});

describe('a decision asked of the customer', () => {
  it('is answered on the order once; the order goes back to the engineer who asked', async () => {
    const orderId = await orderForReview('Плата с вопросом');
    await staffCall(gw, desks.staffCheckAsk.path, { orderId, kind: 'decision', message: 'Можно заменить маску на зелёную?' }, boris.token);
    const requestId = (await customerOrder(orderId)).requests?.[0]?.id ?? 0;
    const outsider = await call(gw, 'POST', ordersContract.answerEngineerRequest.path, { token: stranger.token, body: { orderId, requestId, answer: 'Да' } });
    expect(outsider.status).toBe(404);
    const empty = await call(gw, 'POST', ordersContract.answerEngineerRequest.path, { token: owner.token, body: { orderId, requestId, answer: '' } });
    expect([empty.status, empty.json.field]).toEqual([400, 'answer']);
    const answered = await call(gw, 'POST', ordersContract.answerEngineerRequest.path, {
      token: owner.token,
      body: { orderId, requestId, answer: 'Да, можно' },
    });
    expect(answered.status).toBe(200);
    expect((answered.body as ordersContract.Order).requests?.[0]).toMatchObject({ answer: 'Да, можно', kind: 'decision' });
    expect((answered.body as ordersContract.Order).holdCode).toBe('dfmReview');
    const again = await call(gw, 'POST', ordersContract.answerEngineerRequest.path, { token: owner.token, body: { orderId, requestId, answer: 'Нет' } });
    expect([again.status, again.json.code]).toEqual([409, 'answered']);
    const item = (await queue()).find((one) => one.orderId === orderId);
    expect(item).toMatchObject({ reason: 'dfmReview', claim: { name: 'Борис Технологов' } });
  });

  it('ends with a cancellation at the check whose reason the customer reads', async () => {
    const orderId = await orderForReview('Плата на отмену');
    const cancelled = await staffCall(gw, desks.staffCheckCancel.path, { orderId, reason: 'Плату с такими зазорами изготовить нельзя' }, anna.token);
    expect(cancelled.status).toBe(200);
    const seen = await customerOrder(orderId);
    expect(seen.status).toBe('canceled');
    expect(seen.history.at(-1)?.note).toBe('Плату с такими зазорами изготовить нельзя');
    const late = await staffCall(gw, desks.staffCheckRelease.path, { orderId }, anna.token);
    expect([late.status, late.json.code]).toEqual([409, 'notAtCheck']);
  });
});

describe('corrected parameters', () => {
  const correct = (orderId: number, params: unknown, lineId: number, token = anna.token) =>
    staffCall(gw, desks.staffCheckCorrect.path, { orderId, message: 'Нужна плата 2,0 мм: разъём толще', lines: [{ lineId, params }] }, token);
  const accept = (orderId: number, requestId: number, yes: boolean, token = owner.token) =>
    call(gw, 'POST', ordersContract.acceptEngineerCorrection.path, { token, body: { orderId, requestId, accept: yes } });

  it('are priced as the customer\'s own price call prices them and, once accepted, are what the order charges', async () => {
    const orderId = await orderForReview('Плата на 2 мм');
    const before = await customerOrder(orderId);
    const line = before.lines[0];
    const view = (await staffGet(`${desks.staffOrderGet.path}?orderId=${orderId}`, anna.token)).body as desks.StaffOrder;
    const params = view.boards[0]?.params;
    if (!line || !params) throw new Error('no line');
    const thicker = { ...params, board: { ...params.board, thicknessMm: 2 } };
    const sent = await correct(orderId, thicker, line.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The peer: what the customer's own price call says these parameters cost for the line's quantity.
    const peer = (
      await call(gw, 'POST', '/catalog-viewer/v2/projects/Price', { token: owner.token, body: { params: { ...thicker, quantity: line.quantity } } })
    ).json;
    const held = await customerOrder(orderId);
    const request = held.requests?.at(-1);
    expect(held).toMatchObject({ holdCode: 'engineerRequest', total: before.total });
    expect(request?.kind).toBe('correction');
    expect(request?.corrections?.[0]).toMatchObject({
      lineId: line.id, before: { total: line.total, unitPrice: line.unitPrice }, after: { total: peer.total, unitPrice: peer.perUnit },
    });
    expect(peer.total).not.toBe(line.total);
    // Accepting changes money: a member who may not order is refused, as the customer's other ordering calls do.
    viewer.token = await login(gw, viewer.email, 'password-123');
    expect((await accept(orderId, request?.id ?? 0, true, viewer.token)).status).toBe(403);
    const accepted = await accept(orderId, request?.id ?? 0, true);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const after = accepted.body as ordersContract.Order;
    expect(after).toMatchObject({ status: 'on_check', holdReason: null, total: peer.total });
    expect(after.lines[0]).toMatchObject({ total: peer.total, unitPrice: peer.perUnit });
    expect((await queue()).some((item) => item.orderId === orderId)).toBe(false);
    expect((await accept(orderId, request?.id ?? 0, true)).json.code).toBe('answered');
    const approved = await staffCall(gw, desks.staffOrdersMove.path, { orderId, action: 'approve' }, manager.token);
    expect((approved.json.order as ordersContract.Order).invoice?.amount).toBe(peer.total);
  });

  it('declined, bring the order back to the engineer with nothing charged differently', async () => {
    const orderId = await orderForReview('Плата без поправки');
    const before = await customerOrder(orderId);
    const line = before.lines[0];
    const params = ((await staffGet(`${desks.staffOrderGet.path}?orderId=${orderId}`, anna.token)).body as desks.StaffOrder).boards[0]?.params;
    if (!line || !params) throw new Error('no line');
    await correct(orderId, { ...params, board: { ...params.board, thicknessMm: 2 } }, line.id);
    const requestId = (await customerOrder(orderId)).requests?.at(-1)?.id ?? 0;
    const declined = await accept(orderId, requestId, false);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ holdCode: 'dfmReview', total: before.total });
    expect((declined.body as ordersContract.Order).requests?.at(-1)?.answer).toBe('declined');
    expect((await queue()).find((item) => item.orderId === orderId)?.reason).toBe('dfmReview');
  });

  it('refuse parameters below what the files measure, a changed product type and another order\'s line, naming the field', async () => {
    const orderId = await orderForReview('Плата с ошибкой поправки');
    const line = (await customerOrder(orderId)).lines[0];
    const params = ((await staffGet(`${desks.staffOrderGet.path}?orderId=${orderId}`, anna.token)).body as desks.StaffOrder).boards[0]?.params;
    if (!line || !params) throw new Error('no line');
    const small = await correct(orderId, { ...params, board: { ...params.board, widthMm: 3 } }, line.id);
    expect([small.status, small.json.field]).toEqual([400, 'lines.0.params.board.widthMm']);
    const other = await correct(orderId, { ...params, productType: 'stencil' }, line.id);
    expect([other.status, other.json.field]).toEqual([400, 'lines.0.params.productType']);
    const foreign = await correct(orderId, params, 999_999);
    expect([foreign.status, foreign.json.field]).toEqual([400, 'lines.0.lineId']);
    expect((await customerOrder(orderId)).holdCode).toBe('dfmReview');
  });
});

describe('the order desk', () => {
  it('finds orders of every client by status, hold and a search over clients', async () => {
    const list = async (body: Record<string, unknown>) =>
      (await staffCall(gw, desks.staffOrdersList.path, { pagination: { page: 1, itemsOnPage: 50 }, ...body }, manager.token))
        .body as ordersContract.OrderSummary[];
    const held = await list({ filters: ['on_check', 'held'] });
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((one) => one.status === 'on_check' && one.holdReason !== null)).toBe(true);
    expect((await list({ search: 'севера' })).every((one) => one.clientName === 'Приборы Севера')).toBe(true);
    expect(await list({ search: 'Чужая' })).toEqual([]);
    const count = await staffCall(gw, desks.staffOrdersListCount.path, { filters: ['shipped'] }, manager.token);
    expect(count.json.count).toBe((await list({ filters: ['shipped'] })).length);
  });

  it('records the command line\'s moves as the command line\'s', async () => {
    const orderId = await orderForReview('Плата из командной строки');
    const held = await operatorCall(gw, '/ops/orders/Action', { order: String(orderId), action: 'cancel', reason: 'Клиент передумал' });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const [row] = await gw.db.select().from(staffAudit).where(eq(staffAudit.targetId, String(orderId)));
    expect(row).toMatchObject({ actor: 'cli', actorStaffId: null, action: 'order.move', before: { status: 'on_check', held: true } });
    expect(row?.after).toMatchObject({ action: 'cancel', status: 'canceled' });
  });

  it('issues a support key for a customer, logged with the reason and never the key', async () => {
    const issued = await staffCall(gw, desks.staffSupportStrangerKey.path, { login: owner.email, reason: 'Клиент просит помочь с заказом' }, manager.token);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const key = String(issued.json.key);
    const [row] = await gw.db.select().from(staffAudit).where(eq(staffAudit.action, 'support.stranger_key'));
    expect(row).toMatchObject({ actorStaffId: manager.id, targetType: 'user', targetId: String(owner.id) });
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row?.after).toMatchObject({ reason: 'Клиент просит помочь с заказом' });
    const unknown = await staffCall(gw, desks.staffSupportStrangerKey.path, { login: 'nobody@example.ru', reason: 'Проверка' }, manager.token);
    expect([unknown.status, unknown.json.field]).toEqual([404, 'login']);
  });
});

describe('the audit log as a file', () => {
  it('gives an admin every entry the filters match as CSV, newest first, and nobody else anything', async () => {
    const rows = await gw.db.select().from(staffAudit).where(eq(staffAudit.action, 'order.move'));
    const file = await download(`/files/staff/audit.csv?action=order.move`, admin.token);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    const lines = file.payload.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Время (UTC);Кто;Действие;Объект;Было;Стало;Запрос');
    expect(lines).toHaveLength(rows.length + 1);
    // Newest first; each row names the actor: a member by name and id, the command line as such.
    const newest = rows.reduce((a, b) => (b.id > a.id ? b : a));
    expect(lines[1]).toContain(`order ${newest.targetId}`);
    expect(lines.filter((line) => line.includes('Мария Менеджерова')).length).toBe(rows.filter((row) => row.actorStaffId === manager.id).length);
    expect(lines.some((line) => line.includes(';командная строка;'))).toBe(true);
    for (const token of [manager.token, anna.token]) expect((await download('/files/staff/audit.csv', token)).statusCode).toBe(403);
    expect((await download('/files/staff/audit.csv', owner.token)).statusCode).toBe(401);
    const bad = await download('/files/staff/audit.csv?action=drop', admin.token);
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'action']);
  });
});
