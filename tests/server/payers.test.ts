import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_FORMS, legalFormKind, type Payer } from '../../src/contract/payers';
import { checkPayer } from '../../src/contract/requisites';
import type { Gateway } from '../../server/app';
import { clients, clientUsers } from '../../server/db/schema';
import { payers } from '../../server/ordering-data/schema';
import { DEMO_PAYERS } from '../../server/seed/demo-ordering-data';
import { seed } from '../../server/seed/seed';
import { call, createClock, createUser, get, login, post, startGateway } from './helpers';

const clock = createClock();
let gw: Gateway;
const tokens = {} as Record<'owner' | 'engineer' | 'buyer' | 'universal' | 'outsider' | 'demo', string>;
let clientId = 0;
let otherClientId = 0;

const PAYER = {
  legalForm: 'ooo', name: 'ООО «Плательщик»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
  legalAddress: 'Москва, ул. Вавилова, д. 19', bik: '044525225', bankName: 'ПАО Сбербанк',
  settlementAccount: '40702810938000000001', correspondentAccount: '30101810400000000225',
};
const ENTREPRENEUR = { ...PAYER, legalForm: 'ip', name: 'ИП Петров П. П.', inn: '500100732259', kpp: null, ogrn: '304500116000157' };
const PAGE = { pagination: { page: 1, itemsOnPage: 20 } };

const del = (body: unknown, token: string) => call(gw, 'DELETE', '/account/Counteragents/Delete', { body, token });
const create = (body: Record<string, unknown>, token = tokens.owner, lang: 'ru' | 'en' = 'ru') =>
  post(gw, '/account/Counteragents/Create', { clientId, ...body }, { token, lang });
const list = async (body: Record<string, unknown> = {}, token = tokens.owner) => {
  const answer = await post(gw, '/account/Counteragents/List', { clientId, ...PAGE, ...body }, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Payer[];
};
const countOf = async (body: Record<string, unknown> = {}) =>
  (await post(gw, '/account/Counteragents/ListCount', { clientId, ...body }, { token: tokens.owner })).json.count;
const stored = (id = clientId) => gw.db.select().from(payers).where(eq(payers.clientId, id));
const clearPayers = () => gw.db.delete(payers).where(eq(payers.clientId, clientId));

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  const ids = {
    owner: await createUser(gw, 'payer-owner@example.ru', '+79990003001'),
    engineer: await createUser(gw, 'payer-engineer@example.ru', '+79990003002'),
    buyer: await createUser(gw, 'payer-buyer@example.ru', '+79990003003'),
    universal: await createUser(gw, 'payer-universal@example.ru', '+79990003004'),
    outsider: await createUser(gw, 'payer-outsider@example.ru', '+79990003005'),
  };
  const [mine, other] = await gw.db.insert(clients).values([
    { name: 'Плательщики', fullName: 'ООО «Плательщики»', clientType: 'corporate', isLegal: true },
    { name: 'Чужие плательщики', fullName: 'ООО «Чужие»', clientType: 'corporate', isLegal: true },
  ]).returning();
  if (!mine || !other) throw new Error('clients not created');
  clientId = mine.id;
  otherClientId = other.id;
  await gw.db.insert(clientUsers).values([
    { clientId, userId: ids.owner, role: 1 }, { clientId, userId: ids.engineer, role: 4 },
    { clientId, userId: ids.buyer, role: 5 }, { clientId, userId: ids.universal, role: 3 },
    { clientId: otherClientId, userId: ids.outsider, role: 1 },
  ]);
  for (const key of ['owner', 'engineer', 'buyer', 'universal', 'outsider'] as const) {
    tokens[key] = await login(gw, `payer-${key}@example.ru`, 'password-123');
  }
  tokens.demo = await login(gw);
});

afterAll(async () => {
  await gw.close();
});

