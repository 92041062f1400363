import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as access from '../../src/contract/client-access';
import * as clients from '../../src/contract/clients';
import * as contacts from '../../src/contract/contacts';
import * as payers from '../../src/contract/payers';
import * as credentials from '../../src/contract/credentials';
import * as delivery from '../../src/contract/delivery-settings';
import * as notificationCalls from '../../src/contract/notifications';
import * as user from '../../src/contract/user';
import type { Gateway } from '../../server/app';
import { notifications } from '../../server/notifications/schema';
import { sessions } from '../../server/auth/schema';
import { accessRequests, invitations } from '../../server/client-access/schema';
import { clients as clientRows, clientUsers } from '../../server/db/schema';
import { contacts as contactRows, payers as payerRows, deliverySettings } from '../../server/ordering-data/schema';
import { call, createUser, login, startGateway, callContract } from './helpers';
import { callsOf, itRefusesAnonymous, tableText, type CallRef } from './authz-table';

/**
 * Every account call that names a client or a client's thing, tried by an anonymous caller, by a member
 * of another client and by a member whose role is too low. Each refusal must leave the client's data as it was.
 * The run prints the table of what was checked.
 */

type Ids = Record<
  'client' | 'owner' | 'engineer' | 'universal' | 'payer' | 'contact' | 'delivery' | 'request' | 'invitation' | 'session' | 'notification',
  number | string
>;
/** Who may make the call inside the client: every member, the write roles (not engineer), or owner/admin. */
type Need = 'member' | 'write' | 'manage' | 'invitee';

/** What this test needs of a contract call; the structs are not used, so any call fits. */

interface Row {
  call: CallRef;
  need: Need;
  input: (ids: Ids) => { body?: unknown; query?: Record<string, string | number> };
}

const VALID_PAYER = {
  legalForm: 'ooo', name: 'ООО «Плательщик»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
  legalAddress: 'Москва', bik: '044525225', bankName: 'Банк', settlementAccount: '40702810938000000001',
  correspondentAccount: '30101810400000000225',
};
const CONTACT = { firstName: 'Анна', lastName: 'Смирнова', middleName: '', position: '', phone: '+79990001122', email: null, comment: '' };
const DELIVERY = {
  kind: 'warehouse', name: '', endpointId: 4, divisionId: null, address: '', postalCode: '', recipientName: '',
  recipientPhone: null, comment: '', isDefault: true,
};
const PAGE = { pagination: { page: 1, itemsOnPage: 20 } };
const CLIENT_FIELDS = {
  name: 'Другое имя', fullName: 'ООО «Другое имя»', firstName: '', lastName: '', middleName: '', siteUrl: '',
  accessibleThroughAdmin: false, avatarUrl: null, activityId: null, regionId: null, countryId: null, officeId: null,
};

