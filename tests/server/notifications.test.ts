import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/contract/notifications';
import type { Gateway } from '../../server/app';
import { notifications } from '../../server/notifications/schema';
import { createNotification, createNotifications, NotificationContentError } from '../../server/notifications/create';
import { DEMO_NOTIFICATIONS, demoUnreadCount, variedNotificationDrafts } from '../../server/seed/demo-notifications';
import { createClock, createUser, get, login, post, startGateway } from './helpers';

const LIST = '/account/Notifications/List';
const COUNT = '/account/Notifications/ListCount';
const CHANGE = '/account/Notifications/ChangeReadStatus';

let gw: Gateway;
const clock = createClock();
let demoToken: string;
/** A fresh account with 250 generated notifications, so paging is checked on a known set. */
let manyId: number;
let manyToken: string;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  demoToken = await login(gw);
  manyId = await createUser(gw, 'many@example.ru', '+79990000100');
  await createNotifications(gw.db, variedNotificationDrafts(manyId, 250, clock.now()), clock.now());
  manyToken = await login(gw, 'many@example.ru', 'password-123');
});
afterAll(() => gw.close());

const list = async (token: string, body: unknown) => {
  const answer = await post(gw, LIST, body, { token });
  expect(answer.status).toBe(200);
  return answer.body as Notification[];
};
const count = async (token: string, body: unknown = {}) => {
  const answer = await post(gw, COUNT, body, { token });
  expect(answer.status).toBe(200);
  return answer.json.count as number;
};
const summaryCount = async (token: string) => (await get(gw, '/account/user/getMySummary', token)).json.notificationsCount;
const page = (n: number, itemsOnPage = 20) => ({ pagination: { page: n, itemsOnPage } });
const byDateDesc = (items: Notification[]) =>
  items.every((item, i) => i === 0 || Date.parse(items[i - 1]?.createdAt ?? '') >= Date.parse(item.createdAt));

describe('the demo seed', () => {
  it('gives the demo user every type, some unread, and the summary counts the unread ones', async () => {
    const items = await list(demoToken, page(1, 200));
    const seeded = DEMO_NOTIFICATIONS.filter((item) => item.user === 'demo');
    expect(items).toHaveLength(seeded.length);
    expect(new Set(items.map((item) => item.type))).toEqual(new Set([
      'ClientAccessRequest', 'ClientAccessRequestDecision', 'InvitationToClient', 'InvitationResult', 'ClientRoleChanging', 'Looser',
    ]));
    const unread = items.filter((item) => item.readAt === null).length;
    expect(unread).toBe(demoUnreadCount('demo'));
    expect(unread).toBeGreaterThan(1);
    expect(await summaryCount(demoToken)).toBe(unread);
    expect(byDateDesc(items)).toBe(true);
  });
});

