import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { issueStrangerKey } from '../../server/auth/stranger-keys';
import { clients, users } from '../../server/db/schema';
import { call, DEMO, DEMO_2FA, lastCode, login, outbox, post, startGateway, type CallResult } from './helpers';

/**
 * A client written against the product spec's list of calls alone: every call, with exactly the fields the spec
 * names and no others, in the order a person would meet them, and a browser that keeps the cookies the gateway
 * sets. Each must succeed.
 */

/** The product spec's list of calls (GET unless said). */
const SPEC_CALLS = [
  'GET /catalog-viewer/v2/other/counters', 'GET /account/Dicts/Countries', 'GET /account/Dicts/Regions',
  'GET /account/Dicts/ClientActivities', 'GET /account/Dicts/Offices', 'GET /account/Dicts/TaxcodeTypes',
  'GET /msu-ref-core/api/organizations', 'GET /msu-ref-core/api/project-statuses', 'GET /msu-ref-core/api/order-statuses',
  'GET /msu-ref-core/api/order-line-statuses', 'GET /client-items/api/dicts/GetDeliveryMethods',
  'GET /client-items/api/dicts/GetDeliveryEndpoints', 'GET /client-items/api/dicts/GetDivisionEndpoints',
  'GET /catalog-viewer/v1/other/counters', 'POST /catalog-viewer/v2/other/counters-client',
  'GET /account/user/getMySummary', 'GET /account/user/GetMyDetailedInfo', 'GET /user-profile/completed',
  'POST /Authentification/Login', 'POST /Authentification/SendCode', 'POST /Authentification/ConfirmSecondFactor',
  'POST /Authentification/SendPasswordResettingLink', 'POST /Authentification/ResetPassword',
  'POST /Authentification/GetStrangerToken', 'POST /Authentification/Refresh', 'POST /Registration/EnterPhone',
  'POST /Registration/EnterEmail', 'POST /Registration/ConfirmCredential', 'POST /Registration/CreateProfile',
  'POST /account/Credentials/ResetPasswordWithOld', 'GET /account/Credentials/GetCredentialTypes',
  'POST /account/Credentials/StartCredentialChanging', 'POST /account/Credentials/ConfirmOldCredential',
  'POST /account/Credentials/ConfirmNewCredential', 'POST /account/Credentials/StartReservePhoneConfirmation',
  'POST /account/Credentials/StartReserveEmailConfirmation', 'POST /account/Credentials/ConfirmReservePhone',
  'POST /account/Credentials/ConfirmReserveEmail', 'GET /account/Authorization/GetSessions',
  'GET /account/Authorization/TerminateCurrentSession', 'GET /account/Authorization/TerminateSession',
  'POST /account/Clients/ListCount', 'POST /account/Clients/List', 'GET /account/Clients/Get', 'POST /account/Clients/Update',
  'POST /account/Clients/RequestUpdate', 'GET /account/Clients/Users', 'POST /account/Clients/ChangeRole',
  'DELETE /account/Clients/RemoveUser', 'GET /account/Clients/Leave', 'POST /account/Clients/Create',
  'POST /account/Clients/RestoreFromOldLK', 'POST /account/Clients/RestoreByOrderNumber', 'POST /account/Clients/ConfirmEmail',
  'POST /account/Clients/FinishRestoring', 'POST /account/Clients/RequestAccessFromAdmins', 'GET /account/Clients/GetAccessRequest',
  'GET /account/Clients/GetAccessRequests', 'GET /account/Clients/AcceptAccessRequest', 'GET /account/Clients/DeclineAccessRequest',
  'POST /account/Clients/Invite', 'GET /account/Clients/GetInvitation', 'GET /account/Clients/GetInvitations',
  'GET /account/Clients/AcceptInvitation', 'GET /account/Clients/DeclineInvitation', 'GET /account/Clients/CancelInvitation',
  'POST /account/Notifications/ListCount', 'POST /account/Notifications/List', 'GET /account/Notifications/ChangeReadStatus',
];

let gw: Gateway;
const made = new Set<string>();

beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

