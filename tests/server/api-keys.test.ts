import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../src/contract/call';
import type { Gateway } from '../../server/app';
import { staffApiKeys } from '../../server/staff/schema';
import { staffAudit } from '../../server/audit/schema';
import { staffMembers } from '../../server/db/schema';
import { contractCalls, type AnyCall } from '../../scripts/fuzz/calls';
import { call, createClock, login, startGateway } from './helpers';
import { enrolledStaff, OPERATOR_KEY, staffCall } from './staff-fixtures';

/** A system's API key opens the staff calls of its role, and nothing else; revoked, it opens nothing. */

const clock = createClock();
let gw: Gateway;
let calls: AnyCall[];
let adminToken: string;
let customerToken: string;
const keys = {} as Record<StaffRole, { id: number; key: string }>;

const attempt = (one: AnyCall, key: string) => call(gw, one.method, one.path, { body: {}, token: key });

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, operatorKey: OPERATOR_KEY });
  calls = await contractCalls();
  customerToken = await login(gw);
  adminToken = (await enrolledStaff(gw, clock, 'admin@fab.example', 'admin', 'cli')).token;
  for (const role of STAFF_ROLES) {
    const created = await staffCall(gw, '/staff/api-keys/Create', { name: `Система ${role}`, role }, adminToken);
    expect(created.status).toBe(200);
    keys[role] = { id: (created.json.system as { id: number }).id, key: String(created.json.key) };
  }
});

afterAll(async () => {
  await gw.close();
});

describe('creating a system', () => {
  it('shows the key once and keeps only its hash, the creation audited', async () => {
    const { key, id } = keys.manager;
    expect(key).toMatch(/^pcbkey_[A-Za-z0-9_-]{43}$/);
    const [row] = await gw.db.select().from(staffApiKeys).where(eq(staffApiKeys.staffId, id));
    expect(JSON.stringify(row)).not.toContain(key.slice('pcbkey_'.length));
    const listed = await staffCall(gw, '/staff/api-keys/List', {}, adminToken);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect((listed.json.systems as { id: number; keyPrefix: string }[]).find((system) => system.id === id)?.keyPrefix).toBe(key.slice(0, 11));
    const audit = await gw.db.select().from(staffAudit).where(eq(staffAudit.action, 'apikey.create'));
    expect(audit.map((entry) => entry.targetId)).toContain(String(id));
  });

  it('makes a member without e-mail or password, who cannot be given one, and is not listed among people', async () => {
    const [member] = await gw.db.select().from(staffMembers).where(eq(staffMembers.id, keys.engineer.id));
    expect([member?.kind, member?.email, member?.passwordHash]).toEqual(['system', null, null]);
    const reset = await staffCall(gw, '/staff/members/Update', { id: keys.engineer.id, resetPassword: true }, adminToken);
    expect([reset.status, reset.json.code]).toEqual([409, 'system']);
    const people = await staffCall(gw, '/staff/members/List', { includeDisabled: true }, adminToken);
    expect((people.json.members as { id: number }[]).map((one) => one.id)).not.toContain(keys.engineer.id);
  });

  it('names the field of a bad body', async () => {
    const noName = await staffCall(gw, '/staff/api-keys/Create', { name: '', role: 'manager' }, adminToken);
    const badRole = await staffCall(gw, '/staff/api-keys/Create', { name: 'ERP', role: 'owner' }, adminToken);
    expect([noName.status, noName.json.field, badRole.status, badRole.json.field]).toEqual([400, 'name', 400, 'role']);
  });
});

describe('a key', () => {
  it('opens the staff calls of its role and is refused (403) the others', async () => {
    const staffCalls = calls.filter((one) => one.access === 'staff' && !one.path.endsWith('SignOut'));
    const wrong: string[] = [];
    for (const one of staffCalls) {
      for (const role of STAFF_ROLES) {
        const allowed = !one.roles || one.roles.includes(role);
        const answer = await attempt(one, keys[role].key);
        if (allowed ? answer.status === 401 || answer.status === 403 : answer.status !== 403) wrong.push(`${one.path} as ${role}: ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('opens no customer or operator call (401): 0 leaks', async () => {
    const others = calls.filter((one) => one.access === 'user' || one.access === 'refresh' || one.access === 'operator');
    const leaks: string[] = [];
    for (const one of others) {
      const answer = await attempt(one, keys.admin.key);
      if (answer.status !== 401) leaks.push(`${one.method} ${one.path}: ${answer.status}`);
    }
    expect(leaks).toEqual([]);
  });

  it('cannot be stood in for by a customer\'s token or a made-up key', async () => {
    const one = calls.find((item) => item.path === '/staff/api-keys/List');
    if (!one) throw new Error('no list call');
    expect((await attempt(one, customerToken)).status).toBe(401);
    expect((await attempt(one, `pcbkey_${'A'.repeat(43)}`)).status).toBe(401);
  });

  it('is refused a sign-out, as it has no session to end', async () => {
    const answer = await staffCall(gw, '/staff/auth/SignOut', undefined, keys.engineer.key);
    expect([answer.status, answer.json.code]).toEqual([409, 'system']);
  });
});

describe('revoking', () => {
  it('is an admin\'s call: a manager\'s session and key are refused', async () => {
    const manager = await enrolledStaff(gw, clock, 'manager@fab.example', 'manager', adminToken);
    for (const token of [manager.token, keys.manager.key]) {
      const refused = await staffCall(gw, '/staff/api-keys/Revoke', { id: keys.engineer.id }, token);
      expect(refused.status).toBe(403);
    }
  });

  it('makes the key\'s next call 401, for good, and is audited', async () => {
    const { id, key } = keys.engineer;
    expect((await staffCall(gw, '/staff/sessions/List', {}, key)).status).toBe(200);
    const revoked = await staffCall(gw, '/staff/api-keys/Revoke', { id }, adminToken);
    expect([revoked.status, (revoked.json.system as { revoked: boolean }).revoked]).toEqual([200, true]);
    const refused = await staffCall(gw, '/staff/sessions/List', {}, key);
    expect(refused.status).toBe(401);
    const listed = await staffCall(gw, '/staff/api-keys/List', {}, adminToken);
    expect((listed.json.systems as { id: number }[]).map((system) => system.id)).not.toContain(id);
    const audit = await gw.db.select().from(staffAudit).where(eq(staffAudit.action, 'apikey.revoke'));
    expect(audit.map((entry) => entry.targetId)).toEqual([String(id)]);
  });

  it('answers 404 naming the id for a system that does not exist', async () => {
    const answer = await staffCall(gw, '/staff/api-keys/Revoke', { id: 999_999 }, adminToken);
    expect([answer.status, answer.json.field]).toEqual([404, 'id']);
  });

  it('a key whose system an admin disabled is refused too', async () => {
    const { id, key } = keys.manager;
    expect((await staffCall(gw, '/staff/members/Disable', { id }, adminToken)).status).toBe(200);
    expect((await staffCall(gw, '/staff/sessions/List', {}, key)).status).toBe(401);
  });
});