describe('List and ListCount', () => {
  it('pages through 250 without overlap, newest first, and the count matches', async () => {
    expect(await count(manyToken)).toBe(250);
    expect(await count(manyToken, page(3))).toBe(250);
    const pages = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((n) => list(manyToken, page(n))));
    expect(pages.map((p) => p.length)).toEqual([...Array<number>(12).fill(20), 10]);
    const all = pages.flat();
    expect(new Set(all.map((item) => item.id)).size).toBe(250);
    expect(byDateDesc(all)).toBe(true);
    expect(await list(manyToken, page(14))).toEqual([]);
  });

  it('breaks ties of equal dates by id, so equal dates do not repeat across pages', async () => {
    const tiedUser = await createUser(gw, 'tied@example.ru', '+79990000101');
    const at = clock.now();
    await createNotifications(gw.db, Array.from({ length: 7 }, () => ({
      userId: tiedUser, type: 'Looser', content: { WhoKickedYou: 'Анна', ClientName: 'Клиент' }, createdAt: at,
    })), at);
    const token = await login(gw, 'tied@example.ru', 'password-123');
    const desc = [...await list(token, page(1, 3)), ...await list(token, page(2, 3)), ...await list(token, page(3, 3))];
    expect(desc.map((item) => item.id)).toEqual([...desc.map((item) => item.id)].sort((a, b) => b - a));
    expect(new Set(desc.map((item) => item.id)).size).toBe(7);
    const asc = await list(token, { ...page(1, 10), sort: { code: 'createdAt', orderBy: 'asc' } });
    expect(asc.map((item) => item.id)).toEqual(desc.map((item) => item.id).reverse());
  });

  it('sorts oldest first on request', async () => {
    const asc = await list(manyToken, { ...page(1, 200), sort: { code: 'createdAt', orderBy: 'asc' } });
    const desc = await list(manyToken, { ...page(1, 200), sort: { code: 'createdAt', orderBy: 'desc' } });
    expect(asc[0]?.createdAt).toBe((await list(manyToken, page(13)))[9]?.createdAt);
    expect(byDateDesc([...asc].reverse())).toBe(true);
    expect(desc).toEqual(await list(manyToken, page(1, 200)));
  });

  it('NotRead keeps the unread ones only, in list and count alike', async () => {
    const unread = await list(manyToken, { ...page(1, 200), filters: ['NotRead'] });
    expect(unread.length).toBe(84);
    expect(unread.every((item) => item.readAt === null)).toBe(true);
    expect(await count(manyToken, { filters: ['NotRead'] })).toBe(84);
    expect(await count(manyToken, { filters: [] })).toBe(250);
  });

  it('searches the text of the content case-insensitively, with the filter and in the count', async () => {
    const found = await list(manyToken, { ...page(1, 200), search: '  мОРОЗОВ ' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((item) => Object.values(item.content).some((value) => String(value).includes('Морозов')))).toBe(true);
    expect(await count(manyToken, { search: 'морозов' })).toBe(found.length);
    const unreadFound = await count(manyToken, { search: 'морозов', filters: ['NotRead'] });
    expect(unreadFound).toBe(found.filter((item) => item.readAt === null).length);
    expect(await count(manyToken, { search: 'ИП Кузнецов' })).toBeGreaterThan(0);
    // Numbers and flags are not searched, and LIKE wildcards are plain characters.
    expect(await count(manyToken, { search: '1000' })).toBe(0);
    expect(await count(manyToken, { search: 'true' })).toBe(0);
    expect(await count(manyToken, { search: '%' })).toBe(0);
    expect(await count(manyToken, { search: '' })).toBe(250);
  });

  it('shows each user only their own notifications', async () => {
    const demoIds = new Set((await list(demoToken, page(1, 200))).map((item) => item.id));
    const manyIds = (await list(manyToken, page(1, 200))).map((item) => item.id);
    expect(manyIds.some((id) => demoIds.has(id))).toBe(false);
    expect(await count(demoToken, { search: 'Морозов' })).toBe(1);
  });
});