/** A browser of the spec's client: it sends back the cookies the gateway set, as every browser does. */
function browser() {
  const jar = new Map<string, string>();
  return async (method: 'GET' | 'POST' | 'DELETE', url: string, options: { body?: unknown; token?: string } = {}): Promise<CallResult> => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await call(gw, method, url, { ...options, ...(cookie ? { headers: { cookie } } : {}) });
    const setCookies = answer.response.headers['set-cookie'];
    for (const line of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0\b/.test(line)) jar.delete(name); else jar.set(name, value);
    }
    made.add(`${method} ${url.split('?')[0] ?? ''}`);
    expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer;
  };
}

const visitor = browser();
const demoBrowser = browser();
const newcomer = { email: 'spec.client@example.ru', phone: '+79161112233', password: 'spec-pass-1', token: '', id: 0 };
const LIST_FORM = { pagination: { page: 1, itemsOnPage: 20 }, sort: { code: 'createdAt', orderBy: 'desc' }, search: '', filters: [] };
let demoToken = '';
let demoClientId = 0;
let ownClientId = 0;

describe('registration and sign-in', () => {
  it('registers with the phone, then the e-mail the browser\'s process takes, then the profile', async () => {
    const phone = await visitor('POST', '/Registration/EnterPhone', { body: { registrationProcessId: null, usingFlashcall: false, phone: newcomer.phone } });
    const registrationProcessId = phone.json.registrationProcessId as string;
    await visitor('POST', '/Registration/ConfirmCredential', { body: { registrationProcessId, code: await lastCode(gw, newcomer.phone) } });
    await visitor('POST', '/Registration/EnterEmail', { body: { email: newcomer.email } });
    await visitor('POST', '/Registration/ConfirmCredential', { body: { registrationProcessId, code: await lastCode(gw, newcomer.email) } });
    const created = await visitor('POST', '/Registration/CreateProfile', { body: { password: newcomer.password } });
    expect(created.json.accessToken).toEqual(expect.any(String));
  });

  it('signs in, refreshes and reads the user', async () => {
    const signed = await visitor('POST', '/Authentification/Login', {
      body: { fingerprint: 'spec-fp', login: newcomer.email, password: newcomer.password, deviceInfo: 'Spec browser', location: 'Томск' },
    });
    const refreshed = await visitor('POST', '/Authentification/Refresh', { token: signed.json.accessToken as string });
    newcomer.token = refreshed.json.accessToken as string;
    newcomer.id = (await visitor('GET', '/account/user/getMySummary', { token: newcomer.token })).json.id as number;
    await visitor('GET', '/account/user/GetMyDetailedInfo', { token: newcomer.token });
    await visitor('GET', '/user-profile/completed', { token: newcomer.token });
  });

  it('signs in through the second factor', async () => {
    const started = await demoBrowser('POST', '/Authentification/Login', {
      body: { fingerprint: 'fp-2', login: DEMO_2FA.email, password: DEMO_2FA.password, deviceInfo: '', location: '' },
    });
    const secondFactorId = started.json.secondFactorId as string;
    await demoBrowser('POST', '/Authentification/SendCode', { body: { secondFactorId, secondFactorType: 0 } });
    await demoBrowser('POST', '/Authentification/ConfirmSecondFactor', { body: { secondFactorId, code: await lastCode(gw, DEMO_2FA.phone) } });
  });
});

describe('reference data and counters', () => {
  it.each([
    '/catalog-viewer/v2/other/counters', '/account/Dicts/Countries', '/account/Dicts/Regions?countryId=1',
    '/account/Dicts/ClientActivities', '/account/Dicts/Offices', '/account/Dicts/TaxcodeTypes', '/msu-ref-core/api/organizations',
    '/msu-ref-core/api/project-statuses', '/msu-ref-core/api/order-statuses', '/msu-ref-core/api/order-line-statuses',
    '/client-items/api/dicts/GetDeliveryMethods', '/client-items/api/dicts/GetDeliveryEndpoints',
    '/client-items/api/dicts/GetDivisionEndpoints', '/catalog-viewer/v1/other/counters',
  ])('GET %s', async (url) => {
    await visitor('GET', url, { token: newcomer.token });
  });
});