describe('the demo seed', () => {
  it('gives the demo clients payers whose requisites pass the checks', async () => {
    for (const payer of DEMO_PAYERS) {
      expect(checkPayer(legalFormKind(payer.legalForm as 'ooo' | 'ip'), { ...payer, kpp: payer.kpp ?? null }), payer.name).toEqual([]);
    }
    const [es] = await gw.db.select().from(clients).where(eq(clients.name, 'Электронные системы'));
    const [kuz] = await gw.db.select().from(clients).where(eq(clients.name, 'ИП Кузнецов А. В.'));
    const esPayers = await post(gw, '/account/Counteragents/List', { clientId: es?.id, ...PAGE }, { token: tokens.demo });
    expect((esPayers.body as Payer[]).map((one) => one.legalForm).sort()).toEqual(['ip', 'ooo']);
    const kuzPayers = await post(gw, '/account/Counteragents/List', { clientId: kuz?.id, ...PAGE }, { token: tokens.demo });
    expect((kuzPayers.body as Payer[]).map((one) => one.name)).toEqual(['ИП Кузнецов Алексей Викторович']);
  });

  it('adds nothing on a second run', async () => {
    const before = await gw.db.select().from(payers);
    await seed(gw.db, { demo: true, now: clock.now() });
    expect(await gw.db.select().from(payers)).toEqual(before);
  });
});

describe('creating, reading, changing and deleting a payer', () => {
  it('refuses a wrong INN checksum and stores nothing; the correct INN is stored and listed', async () => {
    await clearPayers();
    const wrong = await create({ ...PAYER, inn: '7707083894' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ field: 'inn', code: 'requisite_checksum', error: 'ИНН: неверная контрольная сумма' });
    expect(await stored()).toEqual([]);

    const right = await create({ ...PAYER, name: '  ООО «Плательщик»  ', legalAddress: ' Москва ' });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.json).toMatchObject({ ...PAYER, legalAddress: 'Москва', clientId, createdAt: clock.now().toISOString() });
    expect((await list()).map((one) => one.id)).toEqual([right.json.id]);
    expect(await countOf()).toBe(1);
    const read = await get(gw, `/account/Counteragents/Get?id=${right.json.id}`, tokens.engineer);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(right.json);
  });

  it('stores an entrepreneur with no KPP, a blank one as null', async () => {
    await clearPayers();
    const answer = await create({ ...ENTREPRENEUR, kpp: '  ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json.kpp).toBeNull();
    const [row] = await stored();
    expect(row?.kpp).toBeNull();
  });

  it('updates a payer and its update time; deletes it', async () => {
    await clearPayers();
    const created = await create(PAYER);
    clock.advance(60);
    const updated = await post(gw, '/account/Counteragents/Update', { id: created.json.id, ...PAYER, name: 'ООО «Новое имя»' }, { token: tokens.buyer });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.json).toMatchObject({ name: 'ООО «Новое имя»', createdAt: created.json.createdAt, updatedAt: clock.now().toISOString() });
    const removed = await del({ id: created.json.id }, tokens.universal);
    expect(removed.json).toEqual({ ok: true });
    expect(await stored()).toEqual([]);
    expect((await get(gw, `/account/Counteragents/Get?id=${created.json.id}`, tokens.owner)).status).toBe(404);
  });

  it('refuses the same INN and KPP twice in one client (409 on inn), allows them in another client or with another KPP', async () => {
    await clearPayers();
    expect((await create(PAYER)).status).toBe(200);
    const twin = await create({ ...PAYER, name: 'Другое имя' });
    expect(twin.status).toBe(409);
    expect(twin.json).toMatchObject({ field: 'inn', code: 'duplicate' });
    expect(await stored()).toHaveLength(1);
    const branch = await create({ ...PAYER, kpp: '773602001', name: 'Филиал' });
    expect(branch.status).toBe(200);
    const elsewhere = await post(gw, '/account/Counteragents/Create', { clientId: otherClientId, ...PAYER }, { token: tokens.outsider });
    expect(elsewhere.status).toBe(200);
    const moveOnto = await post(gw, '/account/Counteragents/Update', { id: branch.json.id, ...PAYER }, { token: tokens.owner });
    expect(moveOnto.status).toBe(409);
    const keepOwn = await post(
      gw,
      '/account/Counteragents/Update',
      { id: branch.json.id, ...PAYER, kpp: '773602001', name: 'Филиал 2' },
      { token: tokens.owner },
    );
    expect(keepOwn.status).toBe(200);
    await gw.db.delete(payers).where(eq(payers.clientId, otherClientId));
  });

  it('answers the legal forms', async () => {
    const answer = await get(gw, '/account/Counteragents/LegalForms', tokens.engineer);
    expect(answer.body).toEqual(LEGAL_FORMS);
  });
});

