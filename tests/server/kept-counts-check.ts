import { sql, type SQL } from 'drizzle-orm';
import { countersClient, countersV1, countersV2, type ClientCounters, type Counters, type MenuCounters } from '../../src/contract/counters';
import { getCart, type Cart } from '../../src/contract/cart';
import { invoicesListCount } from '../../src/contract/invoices';
import { notificationsListCount } from '../../src/contract/notifications';
import { ORDER_LINE_STATUSES, ORDER_STATUSES, orderLinesListCount, ordersListCount } from '../../src/contract/orders';
import { getMySummary, type UserSummary } from '../../src/contract/user';
import type { Gateway } from '../../server/app';
import type { Person } from './client-fixtures';
import type { World } from './kept-counts-world';
import { call } from './helpers';

/**
 * Every kept count against a fresh COUNT(*) / SUM of the rows it stands for. The tables the gateway keeps
 * (order_counts, invoice_counts, order_line_counts, each order's line count and total) are compared row by row for
 * every client; what each person is shown (menu counters v1 and v2, client counters, the ListCount of orders,
 * positions, invoices and notifications, the cart, the summary's unread count) against the same count made here.
 * Answers one line per difference; none means no drift.
 */

type Rows = Array<Record<string, unknown>>;

async function rows(gw: Gateway, query: ReturnType<typeof sql>): Promise<Rows> {
  const result = await gw.db.execute(query) as unknown as { rows: Rows };
  return result.rows;
}

/** `kept` and `counted` as maps key → number; a key missing on one side is 0 there (an emptied kept row is no drift). */
function compareKeyed(label: string, kept: Rows, counted: Rows): string[] {
  const map = (list: Rows) => new Map(list.map((row) => [String(row.key), Number(row.n)]));
  const [a, b] = [map(kept), map(counted)];
  return [...new Set([...a.keys(), ...b.keys()])].sort()
    .filter((key) => (a.get(key) ?? 0) !== (b.get(key) ?? 0))
    .map((key) => `${label} ${key}: kept ${a.get(key) ?? 0}, counted ${b.get(key) ?? 0}`);
}

/**
 * The kept tables and per-order figures, of `clientIds` or of every client. A property run checks only its own
 * clients, so drift an earlier run left cannot make a later run fail and fast-check shrink the wrong sequence.
 */
export async function tableDrift(gw: Gateway, clientIds?: readonly number[]): Promise<string[]> {
  const only = (column: SQL) => (clientIds === undefined ? sql`true` : sql`${column} in (${sql.join(clientIds.map((id) => sql`${id}`), sql`, `)})`);
  const ids = only(sql`client_id`);
  const orderKey = sql`'client ' || client_id || ' ' || status
    || case when held then ' held' else '' end || case when is_favorite then ' favourite' else '' end`;
  const lineKey = sql`'client ' || client_id || ' ' || status || ' ' || product_type`;
  const invoiceKey = sql`'client ' || client_id || case when paid then ' paid' else ' unpaid' end`;
  return [
    ...compareKeyed(
      'order_counts',
      await rows(gw, sql`select ${orderKey} as key, orders as n from order_counts where ${ids}`),
      await rows(
        gw,
        sql`select ${orderKey} as key, count(*) as n
          from (select client_id, status, hold_reason is not null as held, is_favorite from orders where ${ids}) o group by 1`,
      ),
    ),
    ...compareKeyed(
      'invoice_counts',
      await rows(gw, sql`select ${invoiceKey} as key, invoices as n from invoice_counts where ${ids}`),
      await rows(
        gw,
        sql`select ${invoiceKey} as key, count(*) as n from (select client_id, paid_at is not null as paid from invoices where ${ids}) i group by 1`,
      ),
    ),
    ...compareKeyed(
      'order_line_counts',
      await rows(gw, sql`select ${lineKey} as key, lines as n from order_line_counts where ${ids}`),
      await rows(gw, sql`select ${lineKey} as key, count(*) as n from order_lines where ${ids} group by 1`),
    ),
    ...(
      await rows(
        gw,
        sql`
      select o.number, o.line_count, o.total::float8 as total, coalesce(l.lines, 0) as lines, coalesce(l.sum, 0)::float8 as sum
      from orders o left join (select order_id, count(*)::int as lines, sum(total) as sum from order_lines group by 1) l on l.order_id = o.id
      where (o.line_count <> coalesce(l.lines, 0) or o.total <> coalesce(l.sum, 0)) and ${only(sql`o.client_id`)}`,
      )
    ).map(
      (row) =>
        `order ${String(row.number)}: line_count ${String(row.line_count)} for ${String(row.lines)} lines, total ${String(row.total)} for ${String(row.sum)}`,
    ),
  ];
}