describe('clients', () => {
  it('creates a client from the spec\'s fields and works with it', async () => {
    const created = await visitor('POST', '/account/Clients/Create', {
      token: newcomer.token,
      body: {
        fullName: 'Смирнов Олег Игоревич', firstName: 'Олег', lastName: 'Смирнов', middleName: 'Игоревич', name: 'Смирнов О. И.',
        siteUrl: '', accessibleThroughAdmin: false, avatarUrl: null, isLegal: false, activityId: 10, regionId: 1, countryId: 1,
      },
    });
    expect(created.json).toMatchObject({ clientType: 'individual', isLegal: false, officeId: null });
    ownClientId = created.json.id as number;
    const fields = { fullName: 'Смирнов Олег Игоревич', firstName: 'Олег', lastName: 'Смирнов', middleName: 'Игоревич' };
    await visitor('POST', '/account/Clients/Update', {
      token: newcomer.token,
      body: {
        id: ownClientId, ...fields, name: 'Смирнов', siteUrl: 'https://smirnov.example.ru', accessibleThroughAdmin: true,
        avatarUrl: null, isLegal: false, activityId: 10, regionId: 1, countryId: 1, officeId: 2,
      },
    });
    await visitor('GET', `/account/Clients/Get?id=${ownClientId}`, { token: newcomer.token });
    expect((await visitor('POST', '/account/Clients/ListCount', { token: newcomer.token, body: LIST_FORM })).json.count).toBe(1);
    await visitor('POST', '/account/Clients/List', { token: newcomer.token, body: LIST_FORM });
    await visitor('GET', `/account/Clients/Users?clientId=${ownClientId}`, { token: newcomer.token });
    await visitor('POST', '/catalog-viewer/v2/other/counters-client', { token: newcomer.token, body: { clientId: ownClientId } });
  });

  it('asks a verified client for a change of its full name, region and office', async () => {
    demoToken = await login(gw, DEMO.email, DEMO.password);
    const [client] = await gw.db.select().from(clients).where(eq(clients.isVerified, true));
    demoClientId = client?.id ?? 0;
    await demoBrowser('POST', '/account/Clients/RequestUpdate', {
      token: demoToken, body: { id: demoClientId, fullName: `${client?.fullName ?? ''} (новое)`, regionId: client?.regionId ?? null, officeId: 2 },
    });
  });

  it('asks for access, is let in, made admin and back, removed; asks again and is declined', async () => {
    const asked = await visitor('POST', '/account/Clients/RequestAccessFromAdmins', {
      token: newcomer.token, body: { clientId: demoClientId, message: 'Я инженер, работаю с вами' },
    });
    const requestId = asked.json.id as number;
    await demoBrowser('GET', `/account/Clients/GetAccessRequests?clientId=${demoClientId}`, { token: demoToken });
    await demoBrowser('GET', `/account/Clients/GetAccessRequest?id=${requestId}`, { token: demoToken });
    await demoBrowser('GET', `/account/Clients/AcceptAccessRequest?accessRequestId=${requestId}`, { token: demoToken });
    await demoBrowser('POST', '/account/Clients/ChangeRole', { token: demoToken, body: { clientId: demoClientId, userId: newcomer.id } });
    await demoBrowser('POST', '/account/Clients/ChangeRole', { token: demoToken, body: { clientId: demoClientId, userId: newcomer.id } });
    await demoBrowser('DELETE', '/account/Clients/RemoveUser', { token: demoToken, body: { clientId: demoClientId, userId: newcomer.id } });
    const again = await visitor('POST', '/account/Clients/RequestAccessFromAdmins', {
      token: newcomer.token, body: { clientId: demoClientId, message: '' },
    });
    await demoBrowser('GET', `/account/Clients/DeclineAccessRequest?accessRequestId=${again.json.id as number}`, { token: demoToken });
  });

  it('invites: one invitation accepted (and the client left), one declined, one canceled', async () => {
    const invite = async (userEmail: string) => (await visitor('POST', '/account/Clients/Invite', {
      token: newcomer.token, body: { clientId: ownClientId, userEmail },
    })).json.id as number;
    const toDemo = await invite(DEMO.email);
    await visitor('GET', `/account/Clients/GetInvitations?clientId=${ownClientId}`, { token: newcomer.token });
    await demoBrowser('GET', `/account/Clients/GetInvitation?id=${toDemo}`, { token: demoToken });
    await demoBrowser('GET', `/account/Clients/AcceptInvitation?invitationId=${toDemo}`, { token: demoToken });
    await demoBrowser('GET', `/account/Clients/Leave?clientId=${ownClientId}`, { token: demoToken });
    await demoBrowser('GET', `/account/Clients/DeclineInvitation?invitationId=${await invite(DEMO.email)}`, { token: demoToken });
    await visitor('GET', `/account/Clients/CancelInvitation?invitationId=${await invite('colleague@example.ru')}`, { token: newcomer.token });
  });

  it('restores a client of the old cabinet by its e-mail, and starts one by an order number', async () => {
    const started = await visitor('POST', '/account/Clients/RestoreFromOldLK', { token: newcomer.token, body: { oldLKEmail: 'old@example.ru' } });
    const restorationId = started.json.restorationId as string;
    const confirmed = await visitor('POST', '/account/Clients/ConfirmEmail', {
      token: newcomer.token, body: { restorationId, code: await lastCode(gw, 'old@example.ru') },
    });
    await visitor('POST', '/account/Clients/FinishRestoring', { token: newcomer.token, body: { restorationId, clientData: confirmed.json.clientData } });
    await visitor('POST', '/account/Clients/RestoreByOrderNumber', {
      token: newcomer.token, body: { orderEmail: 'orders@example.ru', orderNumber: 'ЛК-2019-0042' },
    });
  });
});