describe('each requisite problem answers 400 on its field and stores nothing', () => {
  const cases: Array<[string, Record<string, unknown>, string, string, string]> = [
    ['blank name', { name: '   ' }, 'name', 'required', 'Укажите наименование плательщика'],
    ['blank INN', { inn: '  ' }, 'inn', 'requisite_required', 'Укажите ИНН'],
    ['INN with a letter', { inn: '77070838a3' }, 'inn', 'requisite_digits', 'ИНН должен состоять только из цифр'],
    ['INN of 9 digits', { inn: '770708389' }, 'inn', 'requisite_length', 'ИНН должен состоять из 10 цифр'],
    ["a person's INN for an ООО", { inn: '500100732259' }, 'inn', 'requisite_length', 'ИНН должен состоять из 10 цифр'],
    ['no KPP for an ООО', { kpp: null }, 'kpp', 'requisite_required', 'Укажите КПП'],
    ['KPP of 8 characters', { kpp: '77360100' }, 'kpp', 'requisite_length', 'КПП должен состоять из 9 символов'],
    [
      'KPP with small letters',
      { kpp: '7736ab001' },
      'kpp',
      'requisite_format',
      'КПП: 4 цифры, затем 2 цифры или заглавные латинские буквы, затем 3 цифры',
    ],
    ['OGRN checksum', { ogrn: '1027700132196' }, 'ogrn', 'requisite_checksum', 'ОГРН: неверная контрольная сумма'],
    ['OGRN of 12 digits', { ogrn: '102770013219' }, 'ogrn', 'requisite_length', 'ОГРН должен состоять из 13 цифр'],
    ['BIK not of a Russian bank', { bik: '144525225' }, 'bik', 'requisite_bikFirst', 'БИК российского банка начинается с 04'],
    ['BIK of 8 digits', { bik: '04452522' }, 'bik', 'requisite_length', 'БИК должен состоять из 9 цифр'],
    [
      'settlement account of another bank',
      { settlementAccount: '40702810938000000002' },
      'settlementAccount',
      'requisite_checksum',
      'Расчётный счёт не соответствует БИК: проверьте счёт и БИК банка',
    ],
    [
      'settlement account with a letter',
      { settlementAccount: '4070281093800000000O' },
      'settlementAccount',
      'requisite_digits',
      'Расчётный счёт должен состоять только из цифр',
    ],
    [
      'settlement account of 19 digits',
      { settlementAccount: '4070281093800000000' },
      'settlementAccount',
      'requisite_length',
      'Расчётный счёт должен состоять из 20 цифр',
    ],
    [
      'correspondent account not 301',
      { correspondentAccount: '40101810400000000225' },
      'correspondentAccount',
      'requisite_format',
      'Корреспондентский счёт начинается с 301',
    ],
    [
      'correspondent account checksum',
      { correspondentAccount: '30101810400000000226' },
      'correspondentAccount',
      'requisite_checksum',
      'Корреспондентский счёт не соответствует БИК: проверьте счёт и БИК банка',
    ],
    [
      'correspondent account of 19 digits',
      { correspondentAccount: '3010181040000000022' },
      'correspondentAccount',
      'requisite_length',
      'Корреспондентский счёт должен состоять из 20 цифр',
    ],
    ['the INN before the BIK', { inn: '7707083894', bik: '144525225' }, 'inn', 'requisite_checksum', 'ИНН: неверная контрольная сумма'],
  ];
  for (const [title, change, field, code, error] of cases) {
    it(title, async () => {
      await clearPayers();
      const answer = await create({ ...PAYER, ...change });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ field, code, error });
      expect(await stored()).toEqual([]);
    });
  }

  const entrepreneurCases: Array<[string, Record<string, unknown>, string, string, string]> = [
    ['a KPP for an entrepreneur', { kpp: '773601001' }, 'kpp', 'requisite_notAllowed', 'У индивидуального предпринимателя нет КПП: оставьте поле пустым'],
    ['a company INN for an entrepreneur', { inn: '7707083893' }, 'inn', 'requisite_length', 'ИНН должен состоять из 12 цифр'],
    ['OGRNIP checksum', { ogrn: '304500116000158' }, 'ogrn', 'requisite_checksum', 'ОГРНИП: неверная контрольная сумма'],
    ['an OGRN for an entrepreneur', { ogrn: '1027700132195' }, 'ogrn', 'requisite_length', 'ОГРНИП должен состоять из 15 цифр'],
  ];
  for (const [title, change, field, code, error] of entrepreneurCases) {
    it(title, async () => {
      await clearPayers();
      const answer = await create({ ...ENTREPRENEUR, ...change });
      expect(answer.json).toEqual({ field, code, error });
      expect(await stored()).toEqual([]);
    });
  }

  it('speaks English to an English caller', async () => {
    const answer = await create({ ...PAYER, settlementAccount: '40702810938000000002' }, tokens.owner, 'en');
    expect(answer.json.error).toBe('The settlement account does not match the BIK: check the account and the bank\'s BIK');
    const inn = await create({ ...PAYER, inn: '7707083894' }, tokens.owner, 'en');
    expect(inn.json.error).toBe('INN: wrong check digit');
  });

  it('checks an update the same way and keeps the stored payer', async () => {
    await clearPayers();
    const created = await create(PAYER);
    const answer = await post(
      gw,
      '/account/Counteragents/Update',
      { id: created.json.id, ...PAYER, name: 'Другое', ogrn: '1027700132196' },
      { token: tokens.owner },
    );
    expect(answer.json).toMatchObject({ field: 'ogrn', code: 'requisite_checksum' });
    const [row] = await stored();
    expect(row?.name).toBe(PAYER.name);
  });
});

