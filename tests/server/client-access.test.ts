import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as access from '../../src/contract/client-access';
import type { AccessRequest, Invitation } from '../../src/contract/client-access';
import type { Gateway } from '../../server/app';
import { notifications } from '../../server/notifications/schema';
import { outbox as outboxTable } from '../../server/delivery/schema';
import { clients, clientUsers, users } from '../../server/db/schema';
import { accessRequests, invitations } from '../../server/client-access/schema';
import { DEMO_ACCESS_REQUESTS, DEMO_INVITATIONS } from '../../server/seed/demo-access';
import { call, createClock, createUser, DEMO, DEMO_2FA, get, lastCode, login, outbox, post, startGateway } from './helpers';

/** Access requests and invitations end to end, with the notifications each step leaves. */

const clock = createClock();
let gw: Gateway;
beforeAll(async () => { gw = await startGateway({ now: clock.now }); });
afterAll(() => gw.close());

const A = '/account/Clients/';
interface Person { id: number; token: string; email: string; name: string }
let serial = 0;

/** A signed-in account with a full name (first, patronymic, last), as notifications name people. */
async function person(first: string, patronymic: string, last: string): Promise<Person> {
  serial += 1;
  const email = `user${serial}@access.test`;
  const id = await createUser(gw, email, `+7999555${String(serial).padStart(4, '0')}`);
  await gw.db.update(users).set({ firstName: first, patronymic, lastName: last }).where(eq(users.id, id));
  return { id, email, token: await login(gw, email, 'password-123'), name: `${first} ${patronymic} ${last}` };
}

async function organisation(name: string, members: Array<[Person, number]>): Promise<number> {
  const [row] = await gw.db.insert(clients).values({ name, fullName: `ООО «${name}»`, clientType: 'corporate', isLegal: true }).returning();
  if (!row) throw new Error('client not created');
  await gw.db.insert(clientUsers).values(members.map(([member, role]) => ({ clientId: row.id, userId: member.id, role })));
  return row.id;
}

const notesOf = (who: Person) => gw.db.select().from(notifications).where(eq(notifications.userId, who.id)).orderBy(notifications.id);
const roleOf = async (clientId: number, who: Person) => (await gw.db.select().from(clientUsers)
  .where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, who.id))))[0]?.role ?? null;
async function snapshot(clientId: number): Promise<string> {
  const rows = await Promise.all([
    gw.db.select().from(clientUsers).where(eq(clientUsers.clientId, clientId)),
    gw.db.select().from(accessRequests).where(eq(accessRequests.clientId, clientId)),
    gw.db.select().from(invitations).where(eq(invitations.clientId, clientId)),
    gw.db.select().from(notifications),
  ]);
  return JSON.stringify(rows);
}

const ask = (who: Person, clientId: number, message = 'Прошу доступ', lang: 'ru' | 'en' = 'ru') =>
  post(gw, `${A}RequestAccessFromAdmins`, { clientId, message }, { token: who.token, lang });
const decide = (who: Person, verb: 'Accept' | 'Decline', id: number, lang: 'ru' | 'en' = 'ru') =>
  get(gw, `${A}${verb}AccessRequest?accessRequestId=${id}`, who.token, { lang });
const sendInvite = (who: Person, body: Record<string, unknown>, lang: 'ru' | 'en' = 'ru') =>
  post(gw, `${A}Invite`, body, { token: who.token, lang });
const answer = (who: Person, verb: 'Accept' | 'Decline' | 'Cancel', id: number) => get(gw, `${A}${verb}Invitation?invitationId=${id}`, who.token);

