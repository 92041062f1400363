import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cartCalls from '../../src/contract/cart';
import type { Gateway } from '../../server/app';
import { cartItems } from '../../server/cart/schema';
import { orderCheckouts } from '../../server/checkout/schema';
import { orders } from '../../server/orders/schema';
import { addToCart, cartOf, endpointOf, lineOf, orderingData, pricedProject, type OrderingData } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, startGateway } from './helpers';
import { callsOf, itRefusesAnonymous, tableText, type CallRef } from './authz-table';

/**
 * Every cart call, tried by an anonymous caller, by a member of another client, by an engineer (who may
 * not order) and by a colleague on someone else's cart line. Each refusal must leave every cart and the orders as
 * they were. The run prints the table of what was checked.
 */

type Who = 'outsider' | 'engineer' | 'colleague';
interface Row { call: CallRef; input: () => { body?: unknown }; expected: Record<Who, [number, string | undefined] | 'own cart'> }

let gw: Gateway;
let data: OrderingData;
let warehouse = 0;
const ids = { client: 0, project: 0, line: 0 };
const people = {} as Record<'owner' | Who, Person>;
const table: string[] = [];

const checkoutBody = () => ({
  idempotencyKey: randomUUID(), clientId: ids.client, payerId: data.payerId, contactId: data.contactId,
  delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '', lineIds: [ids.line],
});

const ROWS: Row[] = [
  {
    call: cartCalls.getCart, input: () => ({}),
    expected: { outsider: 'own cart', engineer: 'own cart', colleague: 'own cart' },
  },
  {
    call: cartCalls.setCartQuantity, input: () => ({ body: { lineId: ids.line, quantity: 3 } }),
    expected: { outsider: [404, 'not_found'], engineer: [404, 'not_found'], colleague: [404, 'not_found'] },
  },
  {
    call: cartCalls.removeCartLine, input: () => ({ body: { lineId: ids.line } }),
    expected: { outsider: [404, 'not_found'], engineer: [404, 'not_found'], colleague: [404, 'not_found'] },
  },
  {
    // The colleague may check out for the client, but the line is the owner's: the cart changed under them.
    call: cartCalls.checkout, input: () => ({ body: checkoutBody() }),
    expected: { outsider: [404, 'not_found'], engineer: [403, 'forbidden'], colleague: [409, 'cartChanged'] },
  },
];

async function snapshot(): Promise<string> {
  const [lines, placed, keys] = await Promise.all([
    gw.db.select().from(cartItems).orderBy(cartItems.id),
    gw.db.select().from(orders).orderBy(orders.id),
    gw.db.select().from(orderCheckouts),
  ]);
  return JSON.stringify([lines, placed, keys]);
}

const attempt = (row: Row, who: Person | null) =>
  call(gw, row.call.method, row.call.path, { ...(who ? { token: who.token } : {}), ...row.input() });

beforeAll(async () => {
  gw = await startGateway();
  people.owner = await person(gw, 'ca-owner', 'Олег', 'Владельцев');
  people.engineer = await person(gw, 'ca-engineer', 'Инна', 'Инженерова');
  people.colleague = await person(gw, 'ca-buyer', 'Богдан', 'Закупкин');
  people.outsider = await person(gw, 'ca-outsider', 'Фёдор', 'Сторонний');
  ids.client = await makeClient(gw, { name: 'Проверяемый' }, [[people.owner, 1], [people.engineer, 4], [people.colleague, 5]]);
  await makeClient(gw, { name: 'Чужой' }, [[people.outsider, 1]]);
  data = await orderingData(gw, ids.client);
  warehouse = (await endpointOf(gw, 'warehouse')).id;
  ids.project = await pricedProject(gw, { clientId: ids.client, ownerUserId: people.owner.id, title: 'Секрет' });
  await addToCart(gw, people.owner.token, ids.project);
  ids.line = await lineOf(gw, people.owner.id, ids.project);
});

afterAll(async () => {
  console.log(tableText('Cart calls: who is refused (status answered, every cart and the orders unchanged)',
    ['Call', 'Anonymous', 'Member of another client', 'Engineer (4)', 'Buyer (5), owner\'s line'], table));
  await gw.close();
});

describe('every cart call refuses callers without access and changes nothing', () => {
  for (const row of ROWS) {
    it(`${row.call.method} ${row.call.path}`, async () => {
      const before = await snapshot();
      const anonymous = await attempt(row, null);
      expect(anonymous.status).toBe(401);
      const cells: string[] = [];
      for (const who of ['outsider', 'engineer', 'colleague'] as const) {
        const answer = await attempt(row, people[who]);
        const expected = row.expected[who];
        if (expected === 'own cart') {
          expect([answer.status, answer.body]).toEqual([200, { lines: [], total: 0 }]);
          cells.push('200, own (empty) cart');
        } else {
          expect([answer.status, answer.json.code], JSON.stringify(answer.body)).toEqual(expected);
          cells.push(`${answer.status} ${answer.json.code ?? ''}`.trim());
        }
      }
      expect(await snapshot()).toBe(before);
      table.push(`| ${row.call.method} ${row.call.path} | ${anonymous.status} | ${cells.join(' | ')} |`);
    });
  }

  it('the owner does get through (the refusals above are about the caller, not the request)', async () => {
    expect((await cartOf(gw, people.owner.token)).lines.map((line) => line.id)).toEqual([ids.line]);
    const quantity = await call(gw, 'POST', cartCalls.setCartQuantity.path, { token: people.owner.token, body: { lineId: ids.line, quantity: 3 } });
    expect(quantity.status).toBe(200);
    const placed = await call(gw, 'POST', cartCalls.checkout.path, { token: people.owner.token, body: checkoutBody() });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it('a buyer checks out their own lines for the client', async () => {
    await addToCart(gw, people.colleague.token, ids.project);
    const body = { ...checkoutBody(), lineIds: [await lineOf(gw, people.colleague.id, ids.project)] };
    const placed = await call(gw, 'POST', cartCalls.checkout.path, { token: people.colleague.token, body });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });
});

describe('every cart call refuses an anonymous caller', () => {
  itRefusesAnonymous(() => gw, callsOf([cartCalls]), (count) => expect(count).toBe(4));
});