interface Fresh {
  actual: number; draft: number; favorite_projects: number; orders: number; favorite_orders: number; held: number;
  at_work: number; by_status: Record<string, number> | null; lines: number; lines_by_status: Record<string, number> | null;
  invoices: number; paid: number; cart: number; price: number; unread: number; notifications: number;
}

/** What a person should be shown, counted here from the rows: the clients they are a member of now. */
async function freshFor(gw: Gateway, userId: number): Promise<Fresh> {
  const mine = sql`(select client_id from client_users where user_id = ${userId})`;
  const [row] = await rows(
    gw,
    sql`select
    (select count(*) from projects where client_id in ${mine} and status = 'actual')::int as actual,
    (select count(*) from projects where client_id in ${mine} and status = 'draft')::int as draft,
    (select count(*) from projects where client_id in ${mine} and is_favorite)::int as favorite_projects,
    (select count(*) from orders where client_id in ${mine})::int as orders,
    (select count(*) from orders where client_id in ${mine} and is_favorite)::int as favorite_orders,
    (select count(*) from orders where client_id in ${mine} and hold_reason is not null)::int as held,
    (select count(*) from orders where client_id in ${mine} and status in ('on_check', 'in_progress'))::int as at_work,
    (select json_object_agg(status, n) from (select status, count(*) as n from orders where client_id in ${mine} group by 1) s) as by_status,
    (select count(*) from order_lines where client_id in ${mine})::int as lines,
    (select json_object_agg(status, n) from (select status, count(*) as n from order_lines where client_id in ${mine} group by 1) s) as lines_by_status,
    (select count(*) from invoices where client_id in ${mine})::int as invoices,
    (select count(*) from invoices where client_id in ${mine} and paid_at is not null)::int as paid,
    (select count(*) from cart_items b join projects p on p.id = b.project_id where b.user_id = ${userId} and p.client_id in ${mine})::int as cart,
    (select coalesce(sum(b.price), 0)::float8 from cart_items b join projects p on p.id = b.project_id
      where b.user_id = ${userId} and p.client_id in ${mine}) as price,
    (select count(*) from notifications where user_id = ${userId} and read_at is null)::int as unread,
    (select count(*) from notifications where user_id = ${userId})::int as notifications`,
  );
  return row as unknown as Fresh;
}

interface ClientFresh { actual: number; draft: number; orders: number; waiting: number; users: number }

async function clientFresh(gw: Gateway, clientId: number): Promise<ClientFresh> {
  const [row] = await rows(gw, sql`select
    (select count(*) from projects where client_id = ${clientId} and status = 'actual')::int as actual,
    (select count(*) from projects where client_id = ${clientId} and status = 'draft')::int as draft,
    (select count(*) from orders where client_id = ${clientId})::int as orders,
    (select count(*) from orders where client_id = ${clientId} and status = 'waiting_for_payment')::int as waiting,
    (select count(*) from client_users where client_id = ${clientId})::int as users`);
  return row as unknown as ClientFresh;
}

const kopecks = (value: number) => Math.round(value * 100);

/**
 * The counts a person is shown, against the fresh count; `clientIds` are the clients whose own counters are asked.
 * `filters`: 'all' asks every filter of every list; a step number asks the unfiltered totals, the filters a menu
 * counter shows, and one more status (and paid or unpaid) in turn, which keeps a step's check quick while a run
 * still meets every filter.
 */