describe('access requests', () => {
  let owner: Person; let admin: Person; let universal: Person; let engineer: Person; let stranger: Person;
  let clientId: number;
  beforeAll(async () => {
    owner = await person('Иван', 'Петрович', 'Смирнов');
    admin = await person('Ольга', 'Сергеевна', 'Кузнецова');
    universal = await person('Анна', 'Игоревна', 'Лебедева');
    engineer = await person('Сергей', 'Павлович', 'Орлов');
    stranger = await person('Глеб', 'Олегович', 'Чужой');
    clientId = await organisation('Запросы', [[owner, 1], [admin, 2], [universal, 3], [engineer, 4]]);
    await organisation('Чужая', [[stranger, 1]]);
  });

  it('a request notifies every owner and admin, and only they and the requester can see it', async () => {
    const requester = await person('Пётр', 'Андреевич', 'Петров');
    const sent = await ask(requester, clientId, '  Работаю инженером  ');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const request = sent.body as AccessRequest;
    expect(request).toMatchObject({
      clientId, clientName: 'Запросы', requesterName: 'Пётр Андреевич Петров', requesterEmail: requester.email,
      message: 'Работаю инженером', status: 'pending', acceptedAt: null, declinedAt: null, solverName: null, canDecide: false,
    });
    for (const manager of [owner, admin]) {
      expect((await notesOf(manager)).map((note) => [note.type, note.content])).toEqual([
        ['ClientAccessRequest', { RequesterName: 'Пётр Андреевич Петров', ClientName: 'Запросы', RequestId: request.id }],
      ]);
    }
    for (const other of [universal, engineer, requester, stranger]) expect(await notesOf(other)).toEqual([]);

    expect((await get(gw, `${A}GetAccessRequest?id=${request.id}`, admin.token)).json).toMatchObject({ id: request.id, canDecide: true });
    expect((await get(gw, `${A}GetAccessRequest?id=${request.id}`, requester.token)).json).toMatchObject({ id: request.id, canDecide: false });
    for (const other of [universal, engineer, stranger]) {
      expect((await get(gw, `${A}GetAccessRequest?id=${request.id}`, other.token)).status).toBe(404);
    }
    expect((await get(gw, `${A}GetAccessRequests?clientId=${clientId}`, owner.token)).body).toEqual([{ ...request, canDecide: true }]);
    expect((await get(gw, `${A}GetAccessRequests?clientId=${clientId}`, engineer.token)).json.code).toBe('forbidden');
    expect((await get(gw, `${A}GetAccessRequests?clientId=${clientId}`, stranger.token)).status).toBe(404);
    expect((await get(gw, `${A}GetMyAccessRequests`, requester.token)).body).toEqual([request]);
    expect((await get(gw, `${A}GetMyAccessRequests`, owner.token)).body).toEqual([]);
  });

  it('refuses a second pending request, a member, an unknown client and an anonymous caller', async () => {
    const requester = await person('Мария', 'Игоревна', 'Новикова');
    expect((await ask(requester, clientId)).status).toBe(200);
    const before = await snapshot(clientId);
    const again = await ask(requester, clientId);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'request_pending', field: 'clientId' });
    const member = await ask(engineer, clientId, 'x', 'en');
    expect(member.status).toBe(409);
    expect(member.json).toMatchObject({ code: 'already_member', error: 'You are already a member of this client' });
    expect((await ask(requester, 999_999)).status).toBe(404);
    expect((await post(gw, `${A}RequestAccessFromAdmins`, { clientId, message: '' })).status).toBe(401);
    expect(await snapshot(clientId)).toBe(before);
  });

  it('accepting joins the requester as Универсал, names the solver and notifies only the requester', async () => {
    const requester = await person('Дмитрий', 'Олегович', 'Соколов');
    const { id } = (await ask(requester, clientId)).body as AccessRequest;
    const before = { owner: (await notesOf(owner)).length, admin: (await notesOf(admin)).length };
    clock.advance(60);
    const accepted = await decide(admin, 'Accept', id);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.json).toMatchObject({
      status: 'accepted',
      solverName: admin.name,
      canDecide: false,
      declinedAt: null,
      acceptedAt: clock.now().toISOString(),
    });
    expect(await roleOf(clientId, requester)).toBe(3);
    expect((await notesOf(requester)).map((note) => [note.type, note.content])).toEqual([
      ['ClientAccessRequestDecision', { IsAccepted: true, ClientName: 'Запросы' }],
    ]);
    expect((await notesOf(owner)).length).toBe(before.owner);
    expect((await notesOf(admin)).length).toBe(before.admin);
    expect((await get(gw, `${A}GetMyAccessRequests`, requester.token)).body).toEqual([accepted.body]);

    const twice = await decide(owner, 'Accept', id);
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ code: 'already_finished', field: 'accessRequestId', error: 'Запрос уже рассмотрен' });
    const late = await decide(owner, 'Decline', id, 'en');
    expect(late.json).toMatchObject({ code: 'already_finished', error: 'The request has already been decided' });
    expect(await roleOf(clientId, requester)).toBe(3);
  });

  it('declining leaves the requester outside and tells them so', async () => {
    const requester = await person('Павел', 'Николаевич', 'Волков');
    const { id } = (await ask(requester, clientId)).body as AccessRequest;
    const declined = await decide(owner, 'Decline', id);
    expect(declined.json).toMatchObject({ status: 'declined', solverName: owner.name, acceptedAt: null });
    expect(await roleOf(clientId, requester)).toBeNull();
    expect((await notesOf(requester)).map((note) => note.content)).toEqual([{ IsAccepted: false, ClientName: 'Запросы' }]);
    // A decided request does not block a new one.
    expect((await ask(requester, clientId)).status).toBe(200);
  });

  it('refuses deciding to a non-member (404), a low role (403) and an anonymous caller (401), changing nothing', async () => {
    const requester = await person('Олег', 'Ильич', 'Ждущий');
    const { id } = (await ask(requester, clientId)).body as AccessRequest;
    const before = await snapshot(clientId);
    for (const verb of ['Accept', 'Decline'] as const) {
      expect((await decide(stranger, verb, id)).status).toBe(404);
      expect((await decide(requester, verb, id)).status).toBe(404);
      const low = await decide(engineer, verb, id);
      expect(low.status).toBe(403);
      expect(low.json.code).toBe('forbidden');
      expect((await decide(universal, verb, id)).status).toBe(403);
      expect((await get(gw, `${A}${verb}AccessRequest?accessRequestId=${id}`)).status).toBe(401);
      expect((await decide(owner, verb, 2_000_000_000)).status).toBe(404);
    }
    expect(await snapshot(clientId)).toBe(before);
  });

  it('a requester who joined meanwhile keeps their role; the request is only marked accepted', async () => {
    const requester = await person('Нина', 'Петровна', 'Быстрая');
    const { id } = (await ask(requester, clientId)).body as AccessRequest;
    await gw.db.insert(clientUsers).values({ clientId, userId: requester.id, role: 5 });
    expect((await decide(owner, 'Accept', id)).json.status).toBe('accepted');
    expect(await roleOf(clientId, requester)).toBe(5);
  });

  it('two admins deciding at once: one wins, the other gets 409, one notification', async () => {
    const requester = await person('Роман', 'Ильич', 'Спорный');
    const { id } = (await ask(requester, clientId)).body as AccessRequest;
    const answers = await Promise.all([decide(owner, 'Accept', id), decide(admin, 'Decline', id), decide(admin, 'Accept', id)]);
    expect(answers.map((one) => one.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((one) => one.status === 409).every((one) => one.json.code === 'already_finished')).toBe(true);
    expect(await notesOf(requester)).toHaveLength(1);
  });

  it('lists the client\'s requests newest first', async () => {
    const first = await person('Первый', 'Первович', 'Первов');
    const second = await person('Второй', 'Вторович', 'Второв');
    clock.advance(60);
    await ask(first, clientId);
    clock.advance(60);
    await ask(second, clientId);
    const list = (await get(gw, `${A}GetAccessRequests?clientId=${clientId}`, admin.token)).body as AccessRequest[];
    expect(list.slice(0, 2).map((item) => item.requesterName)).toEqual([second.name, first.name]);
    expect(list.every((item, i) => i === 0 || (list[i - 1]?.createdAt ?? '') >= item.createdAt)).toBe(true);
  });
});