const ROWS: Row[] = [
  { call: clients.getClient, need: 'member', input: (ids) => ({ query: { id: ids.client } }) },
  { call: clients.updateClient, need: 'manage', input: (ids) => ({ body: { id: ids.client, ...CLIENT_FIELDS } }) },
  {
    call: clients.requestClientUpdate,
    need: 'manage',
    input: (ids) => ({ body: { id: ids.client, fullName: 'X', regionId: null, officeId: null } }),
  },
  { call: clients.clientUsers, need: 'member', input: (ids) => ({ query: { clientId: ids.client } }) },
  { call: clients.changeRole, need: 'manage', input: (ids) => ({ body: { clientId: ids.client, userId: ids.universal, role: 5 } }) },
  { call: clients.removeUser, need: 'manage', input: (ids) => ({ body: { clientId: ids.client, userId: ids.universal } }) },
  { call: clients.leaveClient, need: 'member', input: (ids) => ({ query: { clientId: ids.client } }) },
  { call: access.getAccessRequest, need: 'manage', input: (ids) => ({ query: { id: ids.request } }) },
  { call: access.getAccessRequests, need: 'manage', input: (ids) => ({ query: { clientId: ids.client } }) },
  { call: access.acceptAccessRequest, need: 'manage', input: (ids) => ({ query: { accessRequestId: ids.request } }) },
  { call: access.declineAccessRequest, need: 'manage', input: (ids) => ({ query: { accessRequestId: ids.request } }) },
  { call: access.invite, need: 'manage', input: (ids) => ({ body: { clientId: ids.client, userEmail: 'new-one@example.ru' } }) },
  { call: access.getInvitation, need: 'manage', input: (ids) => ({ query: { id: ids.invitation } }) },
  { call: access.getInvitations, need: 'manage', input: (ids) => ({ query: { clientId: ids.client } }) },
  { call: access.cancelInvitation, need: 'manage', input: (ids) => ({ query: { invitationId: ids.invitation } }) },
  { call: access.acceptInvitation, need: 'invitee', input: (ids) => ({ query: { invitationId: ids.invitation } }) },
  { call: access.declineInvitation, need: 'invitee', input: (ids) => ({ query: { invitationId: ids.invitation } }) },
  { call: payers.payersListCount, need: 'member', input: (ids) => ({ body: { clientId: ids.client } }) },
  { call: payers.payersList, need: 'member', input: (ids) => ({ body: { clientId: ids.client, ...PAGE } }) },
  { call: payers.getPayer, need: 'member', input: (ids) => ({ query: { id: ids.payer } }) },
  {
    call: payers.createPayer,
    need: 'write',
    input: (ids) => ({ body: { clientId: ids.client, ...VALID_PAYER, inn: '500100732259', kpp: null, legalForm: 'ip', ogrn: '304500116000157' } }),
  },
  { call: payers.updatePayer, need: 'write', input: (ids) => ({ body: { id: ids.payer, ...VALID_PAYER, name: 'Изменено' } }) },
  { call: payers.deletePayer, need: 'write', input: (ids) => ({ body: { id: ids.payer } }) },
  { call: contacts.contactsListCount, need: 'member', input: (ids) => ({ body: { clientId: ids.client } }) },
  { call: contacts.contactsList, need: 'member', input: (ids) => ({ body: { clientId: ids.client, ...PAGE } }) },
  { call: contacts.getContact, need: 'member', input: (ids) => ({ query: { id: ids.contact } }) },
  { call: contacts.createContact, need: 'write', input: (ids) => ({ body: { clientId: ids.client, ...CONTACT } }) },
  { call: contacts.updateContact, need: 'write', input: (ids) => ({ body: { id: ids.contact, ...CONTACT, lastName: 'Изменено' } }) },
  { call: contacts.deleteContact, need: 'write', input: (ids) => ({ body: { id: ids.contact } }) },
  { call: delivery.getDeliverySettings, need: 'member', input: (ids) => ({ query: { clientId: ids.client } }) },
  { call: delivery.createDeliverySetting, need: 'write', input: (ids) => ({ body: { clientId: ids.client, ...DELIVERY } }) },
  { call: delivery.updateDeliverySetting, need: 'write', input: (ids) => ({ body: { id: ids.delivery, ...DELIVERY, comment: 'Изменено' } }) },
  { call: delivery.deleteDeliverySetting, need: 'write', input: (ids) => ({ body: { id: ids.delivery } }) },
];

let gw: Gateway;
const ids = {} as Ids;
const tokens = {} as Record<'owner' | 'engineer' | 'outsider', string>;
const table: string[] = [];

/** Everything of the client a refused call must not change. */
async function snapshotOf(clientId: number): Promise<string> {
  const [client, members, payers, people, places, requests, invites] = await Promise.all([
    gw.db.select().from(clientRows).where(eq(clientRows.id, clientId)),
    gw.db.select().from(clientUsers).where(eq(clientUsers.clientId, clientId)),
    gw.db.select().from(payerRows).where(eq(payerRows.clientId, clientId)),
    gw.db.select().from(contactRows).where(eq(contactRows.clientId, clientId)),
    gw.db.select().from(deliverySettings).where(eq(deliverySettings.clientId, clientId)),
    gw.db.select().from(accessRequests).where(eq(accessRequests.clientId, clientId)),
    gw.db.select().from(invitations).where(eq(invitations.clientId, clientId)),
  ]);
  return JSON.stringify([client, members, payers, people, places, requests, invites]);
}

async function attempt(row: Row, token: string | undefined) {
  return callContract(gw, row.call, row.input(ids), token);
}

