import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSet, ProjectSetSummary } from '../../src/contract/project-sets';
import type { Gateway } from '../../server/app';
import { cartItems } from '../../server/cart/schema';
import { projects } from '../../server/projects/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { get, login, post, startGateway } from './helpers';
import { makeProject, PAGE } from './project-fixtures';

/** A kit goes to the signed-in user's cart with its quantities; and the demo folders and kits. */

const SETS = '/catalog-viewer/v2/project-sets';
let gw: Gateway;
let owner: Person;
let buyer: Person;
let clientId = 0;

beforeAll(async () => {
  gw = await startGateway();
  owner = await person(gw, 'kit-owner', 'Ким', 'Комплектов');
  buyer = await person(gw, 'kit-buyer', 'Борис', 'Закупов');
  clientId = await makeClient(gw, { name: 'Сборщик' }, [[owner, 1], [buyer, 5]]);
});
afterAll(() => gw.close());

async function ok<T = ProjectSet>(path: string, body: unknown, token = owner.token): Promise<T> {
  const answer = await post(gw, `${SETS}/${path}`, body, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as T;
}
const cartOf = async (userId: number) => (await gw.db.select().from(cartItems).where(eq(cartItems.userId, userId)))
  .map((line) => ({ projectId: line.projectId, quantity: line.quantity, priced: line.price !== null }))
  .sort((a, b) => a.projectId - b.projectId);

describe('a kit goes to the cart', () => {
  it('puts every actual project with the kit\'s quantity into the caller\'s own cart and skips the rest', async () => {
    const made = (title: string, status: 'actual' | 'draft' | 'archive') =>
      makeProject(gw, { clientId, ownerUserId: owner.id, title, status });
    const [board, stencil, draft, old] = [await made('Плата', 'actual'), await made('Трафарет', 'actual'),
      await made('Черновик', 'draft'), await made('Старая', 'archive')];
    const kit = await ok('Create', { clientId, kind: 'kit', name: 'Изделие' });
    for (const [projectId, quantity] of [[board, 3], [stencil, 1], [draft, 4], [old, 2]]) {
      await ok('PutProject', { id: kit.id, projectId, quantity });
    }
    const answer = await ok<unknown>('AddToCart', { id: kit.id }, buyer.token);
    expect(answer).toEqual({ cartTotal: 2, added: 2, skipped: 2 });
    expect(await cartOf(buyer.id)).toEqual([{ projectId: board, quantity: 3, priced: true }, { projectId: stencil, quantity: 1, priced: true }]);
    expect(await cartOf(owner.id)).toEqual([]);

    // Again, after a quantity changed: the lines are brought up to date, not doubled.
    await ok('PutProject', { id: kit.id, projectId: board, quantity: 12 });
    expect(await ok<unknown>('AddToCart', { id: kit.id }, buyer.token)).toEqual({ cartTotal: 2, added: 2, skipped: 2 });
    expect((await cartOf(buyer.id)).map((line) => line.quantity)).toEqual([12, 1]);
    const counters = (await get(gw, '/catalog-viewer/v2/other/counters', buyer.token)).json as { basket: { total: number } };
    expect(counters.basket.total).toBe(2);
  });

  it('refuses a folder: its quantities are a note, not an order', async () => {
    const project = await makeProject(gw, { clientId, ownerUserId: owner.id, title: 'В папке', status: 'actual' });
    const folder = await ok('Create', { clientId, kind: 'folder', name: 'Папка' });
    await ok('PutProject', { id: folder.id, projectId: project, quantity: 5 });
    const before = await cartOf(owner.id);
    const refused = await post(gw, `${SETS}/AddToCart`, { id: folder.id }, { token: owner.token });
    expect([refused.status, refused.json.code, refused.json.field]).toEqual([409, 'not_kit', 'id']);
    expect(await cartOf(owner.id)).toEqual(before);
  });
});

describe('demo folders and kits', () => {
  let token = '';
  const titlesOf = async (id: number) => {
    const set = (await get(gw, `${SETS}/Get?id=${id}`, token)).body as ProjectSet;
    return { set, items: set.items.map((item) => [item.title, item.quantity]) };
  };

  beforeAll(async () => {
    token = await login(gw);
  });

  it('the demo user sees a kit and a folder of «Электронные системы» and a kit of «ИП Кузнецов А. В.»', async () => {
    const sets = (await post(gw, `${SETS}/List`, PAGE(), { token })).body as ProjectSetSummary[];
    expect(sets.map((set) => [set.kind, set.name, set.clientName, set.projectCount])).toEqual([
      ['kit', 'Контроллер двигателя в сборе', 'Электронные системы', 2],
      ['kit', 'Усилитель УМ-50 — комплект', 'ИП Кузнецов А. В.', 2],
      ['folder', 'Прототипы 2025', 'Электронные системы', 4],
    ]);
    const motorKit = await titlesOf(sets[0]?.id ?? 0);
    expect(motorKit.items).toEqual([['Плата управления двигателем v2', 10], ['Модуль питания 12 В', 10]]);
    // The estimate: each project's quoted price for its own quantity, scaled to the kit's quantity.
    const prices = await gw.db.select().from(projects).where(eq(projects.clientId, motorKit.set.clientId));
    const estimate = motorKit.set.items.reduce((sum, item) => {
      const project = prices.find((row) => row.id === item.projectId);
      return sum + Math.round(((project?.price ?? 0) * item.quantity / (project?.quantity ?? 1)) * 100) / 100;
    }, 0);
    expect(motorKit.set.total).toBeCloseTo(estimate, 2);
    expect((await titlesOf(sets[1]?.id ?? 0)).items).toEqual([['Усилитель звука УМ-50', 5], ['Трафарет для УМ-50', 1]]);
  });

  it('the Кузнецов kit goes to the cart without its draft stencil', async () => {
    const [kit] = (await post(gw, `${SETS}/List`, { ...PAGE(), search: 'УМ-50' }, { token })).body as ProjectSetSummary[];
    const answer = await post(gw, `${SETS}/AddToCart`, { id: kit?.id }, { token });
    expect(answer.json).toMatchObject({ added: 1, skipped: 1 });
    const { set } = await titlesOf(kit?.id ?? 0);
    const amp = set.items.find((item) => item.status === 'actual');
    const [line] = await gw.db.select().from(cartItems).where(eq(cartItems.projectId, amp?.projectId ?? 0));
    expect(line?.quantity).toBe(5);
  });
});