describe('invitations', () => {
  let owner: Person; let admin: Person; let engineer: Person; let stranger: Person;
  let clientId: number;
  beforeAll(async () => {
    owner = await person('Владимир', 'Ильич', 'Хозяинов');
    admin = await person('Алла', 'Борисовна', 'Админова');
    engineer = await person('Игорь', 'Иванович', 'Инженеров');
    stranger = await person('Семён', 'Семёнович', 'Посторонний');
    clientId = await organisation('Приглашения', [[owner, 1], [admin, 2], [engineer, 4]]);
  });

  it('an invitation to a registered e-mail notifies that user and sends a letter', async () => {
    const invitee = await person('Ксения', 'Андреевна', 'Приглашённая');
    const invited = await sendInvite(admin, { clientId, userEmail: invitee.email.toUpperCase() }, 'en');
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const invitation = invited.body as Invitation;
    expect(invitation).toMatchObject({
      clientId, clientName: 'Приглашения', creatorName: admin.name, email: invitee.email, role: 3, status: 'pending',
      canAnswer: false, canCancel: true, canceledAt: null, cancelerName: null,
    });
    expect((await notesOf(invitee)).map((note) => [note.type, note.content])).toEqual([
      ['InvitationToClient', { CreatorName: admin.name, ClientName: 'Приглашения', InvitationId: invitation.id }],
    ]);
    for (const other of [owner, admin, engineer, stranger]) expect(await notesOf(other)).toEqual([]);
    // A registered invitee reads the letter in their own language (they signed in in Russian), whatever the inviter's.
    const [letter] = await outbox(gw);
    expect(letter).toMatchObject({ channel: 'email', recipient: invitee.email, code: null });
    expect(letter?.subject).toContain('Приглашения');
    expect(letter?.body).toContain(admin.name);
    expect(letter?.body).toContain(`войдите или зарегистрируйтесь с e-mail ${invitee.email}`);

    expect((await get(gw, `${A}GetMyInvitations`, invitee.token)).body).toEqual([{ ...invitation, canAnswer: true, canCancel: false }]);
    expect((await get(gw, `${A}GetInvitation?id=${invitation.id}`, owner.token)).json).toMatchObject({ canCancel: false, canAnswer: false });
    expect((await get(gw, `${A}GetInvitation?id=${invitation.id}`, invitee.token)).json).toMatchObject({ canAnswer: true });
    for (const other of [engineer, stranger]) expect((await get(gw, `${A}GetInvitation?id=${invitation.id}`, other.token)).status).toBe(404);
    expect((await get(gw, `${A}GetInvitations?clientId=${clientId}`, owner.token)).body).toEqual([{ ...invitation, canCancel: false }]);
    expect((await get(gw, `${A}GetInvitations?clientId=${clientId}`, engineer.token)).status).toBe(403);
    expect((await get(gw, `${A}GetInvitations?clientId=${clientId}`, stranger.token)).status).toBe(404);

    const again = await sendInvite(owner, { clientId, userEmail: invitee.email });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'invitation_pending', field: 'userEmail' });
  });

  it('an invitation to an e-mail with no account is written in the inviter\'s language, as HTML and text', async () => {
    const email = 'newcomer@access.test';
    expect((await sendInvite(admin, { clientId, userEmail: email }, 'en')).status).toBe(200);
    const [letter] = (await outbox(gw)).filter((item) => item.recipient === email);
    expect(letter?.subject).toBe('Invitation to the client “Приглашения” on PCB Portal');
    expect(letter?.body).toContain(`sign in or register with the e-mail ${email}`);
    const [row] = await gw.db.select({ html: outboxTable.html }).from(outboxTable).where(eq(outboxTable.recipient, email));
    expect(row?.html).toContain('<html lang="en">');
    expect(row?.html).toContain(`${gw.config.publicUrl}/en/account/clients`);
  });

  it('enforces who may invite and with which role', async () => {
    const before = await snapshot(clientId);
    const member = await sendInvite(admin, { clientId, userEmail: engineer.email.toUpperCase() });
    expect(member.status).toBe(409);
    expect(member.json).toMatchObject({ code: 'already_member', field: 'userEmail' });
    const asAdmin = await sendInvite(admin, { clientId, userEmail: 'future-admin@access.test', role: 2 });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.json).toMatchObject({ field: 'role', code: 'forbidden' });
    const asOwner = await sendInvite(owner, { clientId, userEmail: 'future-owner@access.test', role: 1 });
    expect(asOwner.status).toBe(400);
    expect(asOwner.json.field).toBe('role');
    expect((await sendInvite(owner, { clientId, userEmail: 'x@access.test', role: 7 })).status).toBe(400);
    expect((await sendInvite(engineer, { clientId, userEmail: 'x@access.test' })).status).toBe(403);
    expect((await sendInvite(stranger, { clientId, userEmail: 'x@access.test' })).status).toBe(404);
    expect((await post(gw, `${A}Invite`, { clientId, userEmail: 'x@access.test' })).status).toBe(401);
    expect(await snapshot(clientId)).toBe(before);
    const ownerInvitesAdmin = await sendInvite(owner, { clientId, userEmail: 'future-admin@access.test', role: 2 });
    expect(ownerInvitesAdmin.json).toMatchObject({ role: 2, status: 'pending' });
  });

  it('accepting joins with the invitation\'s role and tells the sender; it cannot be answered twice', async () => {
    const invitee = await person('Лев', 'Николаевич', 'Принявший');
    const { id } = (await sendInvite(owner, { clientId, userEmail: invitee.email, role: 5 })).body as Invitation;
    const before = await snapshot(clientId);
    for (const other of [owner, admin, engineer, stranger]) {
      expect((await answer(other, 'Accept', id)).status).toBe(404);
      expect((await answer(other, 'Decline', id)).status).toBe(404);
    }
    expect((await get(gw, `${A}AcceptInvitation?invitationId=${id}`)).status).toBe(401);
    expect(await snapshot(clientId)).toBe(before);

    const accepted = await answer(invitee, 'Accept', id);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.json).toMatchObject({ status: 'accepted', canAnswer: false, canCancel: false, declinedAt: null });
    expect(await roleOf(clientId, invitee)).toBe(5);
    const [row] = await gw.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row?.invitedUserId).toBe(invitee.id);
    expect((await notesOf(owner)).map((note) => [note.type, note.content])).toEqual([
      ['InvitationResult', { IsAccepted: true, InvitedUsername: invitee.name, ClientName: 'Приглашения' }],
    ]);
    expect((await notesOf(admin)).filter((note) => note.type === 'InvitationResult')).toEqual([]);
    expect((await get(gw, `${A}GetMyInvitations`, invitee.token)).body).toEqual([]);
    for (const verb of ['Accept', 'Decline'] as const) {
      const again = await answer(invitee, verb, id);
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ code: 'already_finished', field: 'invitationId' });
    }
    expect((await answer(owner, 'Cancel', id)).json.code).toBe('already_finished');
  });

  it('declining leaves the invitee outside and tells the sender', async () => {
    const invitee = await person('Фёдор', 'Михайлович', 'Отказавшийся');
    const { id } = (await sendInvite(admin, { clientId, userEmail: invitee.email })).body as Invitation;
    const declined = await answer(invitee, 'Decline', id);
    expect(declined.json).toMatchObject({ status: 'declined', acceptedAt: null });
    expect(await roleOf(clientId, invitee)).toBeNull();
    expect((await notesOf(admin)).filter((note) => note.type === 'InvitationResult').map((note) => note.content)).toEqual([
      { IsAccepted: false, InvitedUsername: invitee.name, ClientName: 'Приглашения' },
    ]);
  });

  it('only its sender cancels, while still owner or admin', async () => {
    const invitee = await person('Тимур', 'Русланович', 'Отменённый');
    const sender = await person('Вера', 'Павловна', 'Отправитель');
    await gw.db.insert(clientUsers).values({ clientId, userId: sender.id, role: 2 });
    const first = (await sendInvite(sender, { clientId, userEmail: invitee.email })).body as Invitation;
    const before = await snapshot(clientId);
    expect((await answer(stranger, 'Cancel', first.id)).status).toBe(404);
    expect((await answer(engineer, 'Cancel', first.id)).status).toBe(404);
    for (const other of [owner, invitee]) {
      const refused = await answer(other, 'Cancel', first.id);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('forbidden');
    }
    await gw.db.update(clientUsers).set({ role: 3 }).where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, sender.id)));
    expect((await answer(sender, 'Cancel', first.id)).status).toBe(403);
    await gw.db.delete(clientUsers).where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, sender.id)));
    expect((await answer(sender, 'Cancel', first.id)).status).toBe(404);
    expect(JSON.parse(await snapshot(clientId)).slice(1)).toEqual(JSON.parse(before).slice(1));

    await gw.db.insert(clientUsers).values({ clientId, userId: sender.id, role: 2 });
    const canceled = await answer(sender, 'Cancel', first.id);
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({ status: 'canceled', cancelerName: sender.name, canCancel: false, canceledAt: clock.now().toISOString() });
    expect((await get(gw, `${A}GetMyInvitations`, invitee.token)).body).toEqual([]);
    expect((await answer(invitee, 'Accept', first.id)).json.code).toBe('already_finished');
    expect((await answer(sender, 'Cancel', first.id)).json.code).toBe('already_finished');
    expect(await roleOf(clientId, invitee)).toBeNull();
    // A canceled invitation does not block a new one.
    expect((await sendInvite(owner, { clientId, userEmail: invitee.email })).status).toBe(200);
  });

  it('accepting while already a member only marks it accepted; accept and cancel at once: one wins', async () => {
    const invitee = await person('Ян', 'Янович', 'Гонщик');
    const { id } = (await sendInvite(owner, { clientId, userEmail: invitee.email, role: 3 })).body as Invitation;
    await gw.db.insert(clientUsers).values({ clientId, userId: invitee.id, role: 4 });
    expect((await answer(invitee, 'Accept', id)).json.status).toBe('accepted');
    expect(await roleOf(clientId, invitee)).toBe(4);

    const racer = await person('Ирина', 'Ивановна', 'Спешащая');
    const raced = (await sendInvite(owner, { clientId, userEmail: racer.email })).body as Invitation;
    const answers = await Promise.all([answer(racer, 'Accept', raced.id), answer(owner, 'Cancel', raced.id)]);
    expect(answers.map((one) => one.status).sort()).toEqual([200, 409]);
    const [row] = await gw.db.select().from(invitations).where(eq(invitations.id, raced.id));
    expect([row?.acceptedAt, row?.canceledAt].filter(Boolean)).toHaveLength(1);
  });

  it('someone who registers after being invited sees the pending invitations and is notified of each', async () => {
    const email = 'late.comer@access.test';
    const other = await organisation('Вторая', [[stranger, 1]]);
    const first = (await sendInvite(owner, { clientId, userEmail: 'Late.Comer@access.test' })).body as Invitation;
    const second = (await sendInvite(stranger, { clientId: other, userEmail: email, role: 4 })).body as Invitation;
    const dropped = await organisation('Третья', [[stranger, 1]]);
    const canceled = (await sendInvite(stranger, { clientId: dropped, userEmail: email })).body as Invitation;
    await answer(stranger, 'Cancel', canceled.id);
    expect((await outbox(gw)).filter((letter) => letter.recipient === email)).toHaveLength(3);

    const phone = '+79995559999';
    const started = await post(gw, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: false, phone });
    const processId = started.json.registrationProcessId as string;
    await post(gw, '/Registration/ConfirmCredential', { registrationProcessId: processId, code: await lastCode(gw, phone) });
    await post(gw, '/Registration/EnterEmail', { registrationProcessId: processId, email });
    await post(gw, '/Registration/ConfirmCredential', { registrationProcessId: processId, code: await lastCode(gw, email) });
    const created = await post(gw, '/Registration/CreateProfile', { registrationProcessId: processId, password: 'late-pass-123' });
    expect(created.status).toBe(200);
    const token = created.json.accessToken as string;
    const [user] = await gw.db.select().from(users).where(eq(users.email, email));
    const newcomer: Person = { id: user?.id ?? 0, token, email, name: email };

    const mine = (await get(gw, `${A}GetMyInvitations`, token)).body as Invitation[];
    expect(mine.map((item) => [item.id, item.canAnswer])).toEqual([[second.id, true], [first.id, true]]);
    expect((await notesOf(newcomer)).map((note) => note.content).sort((a, b) => Number(a.InvitationId) - Number(b.InvitationId))).toEqual([
      { CreatorName: owner.name, ClientName: 'Приглашения', InvitationId: first.id },
      { CreatorName: stranger.name, ClientName: 'Вторая', InvitationId: second.id },
    ]);
    expect((await answer(newcomer, 'Accept', second.id)).json.status).toBe('accepted');
    expect(await roleOf(other, newcomer)).toBe(4);
    // Not yet named: the sender is told the e-mail.
    expect((await notesOf(stranger)).at(-1)?.content).toEqual({ IsAccepted: true, InvitedUsername: email, ClientName: 'Вторая' });
  });
});