describe('ChangeReadStatus', () => {
  it('toggles read and unread, answering the new state and the unread count the summary shows too', async () => {
    const [first] = await list(demoToken, { ...page(1), filters: ['NotRead'] });
    if (!first) throw new Error('the demo user has no unread notification');
    const before = await count(demoToken, { filters: ['NotRead'] });
    clock.advance(60);
    const read = await get(gw, `${CHANGE}?id=${first.id}`, demoToken);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ id: first.id, readAt: clock.now().toISOString(), unreadCount: before - 1 });
    expect(await summaryCount(demoToken)).toBe(before - 1);
    expect((await list(demoToken, page(1, 200))).find((item) => item.id === first.id)?.readAt).toBe(clock.now().toISOString());
    const unread = await get(gw, `${CHANGE}?id=${first.id}`, demoToken);
    expect(unread.json).toEqual({ id: first.id, readAt: null, unreadCount: before });
    expect(await summaryCount(demoToken)).toBe(before);
  });

  it('sets the state with read=, keeping the first read time and doing nothing twice', async () => {
    const [first] = await list(demoToken, { ...page(1), filters: ['NotRead'] });
    if (!first) throw new Error('the demo user has no unread notification');
    const before = await count(demoToken, { filters: ['NotRead'] });
    const readAt = clock.now().toISOString();
    expect((await get(gw, `${CHANGE}?id=${first.id}&read=true`, demoToken)).json).toEqual({ id: first.id, readAt, unreadCount: before - 1 });
    clock.advance(60);
    expect((await get(gw, `${CHANGE}?id=${first.id}&read=true`, demoToken)).json).toEqual({ id: first.id, readAt, unreadCount: before - 1 });
    expect((await get(gw, `${CHANGE}?id=${first.id}&read=false`, demoToken)).json).toEqual({ id: first.id, readAt: null, unreadCount: before });
    expect((await get(gw, `${CHANGE}?id=${first.id}&read=false`, demoToken)).json).toEqual({ id: first.id, readAt: null, unreadCount: before });
  });

  it('answers 404 for another user\'s or a missing id and changes nothing', async () => {
    const [theirs] = await list(manyToken, { ...page(1), filters: ['NotRead'] });
    if (!theirs) throw new Error('no unread notification');
    const theirCount = await count(manyToken, { filters: ['NotRead'] });
    for (const id of [theirs.id, 99_999_999]) {
      const answer = await get(gw, `${CHANGE}?id=${id}`, demoToken);
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ field: 'id', code: 'notification_not_found', error: 'Уведомление не найдено' });
    }
    const beyond = await get(gw, `${CHANGE}?id=99999999999999`, demoToken);
    expect([beyond.status, beyond.json.field]).toEqual([400, 'id']);
    const [row] = await gw.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row?.readAt).toBeNull();
    expect(await count(manyToken, { filters: ['NotRead'] })).toBe(theirCount);
  });
});

describe('bad input', () => {
  const expect400 = async (url: string, body: unknown, field: string) => {
    const answer = await post(gw, url, body, { token: demoToken, lang: 'en' });
    expect(answer.status).toBe(400);
    expect(answer.json.field).toBe(field);
    expect(answer.json.error).toContain(field);
    return answer;
  };

  it('names the field of a bad page, page size, sort, filter or search', async () => {
    expect((await expect400(LIST, page(0), 'pagination.page')).json.error).toBe("Field 'pagination.page' must be from 1 to 1,000,000");
    await expect400(LIST, page(1, 0), 'pagination.itemsOnPage');
    const big = await post(gw, LIST, page(1, 201), { token: demoToken });
    expect(big.json).toMatchObject({ field: 'pagination.itemsOnPage', error: 'Поле «pagination.itemsOnPage» должно быть от 1 до 200' });
    await expect400(LIST, { pagination: { page: 1.5, itemsOnPage: 20 } }, 'pagination.page');
    await expect400(LIST, { ...page(1), sort: { code: 'title', orderBy: 'desc' } }, 'sort.code');
    await expect400(LIST, { ...page(1), sort: { code: 'createdAt', orderBy: 'up' } }, 'sort.orderBy');
    await expect400(LIST, { ...page(1), filters: ['Unread'] }, 'filters.0');
    await expect400(COUNT, { filters: ['NotRead', 'NotRead'] }, 'filters');
    expect((await expect400(LIST, { ...page(1), search: 'x'.repeat(201) }, 'search')).json.code).toBe('too_long');
    await expect400(COUNT, { search: 'x'.repeat(201) }, 'search');
    await expect400(LIST, { ...page(1), extra: 1 }, 'extra');
  });

  it('names the first missing field when the body is missing', async () => {
    await expect400(LIST, undefined, 'pagination');
    await expect400(LIST, {}, 'pagination');
    expect((await post(gw, COUNT, undefined, { token: demoToken })).status).toBe(200);
  });

  it('names a bad id or read value of ChangeReadStatus', async () => {
    for (const [query, field] of [['id=abc', 'id'], ['', 'id'], ['id=0', 'id'], ['id=-1', 'id'], ['id=1&read=yes', 'read']] as const) {
      const answer = await get(gw, `${CHANGE}?${query}`, demoToken);
      expect(answer.status).toBe(400);
      expect(answer.json.field).toBe(field);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await post(gw, LIST, page(1))).status).toBe(401);
    expect((await post(gw, COUNT, {})).status).toBe(401);
    expect((await get(gw, `${CHANGE}?id=1`)).status).toBe(401);
  });
});