beforeAll(async () => {
  gw = await startGateway();
  const owner = await createUser(gw, 'authz-owner@example.ru', '+79990002001');
  const engineer = await createUser(gw, 'authz-engineer@example.ru', '+79990002002');
  const universal = await createUser(gw, 'authz-universal@example.ru', '+79990002003');
  const outsider = await createUser(gw, 'authz-outsider@example.ru', '+79990002004');
  const requester = await createUser(gw, 'authz-requester@example.ru', '+79990002005');
  const [client, other] = await gw.db.insert(clientRows).values([
    { name: 'Проверяемый', fullName: 'ООО «Проверяемый»', clientType: 'corporate', isLegal: true },
    { name: 'Чужой', fullName: 'ООО «Чужой»', clientType: 'corporate', isLegal: true },
  ]).returning();
  if (!client || !other) throw new Error('clients not created');
  await gw.db.insert(clientUsers).values([
    { clientId: client.id, userId: owner, role: 1 },
    { clientId: client.id, userId: engineer, role: 4 },
    { clientId: client.id, userId: universal, role: 3 },
    { clientId: other.id, userId: outsider, role: 1 },
  ]);
  const [payer] = await gw.db.insert(payerRows).values({ clientId: client.id, ...VALID_PAYER }).returning();
  const [person] = await gw.db.insert(contactRows).values({ clientId: client.id, ...CONTACT }).returning();
  const [place] = await gw.db.insert(deliverySettings).values({ clientId: client.id, ...DELIVERY, kind: 'warehouse', methodId: 4 }).returning();
  const [request] = await gw.db.insert(accessRequests).values({ clientId: client.id, requesterUserId: requester, message: 'Пустите' }).returning();
  const [invitation] = await gw.db.insert(invitations).values({ clientId: client.id, creatorUserId: owner, email: 'invitee@example.ru' }).returning();
  if (!payer || !person || !place || !request || !invitation) throw new Error('fixture not created');
  tokens.owner = await login(gw, 'authz-owner@example.ru', 'password-123');
  tokens.engineer = await login(gw, 'authz-engineer@example.ru', 'password-123');
  tokens.outsider = await login(gw, 'authz-outsider@example.ru', 'password-123');
  const [ownerSession] = await gw.db.select().from(sessions).where(eq(sessions.userId, owner));
  Object.assign(ids, {
    client: client.id, owner, engineer, universal, payer: payer.id, contact: person.id, delivery: place.id,
    request: request.id, invitation: invitation.id, session: ownerSession?.id ?? '',
  });
});

afterAll(async () => {
  console.log(tableText('Account calls: who is refused (status answered, client data unchanged)',
    ['Call', 'Needs', 'Anonymous', 'Member of another client', 'Too low a role (engineer)'], table));
  await gw.close();
});

const NEED_LABEL: Record<Need, string> = {
  member: 'any member', write: 'roles 1, 2, 3, 5', manage: 'owner or admin', invitee: 'the invited e-mail\'s user',
};

describe('every account call that names a client refuses callers without access and changes nothing', () => {
  for (const row of ROWS) {
    it(`${row.call.method} ${row.call.path}`, async () => {
      const clientId = Number(ids.client);
      const before = await snapshotOf(clientId);
      const anonymous = await attempt(row, undefined);
      expect(anonymous.status).toBe(401);
      const outsider = await attempt(row, tokens.outsider);
      expect(outsider.status, JSON.stringify(outsider.body)).toBe(404);
      let lowRole = 'allowed (any member)';
      if (row.need !== 'member') {
        const engineer = await attempt(row, tokens.engineer);
        // An engineer may not even see a request or invitation (404); where it can see the thing it is 403.
        expect([403, 404], JSON.stringify(engineer.body)).toContain(engineer.status);
        lowRole = String(engineer.status);
      }
      expect(await snapshotOf(clientId)).toBe(before);
      table.push(`| ${row.call.method} ${row.call.path} | ${NEED_LABEL[row.need]} | ${anonymous.status} | ${outsider.status} | ${lowRole} |`);
    });
  }
});

describe('per-user account calls refuse anonymous callers and ids of another user', () => {
  it('another user cannot end my session or change my notification', async () => {
    const [note] = await gw.db.insert(notifications).values({
      userId: Number(ids.owner), type: 'Looser', content: { WhoKickedYou: 'Кто-то', ClientName: 'Где-то' },
    }).returning();
    const session = await call(gw, 'GET', `/account/Authorization/TerminateSession?sessionId=${ids.session}`, { token: tokens.outsider });
    expect(session.status).toBe(404);
    const read = await call(gw, 'GET', `/account/Notifications/ChangeReadStatus?id=${note?.id}`, { token: tokens.outsider });
    expect(read.status).toBe(404);
    const [ownerSession] = await gw.db.select().from(sessions).where(eq(sessions.id, String(ids.session)));
    expect(ownerSession?.endedAt).toBeNull();
    const [unchanged] = await gw.db.select().from(notifications).where(inArray(notifications.id, [note?.id ?? 0]));
    expect(unchanged?.readAt).toBeNull();
    table.push('| GET /account/Authorization/TerminateSession (another user\'s session) | the session\'s user | 401 | 404 | — |');
    table.push('| GET /account/Notifications/ChangeReadStatus (another user\'s notification) | its user | 401 | 404 | — |');
  });
});

describe('every account call refuses an anonymous caller', () => {
  const modules = [clients, access, payers, contacts, delivery, credentials, user, notificationCalls];
  itRefusesAnonymous(() => gw, callsOf(modules, 'user'), (count) => expect(count).toBeGreaterThan(50));
});