describe('the demo seed', () => {
  it('demo sees the pending requests to «Электронные системы», and each seeded notification opens its row', async () => {
    const demo = await login(gw, DEMO.email, DEMO.password);
    const demo2fa = (await gw.db.select().from(users).where(eq(users.email, DEMO_2FA.email)))[0];
    const [es] = await gw.db.select().from(clients).where(eq(clients.name, 'Электронные системы'));
    const requests = (await get(gw, `${A}GetAccessRequests?clientId=${es?.id}`, demo)).body as AccessRequest[];
    expect(requests.filter((item) => item.status === 'pending' && item.canDecide).map((item) => item.requesterName))
      .toEqual(['Пётр Андреевич Петров', 'Алексей Дмитриевич Морозов']);
    expect(requests.some((item) => item.status === 'declined')).toBe(true);
    const mine = (await get(gw, `${A}GetMyInvitations`, demo)).body as Invitation[];
    expect(mine.map((item) => [item.clientName, item.creatorName, item.canAnswer])).toEqual([['НИИ Радиоприборов', 'Ольга Сергеевна Кузнецова', true]]);
    const sent = (await get(gw, `${A}GetInvitations?clientId=${es?.id}`, demo)).body as Invitation[];
    expect(sent.map((item) => item.email)).toEqual(DEMO_INVITATIONS.filter((item) => item.client === 'es')
      .sort((a, b) => a.ago - b.ago).map((item) => item.email));
    expect(requests).toHaveLength(DEMO_ACCESS_REQUESTS.filter((item) => item.client === 'es').length);

    const petrov = await login(gw, 'petrov@example.ru', 'demo12345');
    expect(((await get(gw, `${A}GetMyAccessRequests`, petrov)).body as AccessRequest[]).map((item) => item.status)).toEqual(['pending']);

    // demo2fa signs in with a second factor, so the notifications of both are checked against the rows directly.
    const demoIds = (await gw.db.select().from(users).where(inArray(users.email, [DEMO.email, DEMO_2FA.email]))).map((row) => row.id);
    const seeded = await gw.db.select().from(notifications).where(inArray(notifications.userId, demoIds));
    const linked = seeded.filter((note) => note.type === 'ClientAccessRequest' || note.type === 'InvitationToClient');
    expect(linked.length).toBeGreaterThanOrEqual(8);
    for (const note of linked) {
      const content = note.content as Record<string, unknown>;
      if (note.type === 'ClientAccessRequest') {
        const [row] = await gw.db.select().from(accessRequests).innerJoin(clients, eq(clients.id, accessRequests.clientId))
          .innerJoin(users, eq(users.id, accessRequests.requesterUserId)).where(eq(accessRequests.id, Number(content.RequestId)));
        expect(row?.clients.name).toBe(content.ClientName);
        expect(`${row?.users.firstName} ${row?.users.patronymic} ${row?.users.lastName}`).toBe(content.RequesterName);
        expect(await gw.db.select().from(clientUsers).where(and(eq(clientUsers.clientId, row?.clients.id ?? 0), eq(clientUsers.userId, note.userId))))
          .toHaveLength(1);
      } else {
        const [row] = await gw.db.select().from(invitations).innerJoin(clients, eq(clients.id, invitations.clientId))
          .where(eq(invitations.id, Number(content.InvitationId)));
        const [invitee] = await gw.db.select().from(users).where(eq(users.id, note.userId));
        expect(row?.clients.name).toBe(content.ClientName);
        expect(row?.invitations.email).toBe(invitee?.email);
      }
    }
    expect(linked.some((note) => note.userId === demo2fa?.id)).toBe(true);
  });
});

describe('every call of the contract', () => {
  it('refuses an anonymous caller', async () => {
    const calls = Object.values(access).filter((value): value is typeof access.invite => typeof value === 'object' && 'path' in value);
    expect(calls).toHaveLength(13);
    for (const one of calls) expect((await call(gw, one.method, one.path)).status).toBe(401);
  });
});
