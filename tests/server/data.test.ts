import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { DEMO_CART, DEMO_ORDERS, DEMO_PROJECTS } from '../../server/seed/demo-data';
import { demoUnreadCount } from '../../server/seed/demo-notifications';
import { DEMO_MORE_PROJECTS } from '../../server/seed/demo-projects';
import { DEMO, DEMO_2FA, get, login, post, startGateway } from './helpers';

let gw: Gateway;
let token: string;

beforeAll(async () => {
  gw = await startGateway();
  token = await login(gw);
});
afterAll(() => gw.close());

const DICTS = [
  '/account/Dicts/Countries', '/account/Dicts/ClientActivities', '/account/Dicts/Offices', '/account/Dicts/TaxcodeTypes',
  '/msu-ref-core/api/organizations', '/msu-ref-core/api/project-statuses', '/msu-ref-core/api/order-statuses',
  '/msu-ref-core/api/order-line-statuses', '/client-items/api/dicts/GetDeliveryMethods',
  '/client-items/api/dicts/GetDeliveryEndpoints', '/client-items/api/dicts/GetDivisionEndpoints',
];

type Item = { id: number; name: string; nameEn: string; code?: string };

describe('dictionaries', () => {
  it.each(DICTS)('%s answers a non-empty list with Russian and English names', async (path) => {
    const answer = await get(gw, path, token);
    expect(answer.status).toBe(200);
    const items = answer.body as Item[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.name).toMatch(/[А-Яа-яЁё]/);
      expect(item.nameEn).toMatch(/^[\x20-\x7E]+$/);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await get(gw, '/account/Dicts/Countries')).status).toBe(401);
  });

  it('lists at least 20 Russian regions and the Belarusian ones by country, and refuses a country id beyond the database\'s integer', async () => {
    const countries = (await get(gw, '/account/Dicts/Countries', token)).body as Item[];
    const russia = countries.find((c) => c.name === 'Россия');
    const belarus = countries.find((c) => c.name === 'Беларусь');
    const ru = (await get(gw, `/account/Dicts/Regions?countryId=${russia?.id}`, token)).body as Array<Item & { countryId: number }>;
    expect(ru.length).toBeGreaterThanOrEqual(20);
    expect(ru.map((r) => r.name)).toEqual(expect.arrayContaining(['Москва', 'Санкт-Петербург', 'Московская область', 'Новосибирская область']));
    expect(ru.every((r) => r.countryId === russia?.id)).toBe(true);
    const by = (await get(gw, `/account/Dicts/Regions?countryId=${belarus?.id}`, token)).body as Item[];
    expect(by.map((r) => r.name)).toContain('Минск');
    expect((await get(gw, '/account/Dicts/Regions?countryId=2147483647', token)).body).toEqual([]);
    const beyond = await get(gw, '/account/Dicts/Regions?countryId=999999999999', token);
    expect(beyond.status).toBe(400);
    expect(beyond.json.field).toBe('countryId');
    const missing = await get(gw, '/account/Dicts/Regions', token);
    expect(missing.status).toBe(400);
    expect(missing.json.field).toBe('countryId');
  });

  it('carries the status and delivery codes the app filters by', async () => {
    const codes = async (path: string) => ((await get(gw, path, token)).body as Item[]).map((i) => i.code);
    expect(await codes('/msu-ref-core/api/project-statuses')).toEqual(['actual', 'draft', 'archive']);
    expect(await codes('/msu-ref-core/api/order-statuses')).toEqual(['waiting_for_payment', 'on_check', 'in_progress', 'in_stock', 'shipped', 'canceled']);
    expect(await codes('/client-items/api/dicts/GetDeliveryMethods')).toEqual(['express_post', 'pickup_point', 'russian_post', 'warehouse']);
  });
});

/** The motor board's price for the demo cart's ten pieces, asked of the price call with the project's parameters. */
async function motorPriceForTen(): Promise<number> {
  const list = await post(gw, '/catalog-viewer/v2/projects/List', { pagination: { page: 1, itemsOnPage: 50 }, search: 'двигател' }, { token });
  const motor = (list.body as Array<{ id: number; title: string }>).find((item) => item.title === 'Плата управления двигателем v2');
  if (!motor) throw new Error('the demo motor board is missing');
  const project = await get(gw, `/catalog-viewer/v2/projects/Get?id=${motor.id}`, token);
  const params = (project.json as { params: Record<string, unknown> }).params;
  const quote = await post(gw, '/catalog-viewer/v2/projects/Price', { params: { ...params, quantity: 10 } }, { token });
  return (quote.json as { total: number }).total;
}