describe('notifications', () => {
  it('counts, lists and marks one read', async () => {
    await demoBrowser('POST', '/account/Notifications/ListCount', { token: demoToken, body: LIST_FORM });
    const list = await demoBrowser('POST', '/account/Notifications/List', { token: demoToken, body: LIST_FORM });
    const [first] = list.body as Array<{ id: number }>;
    await demoBrowser('GET', `/account/Notifications/ChangeReadStatus?id=${first?.id ?? 0}`, { token: demoToken });
  });
});

describe('credentials and sessions', () => {
  it('changes the sign-in e-mail, confirming the phone first', async () => {
    await visitor('GET', '/account/Credentials/GetCredentialTypes', { token: newcomer.token });
    const started = await visitor('POST', '/account/Credentials/StartCredentialChanging', {
      token: newcomer.token,
      body: { credentialTypeCode: 'RegistrationEmail', oldCredentialType: 'RegistrationPhone', newCredentialValue: 'spec.client2@example.ru' },
    });
    const changingProcessId = started.json.changingProcessId as string;
    await visitor('POST', '/account/Credentials/ConfirmOldCredential', {
      token: newcomer.token,
      body: { changingProcessId, code: await lastCode(gw, newcomer.phone) },
    });
    await visitor('POST', '/account/Credentials/ConfirmNewCredential', {
      token: newcomer.token, body: { changingProcessId, code: await lastCode(gw, 'spec.client2@example.ru') },
    });
    newcomer.email = 'spec.client2@example.ru';
  });

  it('confirms the reserve phone and e-mail again, with no body', async () => {
    await gw.db.update(users).set({ reservePhone: '+79161112299', reserveEmail: 'spec.reserve@example.ru' }).where(eq(users.id, newcomer.id));
    const phone = await visitor('POST', '/account/Credentials/StartReservePhoneConfirmation', { token: newcomer.token });
    await visitor('POST', '/account/Credentials/ConfirmReservePhone', {
      token: newcomer.token, body: { confirmationId: phone.json.confirmationId, code: await lastCode(gw, '+79161112299') },
    });
    const mail = await visitor('POST', '/account/Credentials/StartReserveEmailConfirmation', { token: newcomer.token });
    await visitor('POST', '/account/Credentials/ConfirmReserveEmail', {
      token: newcomer.token, body: { confirmationId: mail.json.confirmationId, code: await lastCode(gw, 'spec.reserve@example.ru') },
    });
  });

  it('changes the password with the old one, then resets it with the code of the letter\'s link alone', async () => {
    await visitor('POST', '/account/Credentials/ResetPasswordWithOld', {
      token: newcomer.token,
      body: { oldPassword: newcomer.password, newPassword: 'spec-pass-2' },
    });
    await visitor('POST', '/Authentification/SendPasswordResettingLink', { body: { email: newcomer.email } });
    const letter = (await outbox(gw)).find((message) => message.recipient === newcomer.email);
    const code = /[?&]code=([0-9a-f]{32}\d{6})/.exec(letter?.body ?? '')?.[1] ?? '';
    await visitor('POST', '/Authentification/ResetPassword', { body: { code, newPassword: 'spec-pass-3' } });
    newcomer.token = await login(gw, newcomer.email, 'spec-pass-3');
  });

  it('lets staff in with a one-time key, which ends its own session; the user ends another one', async () => {
    const issued = await issueStrangerKey(gw.db, newcomer.email, 1, new Date());
    const stranger = await visitor('POST', '/Authentification/GetStrangerToken', { body: { login: newcomer.email, key: issued?.key ?? '' } });
    await visitor('GET', '/account/Authorization/TerminateCurrentSession', { token: stranger.json.accessToken as string });
    await login(gw, newcomer.email, 'spec-pass-3');
    const sessions = await visitor('GET', '/account/Authorization/GetSessions', { token: newcomer.token });
    const other = (sessions.body as Array<{ sessionId: string; isCurrent: boolean }>).find((session) => !session.isCurrent);
    await visitor('GET', `/account/Authorization/TerminateSession?sessionId=${other?.sessionId ?? ''}`, { token: newcomer.token });
  });
});

