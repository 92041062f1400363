import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, RestorationClientData } from '../../src/contract/clients';
import type { Gateway } from '../../server/app';
import { authProcesses } from '../../server/auth/schema';
import { clients } from '../../server/db/schema';
import { legacyClients } from '../../server/clients/schema';
import { createClock, lastCode, login, outbox, post, startGateway, wrongCode } from './helpers';
import { person, roleOf, type Person } from './client-fixtures';

/** Restoring a client of the old cabinet by its e-mail or by an order number, through an e-mail code. */

let gw: Gateway;
const clock = createClock();
let alice: Person;
let bob: Person;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  alice = await person(gw, 'alice', 'Алиса', 'Восстановлева');
  bob = await person(gw, 'bob', 'Борис', 'Второй');
});
afterAll(() => gw.close());

/** Tokens live 300 s on the gateway clock; the tests move it past resend pauses and code lifetimes. */
async function refreshTokens() {
  alice.token = await login(gw, alice.email, 'password-123');
  bob.token = await login(gw, bob.email, 'password-123');
}

const byEmail = (who: Person, oldLKEmail: string) => post(gw, '/account/Clients/RestoreFromOldLK', { oldLKEmail }, { token: who.token });
const byOrder = (who: Person, orderEmail: string, orderNumber: string) =>
  post(gw, '/account/Clients/RestoreByOrderNumber', { orderEmail, orderNumber }, { token: who.token });
const confirm = (who: Person, restorationId: string, code: string) =>
  post(gw, '/account/Clients/ConfirmEmail', { restorationId, code }, { token: who.token });
const finish = (who: Person, restorationId: string, clientData: RestorationClientData) =>
  post(gw, '/account/Clients/FinishRestoring', { restorationId, clientData }, { token: who.token });
const processCount = async () => (await gw.db.select().from(authProcesses).where(eq(authProcesses.kind, 'client_restoration'))).length;
const legacyByEmail = async (email: string) => (await gw.db.select().from(legacyClients).where(eq(legacyClients.email, email)))[0];

describe('by the old cabinet\'s e-mail', () => {
  let restorationId = '';
  let clientData: RestorationClientData;

  it('answers 404 naming the field for an unknown e-mail, starting nothing; 401 when anonymous', async () => {
    const answer = await byEmail(alice, 'nobody@example.ru');
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ field: 'oldLKEmail', error: 'Клиент старого личного кабинета с таким e-mail не найден' });
    expect(await processCount()).toBe(0);
    expect((await post(gw, '/account/Clients/RestoreFromOldLK', { oldLKEmail: 'old@example.ru' })).status).toBe(401);
  });

  it('sends a six-digit code to the old e-mail (any letter case) and keeps the resend pause', async () => {
    const answer = await byEmail(alice, 'OLD@Example.ru');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json).toMatchObject({ sentTo: 'o***@example.ru', codeLength: 6, resendAfterSeconds: 30 });
    restorationId = String(answer.json.restorationId);
    expect(await lastCode(gw, 'old@example.ru')).toMatch(/^\d{6}$/);
    const tooSoon = await byEmail(alice, 'old@example.ru');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.code).toBe('resend_too_soon');
    clock.advance(31);
    const again = await byEmail(alice, 'old@example.ru');
    expect(again.status).toBe(200);
    expect(again.json.restorationId).toBe(restorationId);
    expect(await processCount()).toBe(1);
  });

  it('refuses FinishRestoring before the code and another user\'s ConfirmEmail (404)', async () => {
    const code = await lastCode(gw, 'old@example.ru');
    const early = await finish(alice, restorationId, {
      name: 'X', fullName: 'X', clientType: 'individual', inn: null, kpp: null, ogrn: null, countryId: null, regionId: null,
    });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('email_not_confirmed');
    const foreign = await confirm(bob, restorationId, code);
    expect(foreign.status).toBe(404);
    expect(foreign.json.field).toBe('restorationId');
  });

  it('counts wrong codes and then gives the old client\'s data for the right one', async () => {
    const code = await lastCode(gw, 'old@example.ru');
    const wrong = await confirm(alice, restorationId, wrongCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ field: 'code', code: 'code_wrong', error: 'Неверный код. Осталось попыток: 4' });
    const right = await confirm(alice, restorationId, code);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    clientData = (right.body as { clientData: RestorationClientData }).clientData;
    expect(clientData).toEqual({
      name: 'Микроволна', fullName: 'ООО «Микроволна»', clientType: 'corporate', inn: '5029384711', kpp: '502901001',
      ogrn: '1055003098765', countryId: 1, regionId: 3,
    });
    expect((await confirm(alice, restorationId, code)).json.code).toBe('code_used');
  });

  it('checks the edited data like Create, storing nothing on a refusal', async () => {
    const before = (await gw.db.select().from(clients)).length;
    const badInn = await finish(alice, restorationId, { ...clientData, inn: '5029384712' });
    expect(badInn.status).toBe(400);
    expect(badInn.json).toMatchObject({ field: 'inn', code: 'requisite_checksum' });
    expect((await finish(alice, restorationId, { ...clientData, regionId: 1, countryId: 2 })).json.field).toBe('regionId');
    expect((await finish(bob, restorationId, clientData)).status).toBe(404);
    expect((await gw.db.select().from(clients)).length).toBe(before);
    expect((await legacyByEmail('old@example.ru'))?.restoredClientId).toBeNull();
  });

  it('creates the client with the caller as owner, marks the old one restored, and refuses a second finish', async () => {
    const answer = await finish(alice, restorationId, { ...clientData, name: 'Микроволна-2' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const client = answer.body as Client;
    expect(client).toMatchObject({ name: 'Микроволна-2', inn: '5029384711', role: 1, usersCount: 1, isLegal: true });
    expect(await roleOf(gw, client.id, alice.id)).toBe(1);
    expect((await legacyByEmail('old@example.ru'))?.restoredClientId).toBe(client.id);
    const twice = await finish(alice, restorationId, clientData);
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe('already_restored');
    expect((await byEmail(bob, 'old@example.ru')).status).toBe(404);
  });
});