describe('counters', () => {
  const demoClients = ['es', 'kuz'];
  const projects = [...DEMO_PROJECTS, ...DEMO_MORE_PROJECTS].filter((p) => demoClients.includes(p.client));
  const orders = DEMO_ORDERS.filter((o) => demoClients.includes(o.client));

  it('v2 equals the seeded projects, orders, cart and favourites of the user\'s clients', async () => {
    const answer = await get(gw, '/catalog-viewer/v2/other/counters', token);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      projects: { totalActual: projects.filter((p) => p.status === 'actual').length, totalDraft: projects.filter((p) => p.status === 'draft').length },
      orders: { total: orders.length, waitingForPayment: orders.filter((o) => o.status === 'waiting_for_payment').length },
      basket: { price: await motorPriceForTen(), total: DEMO_CART.length },
      favorite: { totalProject: projects.filter((p) => p.isFavorite).length, totalOrder: orders.filter((o) => o.isFavorite).length },
    });
    expect(answer.json).toMatchObject({ projects: { totalActual: 13, totalDraft: 13 }, orders: { total: 6, waitingForPayment: 2 } });
    expect(typeof answer.json.updatedAt).toBe('number');
  });

  it('v1 answers the counts keyed by menu code', async () => {
    const answer = await get(gw, '/catalog-viewer/v1/other/counters', token);
    expect(answer.json).toEqual({ index: 6, drafts: 13, projects: 13, baskets: 2, orders: 6, atWork: 2 });
  });

  it('counters-client answers for a member, 404 for a client the user does not belong to, 400 for an id beyond the database\'s integer', async () => {
    const mine = await post(gw, '/catalog-viewer/v2/other/counters-client', { clientId: 1 }, { token });
    expect(mine.json).toMatchObject({ clientId: 1, projects: { totalActual: 12, totalDraft: 12 }, orders: { total: 4, waitingForPayment: 1 }, users: 2 });
    const foreign = await post(gw, '/catalog-viewer/v2/other/counters-client', { clientId: 3 }, { token });
    expect(foreign.status).toBe(404);
    const unknown = await post(gw, '/catalog-viewer/v2/other/counters-client', { clientId: 2_147_483_647 }, { token });
    expect(unknown.status).toBe(404);
    const huge = await post(gw, '/catalog-viewer/v2/other/counters-client', { clientId: 9_000_000_000 }, { token });
    expect(huge.status).toBe(400);
    expect(huge.json.field).toBe('clientId');
    const wrong = await post(gw, '/catalog-viewer/v2/other/counters-client', { clientId: '1' }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.json.field).toBe('clientId');
  });
});

describe('user', () => {
  it('getMySummary and GetMyDetailedInfo describe the signed-in user', async () => {
    const summary = await get(gw, '/account/user/getMySummary', token);
    expect(summary.json).toEqual({
      id: 1, email: DEMO.email, phone: DEMO.phone, firstName: 'Иван', patronymic: 'Петрович', lastName: 'Смирнов',
      avatar: null, isMale: true, notificationsCount: demoUnreadCount('demo'), isFilled: true, isStranger: false,
      registeredAt: '2024-02-01T09:00:00.000Z',
    });
    const detailed = await get(gw, '/account/user/GetMyDetailedInfo', token);
    expect(detailed.json).toMatchObject({ reservePhone: null, reserveEmail: null, secondFactorTypes: [] });
    expect(detailed.json.summary).toEqual(summary.json);
    expect(Date.parse(detailed.json.createdAt as string)).not.toBeNaN();
  });

  it('reports the second-factor methods of an account that has them', async () => {
    const answer = await post(gw, '/Authentification/Login', { fingerprint: 'f', login: DEMO_2FA.email, password: DEMO_2FA.password });
    expect(answer.json.secondFactorTypes).toEqual([0, 1, 2]);
  });

  it('fill refuses names that are blank after trimming, naming the field', async () => {
    const blank = await post(gw, '/user-profile/fill', { firstName: '   ', lastName: 'Смирнов', isMale: true }, { token });
    expect(blank.status).toBe(400);
    expect(blank.json.field).toBe('firstName');
    const noGender = await post(gw, '/user-profile/fill', { firstName: 'Иван', lastName: 'Смирнов' }, { token });
    expect(noGender.status).toBe(400);
    expect(noGender.json.field).toBe('isMale');
    const ok = await post(gw, '/user-profile/fill', { firstName: 'Иван', patronymic: 'Петрович', lastName: 'Смирнов', isMale: null }, { token });
    expect(ok.json).toEqual({ ok: true });
    expect((await get(gw, '/account/user/getMySummary', token)).json.isMale).toBeNull();
  });
});
