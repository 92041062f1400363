import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { CLIENT_ROLES } from '../../src/contract/clients';
import { makeClient, person, type Person } from './client-fixtures';
import { createClock, login, outbox, post, startGateway } from './helpers';

/** Each invitation mails an address of the inviter's choosing: a sender and a client get only so many an hour. */

const clock = createClock();
let gw: Gateway;
let owner: Person;
let admin: Person;
let clientId: number;
let otherClientId: number;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, rateLimits: { perLogin: 100_000, perAddress: 1_000_000, invitesPerUser: 3, invitesPerClient: 5 } });
  owner = await person(gw, 'inv-owner', 'Ольга', 'Приглашающая');
  admin = await person(gw, 'inv-admin', 'Антон', 'Админов');
  clientId = await makeClient(gw, { name: 'Рассылка' }, [[owner, CLIENT_ROLES.owner], [admin, CLIENT_ROLES.admin]]);
  otherClientId = await makeClient(gw, { name: 'Другой' }, [[owner, CLIENT_ROLES.owner]]);
});
afterAll(() => gw.close());

let sent = 0;
const invite = (who: Person, client: number, lang: 'ru' | 'en' = 'ru') => {
  sent += 1;
  return post(gw, '/account/Clients/Invite', { clientId: client, userEmail: `guest${sent}@invite.example.ru` }, { token: who.token, lang });
};
const letters = async () => (await outbox(gw)).filter((message) => message.recipient.endsWith('@invite.example.ru')).length;

describe('Invite', () => {
  it('refuses a sender past the hour\'s invitations, on every client, and says when to try again', async () => {
    for (let i = 0; i < 3; i += 1) expect((await invite(owner, clientId)).status).toBe(200);
    const refused = await invite(owner, clientId);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'invites_per_user' });
    expect(refused.json.error).toBe('Вы отправили слишком много приглашений за час. Следующее можно будет отправить через 60 мин.');
    const english = await invite(owner, otherClientId, 'en');
    expect(english.status).toBe(429);
    expect(english.json.error).toBe('You have sent too many invitations within an hour. You can send the next one in 60 min.');
    expect(await letters()).toBe(3);
  });

  it('refuses a client past the hour\'s invitations from all its admins', async () => {
    expect((await invite(admin, clientId)).status).toBe(200);
    expect((await invite(admin, clientId)).status).toBe(200);
    const refused = await invite(admin, clientId);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'invites_per_client' });
    expect(refused.json.error).toMatch(/^От имени этого клиента за час отправлено слишком много приглашений/);
    expect(await letters()).toBe(5);
  });

  it('lets them invite again an hour later', async () => {
    clock.advance(3601);
    owner.token = await login(gw, owner.email, 'password-123');
    expect((await invite(owner, clientId)).status).toBe(200);
  });
});
