import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as calls from '../../src/contract/orders';
import type { Gateway } from '../../server/app';
import { cartItems } from '../../server/cart/schema';
import { orderComplaints, orderCounts, orderLines, orderReviews, orders, orderStatusHistory } from '../../server/orders/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { startGateway } from './helpers';
import { attemptRow, callsOf, itRefusesAnonymous, itRefusesEachRow, tableText, type AuthzRow } from './authz-table';
import { makeOrder } from './orders-fixtures';
import { makeProject, makeUpload, storeUploadFiles } from './project-fixtures';

/**
 * Every customer order call, tried by an anonymous caller, by a member of another client, and by an
 * engineer (who may look, favourite, review and complain, but not cancel or reorder). Each refusal must leave
 * the order, its lines, history, counts, reviews, complaints and the caller's cart as they were.
 */

type Need = 'member' | 'order' | 'author' | 'files';
type Ids = { order: number; line: number; complaint: number; upload: string };
type Row = AuthzRow<Need, Ids>;

const ROWS: Row[] = [
  { call: calls.getOrder, need: 'member', input: (ids) => ({ query: { id: ids.order } }) },
  { call: calls.setOrderFavorite, need: 'member', input: (ids) => ({ body: { id: ids.order, isFavorite: true } }) },
  { call: calls.cancelOrder, need: 'order', input: (ids) => ({ body: { id: ids.order, reason: 'Проверка' } }) },
  { call: calls.reorder, need: 'order', input: (ids) => ({ body: { id: ids.order } }) },
  { call: calls.addOrderReview, need: 'member', input: (ids) => ({ body: { orderId: ids.order, rating: 'bad', text: 'Чужой' } }) },
  { call: calls.addOrderComplaint, need: 'member', input: (ids) => ({ body: { orderId: ids.order, lineId: ids.line, text: 'Чужой' } }) },
  { call: calls.cancelOrderComplaint, need: 'author', input: (ids) => ({ body: { id: ids.complaint } }) },
  // Late files: any member attaches them.
  { call: calls.attachOrderFiles, need: 'files', input: (ids) => ({ body: { orderId: ids.order, lineId: ids.line, uploadId: ids.upload } }) },
];

let gw: Gateway;
const ids = {} as Ids;
const people = {} as Record<'owner' | 'engineer' | 'outsider', Person>;
let clientId: number;
const table: string[] = [];

async function snapshot(): Promise<string> {
  const where = eq(orders.clientId, clientId);
  return JSON.stringify(await Promise.all([
    gw.db.select().from(orders).where(where),
    gw.db.select().from(orderLines).where(eq(orderLines.clientId, clientId)),
    gw.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, ids.order)),
    gw.db.select().from(orderCounts).where(eq(orderCounts.clientId, clientId)),
    gw.db.select().from(orderReviews).where(eq(orderReviews.orderId, ids.order)),
    gw.db.select().from(orderComplaints).where(eq(orderComplaints.orderId, ids.order)),
    gw.db.select().from(cartItems).where(inArray(cartItems.userId, Object.values(people).map((who) => who.id))),
  ]));
}

const attempt = (row: Row, who: Person | null) => attemptRow(gw, ids, row, who);

beforeAll(async () => {
  gw = await startGateway({ seedDemo: false });
  people.owner = await person(gw, 'o-owner', 'Олег', 'Владельцев');
  people.engineer = await person(gw, 'o-engineer', 'Инна', 'Инженерова');
  people.outsider = await person(gw, 'o-outsider', 'Фёдор', 'Сторонний');
  clientId = await makeClient(gw, { name: 'Заказчик' }, [[people.owner, 1], [people.engineer, 4]]);
  await makeClient(gw, { name: 'Чужой' }, [[people.outsider, 1]]);
  const upload = await makeUpload(gw, { clientId, userId: people.owner.id });
  ids.upload = upload;
  await storeUploadFiles(gw, upload, [{ name: 'board.gtl', content: 'G04*' }]);
  const project = await makeProject(gw, { clientId, ownerUserId: people.owner.id, title: 'С файлами', status: 'actual', uploadId: upload });
  const made = await makeOrder(gw, { clientId, status: 'in_stock', projectIds: [project], placedBy: people.owner.id });
  ids.order = made.id;
  ids.line = made.lineIds[0] ?? 0;
  const [complaint] = await gw.db.insert(orderComplaints).values({
    orderId: made.id, lineId: ids.line, userId: people.owner.id, text: 'Своя', status: 'new',
  }).returning({ id: orderComplaints.id });
  ids.complaint = complaint?.id ?? 0;
});

afterAll(async () => {
  console.log(tableText('Order calls: who is refused (status answered, the order unchanged)',
    ['Call', 'Needs', 'Anonymous', 'Member of another client', 'Engineer (4)'], table));
  await gw.close();
});

const NEED_LABEL: Record<Need, string> = { member: 'any member', order: 'roles 1, 2, 3, 5', author: 'the author', files: 'any member' };

describe('every customer order call refuses callers without access and changes nothing', () => {
  itRefusesEachRow({
    gateway: () => gw, ids, rows: ROWS, outsider: () => people.outsider, needLabel: NEED_LABEL, snapshot, table,
    refused: [{ who: () => people.engineer, needs: ['order', 'author'] }],
  });
});

describe('what the engineer may do', () => {
  it('sees the order, with the files of its line, and may not cancel or reorder it', async () => {
    const answer = await attempt(ROWS[0] as Row, people.engineer);
    expect(answer.status).toBe(200);
    expect(answer.json.can).toEqual({ cancel: false, reorder: false, review: true, complain: true });
    expect((answer.json.lines as calls.OrderLine[])[0]?.filesUrl).toBe(`/files/orders/${ids.order}/lines/${ids.line}.zip`);
  });

  it('favourites, reviews and complains', async () => {
    for (const row of ROWS.filter((one) => one.need === 'member')) {
      const answer = await attempt(row, people.engineer);
      expect(answer.status, `${row.call.path} ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('the owner may cancel their complaint and reorder', async () => {
    expect((await attempt(ROWS[6] as Row, people.owner)).json.status).toBe('canceled');
    expect((await attempt(ROWS[3] as Row, people.owner)).json).toMatchObject({ added: 1, skipped: 0 });
  });
});

describe('every order call of a user refuses an anonymous caller', () => {
  itRefusesAnonymous(() => gw, callsOf([calls], 'user'));
});