describe('what the gateway finds by itself', () => {
  const person = {
    firstName: 'Ия',
    lastName: 'Кац',
    middleName: '',
    siteUrl: '',
    accessibleThroughAdmin: false,
    avatarUrl: null,
    activityId: null,
    regionId: null,
    countryId: null,
  };
  const create = (body: Record<string, unknown>) => post(gw, '/account/Clients/Create', { ...person, ...body }, { token: newcomer.token });

  it('takes the client type from isLegal and the INN', async () => {
    const corporate = await create({ name: 'Альфа', fullName: 'ООО «Альфа»', isLegal: true, inn: '7707083893', kpp: '773601001', ogrn: '1027700132195' });
    expect(corporate.json).toMatchObject({ clientType: 'corporate', isLegal: true });
    const entrepreneur = await create({ name: 'ИП Петров', fullName: 'ИП Петров П. П.', isLegal: true, inn: '500100732259', ogrn: '304500116000157' });
    expect(entrepreneur.json).toMatchObject({ clientType: 'entrepreneur', isLegal: true });
    const selfEmployed = await create({ name: 'Кац', fullName: 'Кац Ия', isLegal: false, inn: '770123456703' });
    expect(selfEmployed.json).toMatchObject({ clientType: 'selfemployed', isLegal: false });
    const noInn = await create({ name: 'Бета', fullName: 'ООО «Бета»', isLegal: true });
    expect([noInn.status, noInn.json.field]).toEqual([400, 'inn']);
  });

  it('answers EnterEmail of a browser that started no registration as an unknown process', async () => {
    const answer = await post(gw, '/Registration/EnterEmail', { email: 'lost@example.ru' });
    expect([answer.status, answer.json.field]).toEqual([404, 'registrationProcessId']);
  });

  it('asks for the address with a six-digit reset code, which alone names no account', async () => {
    const answer = await post(gw, '/Authentification/ResetPassword', { code: '123456', newPassword: 'whatever-1' });
    expect([answer.status, answer.json.field]).toEqual([400, 'email']);
    const guessed = await post(gw, '/Authentification/ResetPassword', { code: `${'0'.repeat(32)}123456`, newPassword: 'whatever-1' });
    expect([guessed.status, guessed.json.code]).toEqual([400, 'reset_code_invalid']);
  });
});

describe('coverage', () => {
  it('made every call the product spec lists', () => {
    expect(SPEC_CALLS.filter((one) => !made.has(one))).toEqual([]);
    expect(SPEC_CALLS).toHaveLength(69);
  });
});