describe('the list', () => {
  beforeAll(async () => {
    await clearPayers();
    const payers = [
      { ...PAYER, name: 'ООО «Бета»' },
      { ...ENTREPRENEUR, name: 'ИП Альфа' },
      { ...PAYER, name: 'ао «гамма»', legalForm: 'ao', kpp: '773602001' },
      { ...PAYER, name: 'ООО «Дельта 100%»', kpp: '773603001', inn: '7736050003', ogrn: '1027700132195' },
    ];
    for (const payer of payers) {
      clock.advance(1);
      const answer = await create(payer);
      if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    }
  });
  const names = (rows: Payer[]) => rows.map((one) => one.name);

  it('is newest first by default, sorts by name either way and by creation time', async () => {
    expect(names(await list())).toEqual(['ООО «Дельта 100%»', 'ао «гамма»', 'ИП Альфа', 'ООО «Бета»']);
    expect(names(await list({ sort: { code: 'name', orderBy: 'asc' } }))).toEqual(['ао «гамма»', 'ИП Альфа', 'ООО «Бета»', 'ООО «Дельта 100%»']);
    expect(names(await list({ sort: { code: 'name', orderBy: 'desc' } }))).toEqual(['ООО «Дельта 100%»', 'ООО «Бета»', 'ИП Альфа', 'ао «гамма»']);
    expect(names(await list({ sort: { code: 'createdAt', orderBy: 'asc' } }))).toEqual(['ООО «Бета»', 'ИП Альфа', 'ао «гамма»', 'ООО «Дельта 100%»']);
  });

  it('searches the name case-insensitively and the INN, with % taken literally', async () => {
    expect(names(await list({ search: 'ГАММ' }))).toEqual(['ао «гамма»']);
    expect(names(await list({ search: '  73605 ' }))).toEqual(['ООО «Дельта 100%»']);
    expect(names(await list({ search: '100%' }))).toEqual(['ООО «Дельта 100%»']);
    expect(await list({ search: '%' })).toHaveLength(1);
    expect(await countOf({ search: '7707083893' })).toBe(2);
  });

  it('filters by the kind of legal form; both filters mean either kind', async () => {
    expect(names(await list({ filters: ['entrepreneur'] }))).toEqual(['ИП Альфа']);
    expect(await countOf({ filters: ['legal'] })).toBe(3);
    expect(await countOf({ filters: ['legal', 'entrepreneur'] })).toBe(4);
    expect(await countOf({ filters: ['legal'], search: 'бета' })).toBe(1);
  });

  it('pages without overlap, ties broken by id', async () => {
    await gw.db.update(payers).set({ createdAt: clock.now() }).where(eq(payers.clientId, clientId));
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...await list({ pagination: { page, itemsOnPage: 2 }, sort: { code: 'createdAt', orderBy: 'asc' } }));
    expect(pages.map((one) => one.id)).toEqual([...pages.map((one) => one.id)].sort((a, b) => a - b));
    expect(new Set(pages.map((one) => one.id)).size).toBe(4);
  });
});