async function shownDrift(gw: Gateway, who: Person, clientIds: readonly number[], filters: number | 'all'): Promise<string[]> {
  const as = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const answer = await call(gw, method, path, { token: who.token, ...(body === undefined ? {} : { body }) });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as T;
  };
  const count = async (path: string, filters?: string[]) => (await as<{ count: number }>('POST', path, filters ? { filters } : {})).count;
  const fresh = await freshFor(gw, who.id);
  const byStatus = (status: string) => fresh.by_status?.[status] ?? 0;
  const found: string[] = [];
  const expect = (what: string, shown: number, counted: number) => {
    if (shown !== counted) found.push(`${who.email} ${what}: shown ${shown}, counted ${counted}`);
  };

  const v2 = await as<Counters>('GET', countersV2.path);
  expect('counters.projects.totalActual', v2.projects.totalActual, fresh.actual);
  expect('counters.projects.totalDraft', v2.projects.totalDraft, fresh.draft);
  expect('counters.orders.total', v2.orders.total, fresh.orders);
  expect('counters.orders.waitingForPayment', v2.orders.waitingForPayment, byStatus('waiting_for_payment'));
  expect('counters.basket.total', v2.basket.total, fresh.cart);
  expect('counters.basket.price (kopecks)', kopecks(v2.basket.price), kopecks(fresh.price));
  expect('counters.favorite.totalProject', v2.favorite.totalProject, fresh.favorite_projects);
  expect('counters.favorite.totalOrder', v2.favorite.totalOrder, fresh.favorite_orders);
  const v1 = await as<MenuCounters>('GET', countersV1.path);
  expect('menu.index', v1.index, fresh.favorite_projects + fresh.favorite_orders);
  expect('menu.drafts', v1.drafts, fresh.draft);
  expect('menu.projects', v1.projects, fresh.actual);
  expect('menu.baskets', v1.baskets, fresh.cart);
  expect('menu.orders', v1.orders, fresh.orders);
  expect('menu.atWork', v1.atWork, fresh.at_work);

  const inTurn = <T>(list: readonly T[]): readonly T[] => (filters === 'all' ? list : [list[filters % list.length] as T]);
  expect('orders ListCount', await count(ordersListCount.path), fresh.orders);
  for (const status of new Set(['waiting_for_payment', ...inTurn(ORDER_STATUSES)])) {
    expect(`orders ListCount ${status}`, await count(ordersListCount.path, [status]), byStatus(status));
  }
  expect('orders ListCount favorite', await count(ordersListCount.path, ['favorite']), fresh.favorite_orders);
  expect('orders ListCount held', await count(ordersListCount.path, ['held']), fresh.held);
  expect('positions ListCount', await count(orderLinesListCount.path), fresh.lines);
  for (const status of inTurn(ORDER_LINE_STATUSES)) {
    expect(`positions ListCount ${status}`, await count(orderLinesListCount.path, [status]), fresh.lines_by_status?.[status] ?? 0);
  }
  expect('invoices ListCount', await count(invoicesListCount.path), fresh.invoices);
  for (const paid of inTurn([true, false])) {
    expect(`invoices ListCount ${paid ? 'paid' : 'unpaid'}`, await count(invoicesListCount.path, [paid ? 'paid' : 'unpaid']),
      paid ? fresh.paid : fresh.invoices - fresh.paid);
  }
  expect('notifications ListCount', await count(notificationsListCount.path), fresh.notifications);
  expect('notifications ListCount NotRead', await count(notificationsListCount.path, ['NotRead']), fresh.unread);
  expect('summary.notificationsCount', (await as<UserSummary>('GET', getMySummary.path)).notificationsCount, fresh.unread);
  const cart = await as<Cart>('GET', getCart.path);
  expect('cart lines', cart.lines.length, fresh.cart);
  expect('cart total (kopecks)', kopecks(cart.total), kopecks(fresh.price));

  for (const clientId of clientIds) {
    const answer = await call(gw, 'POST', countersClient.path, { token: who.token, body: { clientId } });
    if (answer.status === 404) continue;
    const shown = answer.body as ClientCounters;
    const counted = await clientFresh(gw, clientId);
    expect(`client ${clientId} projects.totalActual`, shown.projects.totalActual, counted.actual);
    expect(`client ${clientId} projects.totalDraft`, shown.projects.totalDraft, counted.draft);
    expect(`client ${clientId} orders.total`, shown.orders.total, counted.orders);
    expect(`client ${clientId} orders.waitingForPayment`, shown.orders.waitingForPayment, counted.waiting);
    expect(`client ${clientId} users`, shown.users, counted.users);
  }
  return found;
}

/** Every difference in a property run's world after a step (`filters` as shownDrift takes them); empty: no drift. */
export async function worldDrift(world: World, filters: number | 'all'): Promise<string[]> {
  const found = await tableDrift(world.gw, world.clientIds);
  for (const who of world.people) found.push(...await shownDrift(world.gw, who, world.clientIds, filters));
  return found;
}
