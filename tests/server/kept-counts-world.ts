import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import * as cart from '../../src/contract/cart';
import { leaveClient } from '../../src/contract/clients';
import { notificationsChangeReadStatus } from '../../src/contract/notifications';
import * as orderCalls from '../../src/contract/orders';
import { ORDER_ACTIONS, type OrderAction } from '../../src/contract/orders';
import { addProjectToCart, PROJECT_STATUSES, setProjectFavorite, setProjectStatus, type ProjectStatus } from '../../src/contract/projects';
import type { Gateway } from '../../server/app';
import { notifications } from '../../server/notifications/schema';
import { cartItems } from '../../server/cart/schema';
import { clientUsers } from '../../server/db/schema';
import { orders } from '../../server/orders/schema';
import { projects } from '../../server/projects/schema';
import { letterPostOf } from '../../server/letters/queue';
import { simulateOrders } from '../../server/orders/simulator';
import { endpointOf, orderingData, pcb, pricedProject, type OrderingData } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, startGateway, type Clock } from './helpers';
import { operator, OPERATOR_KEY } from './orders-fixtures';

/**
 * The world of the kept-count property test: each run gets two fresh clients whose members are the same
 * three people in different roles, priced projects and ordering data, and then a random sequence of the steps below,
 * each through the gateway's own calls. Steps name things by index (the n-th order of the run, the n-th line of a
 * cart), so every sequence fast-check makes or shrinks is valid; a step the gateway refuses is a step too.
 */

const PEOPLE = 3;
const CLIENTS = 2;

export type Step =
  | { kind: 'addToCart'; user: number; project: number }
  | { kind: 'setQuantity'; user: number; line: number; quantity: number }
  | { kind: 'removeLine'; user: number; line: number }
  /** Checks out every line of the person's cart that is of the same client as their n-th line. */
  | { kind: 'checkout'; user: number; line: number }
  | { kind: 'operator'; order: number; action: OrderAction }
  | { kind: 'operatorNext'; order: number }
  | { kind: 'simulate' }
  | { kind: 'customerCancel'; user: number; order: number }
  | { kind: 'reorder'; user: number; order: number }
  | { kind: 'orderFavorite'; user: number; order: number; on: boolean }
  | { kind: 'projectFavorite'; user: number; project: number; on: boolean }
  | { kind: 'projectStatus'; user: number; project: number; status: ProjectStatus }
  | { kind: 'notificationRead'; user: number; notification: number; read: boolean }
  | { kind: 'leave'; user: number; client: number };

const user = fc.nat(PEOPLE - 1);
const index = fc.nat(9);

/** Ordering and the operator weigh most: they move the most counts. */
export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('addToCart' as const), user, project: index }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('setQuantity' as const), user, line: index, quantity: fc.integer({ min: 1, max: 500 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('removeLine' as const), user, line: index }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('checkout' as const), user, line: index }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('operator' as const), order: index, action: fc.constantFrom(...ORDER_ACTIONS) }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('operatorNext' as const), order: index }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'simulate' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('customerCancel' as const), user, order: index }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('reorder' as const), user, order: index }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('orderFavorite' as const), user, order: index, on: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('projectFavorite' as const), user, project: index, on: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('projectStatus' as const), user, project: index, status: fc.constantFrom(...PROJECT_STATUSES) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('notificationRead' as const), user, notification: index, read: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('leave' as const), user, client: fc.nat(CLIENTS - 1) }), weight: 1 },
);

/** The gateway of the kept-count tests: three people, and tokens that outlive the steps' moving clock. */
export async function keptCountsGateway(clock: Clock): Promise<{ gw: Gateway; people: Person[]; warehouseId: number }> {
  const gw = await startGateway({ seedDemo: false, operatorKey: OPERATOR_KEY, now: clock.now, accessTokenTtlSeconds: 30 * 24 * 3600 });
  const people: Person[] = [];
  for (const [at, name] of ['Анна', 'Борис', 'Вера'].slice(0, PEOPLE).entries()) people.push(await person(gw, `kept-${at}`, name, 'Счётова'));
  return { gw, people, warehouseId: (await endpointOf(gw, 'warehouse')).id };
}

export interface World {
  gw: Gateway;
  clock: Clock;
  people: Person[];
  clientIds: number[];
  projectIds: number[];
  data: OrderingData[];
  warehouseId: number;
}

/** Roles per client (1 owner, 2 admin, 3 universal, 4 engineer, 5 buyer): each person orders for one and not another. */
const ROLES: ReadonlyArray<ReadonlyArray<number>> = [[1, 5, 4], [3, 1, 2]];