describe('createNotification', () => {
  const draft = (type: string, content: unknown) => ({ userId: manyId, type, content });

  it('stores a valid notification unread, dated now', async () => {
    const row = await createNotification(gw.db, {
      userId: manyId, type: 'InvitationToClient', content: { CreatorName: 'Ольга', ClientName: 'НИИ', InvitationId: 7 },
    }, clock.now());
    expect(row).toMatchObject({ userId: manyId, type: 'InvitationToClient', readAt: null, createdAt: clock.now() });
    expect((await list(manyToken, page(1, 1)))[0]?.id).toBe(row.id);
  });

  it.each([
    ['an unknown type', draft('Birthday', { Name: 'x' }), null],
    ['a missing field', draft('Looser', { ClientName: 'НИИ' }), 'WhoKickedYou'],
    ['a field of the wrong type', draft('InvitationResult', { IsAccepted: 'yes', InvitedUsername: 'a', ClientName: 'b' }), 'IsAccepted'],
    ['an empty name', draft('Looser', { WhoKickedYou: '', ClientName: 'НИИ' }), 'WhoKickedYou'],
    ['an unknown field', draft('Looser', { WhoKickedYou: 'a', ClientName: 'b', Extra: 1 }), 'Extra'],
    ['a NUL character', draft('Looser', { WhoKickedYou: 'a\u0000', ClientName: 'b' }), 'WhoKickedYou'],
    ['content that is not an object', draft('Looser', 'text'), null],
  ])('refuses %s and stores nothing', async (_, bad, field) => {
    const before = await count(manyToken);
    const attempt = createNotification(gw.db, bad, clock.now());
    await expect(attempt).rejects.toBeInstanceOf(NotificationContentError);
    await expect(attempt).rejects.toMatchObject({ field });
    expect(await count(manyToken)).toBe(before);
  });

  it('refuses the whole batch when one draft is bad', async () => {
    const before = await count(manyToken);
    await expect(createNotifications(gw.db, [
      draft('Looser', { WhoKickedYou: 'a', ClientName: 'b' }), draft('Looser', { ClientName: 'b' }),
    ], clock.now())).rejects.toBeInstanceOf(NotificationContentError);
    expect(await count(manyToken)).toBe(before);
  });
});

describe('POST /dev/notifications (browser tests fill a list without the admin command)', () => {
  it('gives the caller, and nobody else, the asked number of notifications; bad counts get 400', async () => {
    const otherId = await createUser(gw, 'dev-notes@example.ru', '+79990000177');
    const token = await login(gw, 'dev-notes@example.ru', 'password-123');
    const demo = await login(gw);
    const before = await count(demo);
    const answer = await post(gw, '/dev/notifications', { count: 30 }, { token });
    expect(answer.status).toBe(200);
    expect(answer.json.created).toBe(30);
    expect(await count(token)).toBe(30);
    expect(await count(demo)).toBe(before);
    expect(otherId).toBeGreaterThan(0);
    for (const bad of [{ count: 0 }, { count: 1001 }, { count: 'many' }, {}]) {
      const refused = await post(gw, '/dev/notifications', bad, { token });
      expect(refused.status).toBe(400);
      expect(refused.json.field).toBe('count');
    }
    expect((await post(gw, '/dev/notifications', { count: 1 })).status).toBe(401);
  });

  it('does not exist in production', async () => {
    const production = await startGateway({ production: true });
    try {
      await createUser(production, 'owner@example.ru', '+79990005555');
      const token = await login(production, 'owner@example.ru', 'password-123');
      expect((await post(production, '/dev/notifications', { count: 1 }, { token })).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