describe('refusals', () => {
  let payerId = 0;
  beforeAll(async () => {
    await clearPayers();
    payerId = Number((await create(PAYER)).json.id);
  });
  const snapshot = async () => JSON.stringify(await stored());

  it('a member of another client gets 404 on every call and nothing changes', async () => {
    const before = await snapshot();
    const token = tokens.outsider;
    const answers = [
      await post(gw, '/account/Counteragents/List', { clientId, ...PAGE }, { token }),
      await post(gw, '/account/Counteragents/ListCount', { clientId }, { token }),
      await get(gw, `/account/Counteragents/Get?id=${payerId}`, token),
      await post(gw, '/account/Counteragents/Create', { clientId, ...ENTREPRENEUR }, { token }),
      await post(gw, '/account/Counteragents/Update', { id: payerId, ...PAYER, name: 'Взлом' }, { token }),
      await del({ id: payerId }, token),
    ];
    expect(answers.map((one) => one.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await snapshot()).toBe(before);
  });

  it('a missing id is 404, like another client\'s; one beyond the database\'s integer is 400 naming it', async () => {
    expect((await get(gw, '/account/Counteragents/Get?id=999999', tokens.owner)).status).toBe(404);
    const beyond = await get(gw, '/account/Counteragents/Get?id=99999999999999', tokens.owner);
    expect([beyond.status, beyond.json.field]).toEqual([400, 'id']);
    expect((await del({ id: 999999 }, tokens.owner)).status).toBe(404);
  });

  it('an engineer reads but gets 403 on every write, before the values are checked', async () => {
    const before = await snapshot();
    expect(await list({}, tokens.engineer)).toHaveLength(1);
    const answers = [
      await create(ENTREPRENEUR, tokens.engineer),
      await create({ ...PAYER, inn: 'bad' }, tokens.engineer),
      await post(gw, '/account/Counteragents/Update', { id: payerId, ...PAYER, name: 'Инженер' }, { token: tokens.engineer }),
      await del({ id: payerId }, tokens.engineer),
    ];
    expect(answers.map((one) => [one.status, one.json.code])).toEqual(Array(4).fill([403, 'forbidden']));
    expect(await snapshot()).toBe(before);
  });

  it('an anonymous caller gets 401', async () => {
    expect((await post(gw, '/account/Counteragents/List', { clientId, ...PAGE })).status).toBe(401);
    expect((await post(gw, '/account/Counteragents/Create', { clientId, ...PAYER })).status).toBe(401);
  });
});