export async function newWorld(gw: Gateway, clock: Clock, people: Person[], warehouseId: number): Promise<World> {
  // The people belong to this run's clients only: what they are shown then counts this run's rows, and drift an
  // earlier run left cannot make this one fail (and fast-check shrink the wrong sequence).
  await gw.db.delete(clientUsers).where(inArray(clientUsers.userId, people.map((one) => one.id)));
  const clientIds: number[] = [];
  const projectIds: number[] = [];
  const data: OrderingData[] = [];
  for (const [at, roles] of ROLES.entries()) {
    const clientId = await makeClient(gw, { name: `Свойство ${randomUUID().slice(0, 8)}` },
      roles.map((role, person) => [people[person] as Person, role]));
    clientIds.push(clientId);
    data.push(await orderingData(gw, clientId, `Плательщик ${at}`));
    const owner = people[roles.indexOf(1)] as Person;
    for (const [n, status] of (['actual', 'actual', 'draft'] as const).entries()) {
      projectIds.push(await pricedProject(gw, { clientId, ownerUserId: owner.id, title: `Плата ${at}-${n}`, status, params: pcb(5 + n) }));
    }
  }
  const world = { gw, clock, people, clientIds, projectIds, data, warehouseId };
  // Two orders per client to start with, placed by its owner through the cart, so short sequences move orders too.
  for (const [client, roles] of ROLES.entries()) {
    const owner = roles.indexOf(1);
    for (const projects of [[0, 1], [0]]) {
      for (const project of projects) await runStep(world, { kind: 'addToCart', user: owner, project: client * 3 + project });
      if (await runStep(world, { kind: 'checkout', user: owner, line: 0 }) !== 200) throw new Error('the starting order was not placed');
    }
  }
  // And a line in each person's cart, so a checkout can be the first step.
  for (const [who, project] of [[0, 1], [1, 4], [2, 3]] as const) await runStep(world, { kind: 'addToCart', user: who, project });
  return world;
}

const pick = <T>(list: readonly T[], at: number): T | undefined => (list.length === 0 ? undefined : list[at % list.length]);

async function orderOf(world: World, at: number) {
  const rows = await world.gw.db.select({ id: orders.id, number: orders.number }).from(orders)
    .where(inArray(orders.clientId, world.clientIds)).orderBy(asc(orders.id));
  return pick(rows, at);
}

async function cartLinesOf(world: World, userId: number) {
  return world.gw.db.select({ id: cartItems.id, clientId: projects.clientId }).from(cartItems)
    .innerJoin(projects, eq(projects.id, cartItems.projectId))
    .where(and(eq(cartItems.userId, userId), inArray(projects.clientId, world.clientIds))).orderBy(asc(cartItems.id));
}

/** Runs one step through the gateway; answers the status (0 when the step found nothing to act on). */
export async function runStep(world: World, step: Step): Promise<number> {
  const { gw } = world;
  world.clock.advance(1);
  const who = 'user' in step ? (world.people[step.user] as Person) : null;
  const as = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    call(gw, method, path, { token: who?.token ?? '', ...(body === undefined ? {} : { body }) }).then((answer) => answer.status);
  switch (step.kind) {
    case 'addToCart':
      return as('POST', addProjectToCart.path, { projectId: pick(world.projectIds, step.project) });
    case 'setQuantity':
    case 'removeLine': {
      const line = pick(await cartLinesOf(world, who?.id ?? 0), step.line);
      if (!line) return 0;
      return step.kind === 'setQuantity'
        ? as('POST', cart.setCartQuantity.path, { lineId: line.id, quantity: step.quantity })
        : as('DELETE', cart.removeCartLine.path, { lineId: line.id });
    }
    case 'checkout': {
      const lines = await cartLinesOf(world, who?.id ?? 0);
      const clientId = pick(lines, step.line)?.clientId;
      if (clientId === undefined) return 0;
      const lineIds = lines.filter((line) => line.clientId === clientId).map((line) => line.id);
      const data = world.data[world.clientIds.indexOf(clientId)] as OrderingData;
      return as('POST', cart.checkout.path, {
        idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
        delivery: { kind: 'warehouse', endpointId: world.warehouseId, deliverySettingId: null }, comment: '', lineIds,
      });
    }
    case 'operator':
    case 'operatorNext': {
      const order = await orderOf(world, step.order);
      if (!order) return 0;
      if (step.kind === 'operatorNext') return (await operator(gw, orderCalls.operatorOrderNext.path, { order: order.number })).status;
      const extra = step.action === 'hold' || step.action === 'cancel' ? { reason: 'Проверка счётчиков' }
        : step.action === 'ship' ? { trackingNumber: 'RA123456785RU' } : {};
      return (await operator(gw, orderCalls.operatorOrderAction.path, { order: order.number, action: step.action, ...extra })).status;
    }
    case 'simulate':
      world.clock.advance(120);
      return simulateOrders({ db: gw.db, seconds: 60, now: world.clock.now, onError: (error) => { throw error; }, letters: letterPostOf(gw.context) });
    case 'customerCancel':
    case 'reorder':
    case 'orderFavorite': {
      const order = await orderOf(world, step.order);
      if (!order) return 0;
      if (step.kind === 'customerCancel') return as('POST', orderCalls.cancelOrder.path, { id: order.id, reason: 'Передумали' });
      if (step.kind === 'reorder') return as('POST', orderCalls.reorder.path, { id: order.id });
      return as('POST', orderCalls.setOrderFavorite.path, { id: order.id, isFavorite: step.on });
    }
    case 'projectFavorite':
      return as('POST', setProjectFavorite.path, { id: pick(world.projectIds, step.project), isFavorite: step.on });
    case 'projectStatus':
      return as('POST', setProjectStatus.path, { id: pick(world.projectIds, step.project), status: step.status });
    case 'notificationRead': {
      const rows = await gw.db.select({ id: notifications.id }).from(notifications)
        .where(eq(notifications.userId, who?.id ?? 0)).orderBy(desc(notifications.id)).limit(10);
      const found = pick(rows, step.notification);
      if (!found) return 0;
      return as('GET', `${notificationsChangeReadStatus.path}?id=${found.id}&read=${step.read}`);
    }
    case 'leave':
      return as('GET', `${leaveClient.path}?clientId=${world.clientIds[step.client] ?? 0}`);
  }
}