describe('by an order number with the order\'s e-mail', () => {
  it('answers the same 404 whether the number or the e-mail is wrong', async () => {
    const wrongNumber = await byOrder(bob, 'orders@example.ru', 'ЛК-2019-0043');
    const wrongEmail = await byOrder(bob, 'other@example.ru', 'ЛК-2019-0042');
    expect(wrongNumber.status).toBe(404);
    expect(wrongEmail.body).toEqual(wrongNumber.body);
    expect(wrongNumber.json).toMatchObject({ field: 'orderNumber', code: 'not_found' });
  });

  it('lets only the first of two users finish; the other gets 409', async () => {
    clock.advance(60);
    await refreshTokens();
    const bobStart = await byOrder(bob, 'Orders@example.ru', 'лк-2019-0042');
    expect(bobStart.status, JSON.stringify(bobStart.body)).toBe(200);
    expect(bobStart.json.sentTo).toBe('o***@example.ru');
    const bobId = String(bobStart.json.restorationId);
    const bobConfirmed = await confirm(bob, bobId, await lastCode(gw, 'orders@example.ru'));
    expect(bobConfirmed.status).toBe(200);
    const data = (bobConfirmed.body as { clientData: RestorationClientData }).clientData;
    expect(data).toMatchObject({ name: 'Уралприбор', inn: '6612048391' });

    const aliceStart = await byOrder(alice, 'orders@example.ru', 'ЛК-2019-0042');
    const aliceId = String(aliceStart.json.restorationId);
    expect(aliceId).not.toBe(bobId);
    expect((await confirm(alice, aliceId, await lastCode(gw, 'orders@example.ru'))).status).toBe(200);
    expect((await finish(alice, aliceId, data)).status).toBe(200);

    const late = await finish(bob, bobId, data);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('already_restored');
    expect((await gw.db.select().from(clients).where(eq(clients.inn, '6612048391'))).length).toBe(1);
  });

  it('answers 409 client_exists when the INN belongs to a live client', async () => {
    const start = await byEmail(bob, 'ip-old@example.ru');
    const id = String(start.json.restorationId);
    const confirmed = await confirm(bob, id, await lastCode(gw, 'ip-old@example.ru'));
    const data = (confirmed.body as { clientData: RestorationClientData }).clientData;
    const [alices] = await gw.db.select().from(clients).where(eq(clients.inn, '5029384711'));
    const taken = await finish(bob, id, { ...data, clientType: 'corporate', inn: '5029384711', kpp: '502901001', ogrn: '1055003098765' });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: 'client_exists', clientId: alices?.id, clientName: 'Микроволна-2' });
    expect((await legacyByEmail('ip-old@example.ru'))?.restoredClientId).toBeNull();
    const done = await finish(bob, id, data);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.json).toMatchObject({ clientType: 'entrepreneur', ogrn: '311774600123450', kpp: null });
  });

  it('finds nothing by another order of an old client already restored', async () => {
    const sent = (await outbox(gw)).length;
    const start = await byOrder(alice, 'buh@uralpribor.ru', 'ЛК-2019-0057');
    expect(start.status).toBe(404);
    expect((await outbox(gw)).length).toBe(sent);
  });

  it('refuses an expired code', async () => {
    await gw.db.insert(legacyClients).values({
      email: 'late@example.ru', name: 'Опоздавшие', fullName: 'ООО «Опоздавшие»', clientType: 'corporate',
      inn: '5405123458', kpp: '540501001', ogrn: '1027700132195',
    });
    clock.advance(31);
    await refreshTokens();
    const start = await byEmail(alice, 'late@example.ru');
    expect(start.status).toBe(200);
    const code = await lastCode(gw, 'late@example.ru');
    clock.advance(301);
    await refreshTokens();
    const expired = await confirm(alice, String(start.json.restorationId), code);
    expect(expired.status).toBe(400);
    expect(expired.json.code).toBe('code_expired');
  });
});
