import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../src/contract/call';
import type { Gateway } from '../../server/app';
import { engineerRequests, orderClaims, orders } from '../../server/orders/schema';
import { staffAudit } from '../../server/audit/schema';
import { staffMembers } from '../../server/db/schema';
import { staffSessions } from '../../server/staff/schema';
import { strangerKeys } from '../../server/auth/schema';
import { contractCalls, type AnyCall } from '../../scripts/fuzz/calls';
import { tableText } from './authz-table';
import { call, createClock, login, startGateway } from './helpers';
import { enrolledStaff, OPERATOR_KEY } from './staff-fixtures';

/**
 * Staff and customers are kept apart. Every staff call is tried by an anonymous caller, a customer and each
 * staff role; every customer call (and every operator call) by a staff member. A refusal must change nothing; the run
 * prints the table of what was checked.
 */

const clock = createClock();
let gw: Gateway;
let calls: AnyCall[];
let customer: string;
const staff = {} as Record<StaffRole, string>;
const table: string[] = [];

const attempt = (one: AnyCall, token?: string) => call(gw, one.method, one.path, { body: {}, ...(token ? { token } : {}) });
/** Members, sessions (but when they were last seen: a refused member was still signed in), the audit log and the desks' rows. */
const snapshot = async () => JSON.stringify(await Promise.all([
  gw.db.select().from(staffMembers).orderBy(staffMembers.id),
  gw.db.select().from(orders).orderBy(orders.id), gw.db.select().from(orderClaims), gw.db.select().from(engineerRequests),
  gw.db.select().from(strangerKeys),
  gw.db.select({ id: staffSessions.id, endedAt: staffSessions.endedAt, expiresAt: staffSessions.expiresAt }).from(staffSessions).orderBy(staffSessions.id),
  gw.db.select().from(staffAudit).orderBy(staffAudit.id),
]));

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, operatorKey: OPERATOR_KEY });
  calls = await contractCalls();
  customer = await login(gw);
  const admin = await enrolledStaff(gw, clock, 'admin@fab.example', 'admin', 'cli');
  staff.admin = admin.token;
  staff.manager = (await enrolledStaff(gw, clock, 'manager@fab.example', 'manager', admin.token)).token;
  staff.engineer = (await enrolledStaff(gw, clock, 'engineer@fab.example', 'engineer', admin.token)).token;
});

afterAll(async () => {
  console.log(tableText('Staff calls: who is refused (issue 33)', ['call', 'roles', 'anonymous', 'customer', ...STAFF_ROLES], table));
  await gw.close();
});

describe('every staff call', () => {
  it('refuses an anonymous caller and a customer (401) and the roles it is not for (403), changing nothing', async () => {
    // Signing out ends the session it is made in: it goes last, after the token's other calls.
    const staffCalls = calls.filter((one) => one.access === 'staff').sort((a, b) => Number(a.path.endsWith('SignOut')) - Number(b.path.endsWith('SignOut')));
    // 8 of the accounts, 6 of the systems' keys and webhooks, 14 of the desks.
    expect(staffCalls.length).toBe(28);
    const before = await snapshot();
    for (const one of staffCalls) {
      const anonymous = await attempt(one);
      const asCustomer = await attempt(one, customer);
      expect([anonymous.status, asCustomer.status], `${one.path}`).toEqual([401, 401]);
      const cells: string[] = [];
      for (const role of STAFF_ROLES) {
        if (one.roles && !one.roles.includes(role)) {
          const refused = await attempt(one, staff[role]);
          expect([refused.status, refused.json.code], `${one.path} as ${role}`).toEqual([403, 'forbidden']);
          cells.push(String(refused.status));
        } else {
          cells.push('allowed');
        }
      }
      table.push(
        `| ${one.method} ${one.path} | ${(one.roles ?? STAFF_ROLES).join(', ')} | ${anonymous.status} | ${asCustomer.status} | ${cells.join(' | ')} |`,
      );
    }
    expect(await snapshot()).toBe(before);
  });

  it('lets each role through to the calls it is for', async () => {
    const allowed = calls.filter((one) => one.access === 'staff' && !one.path.endsWith('SignOut'));
    const statuses = await Promise.all(allowed.flatMap((one) => STAFF_ROLES
      .filter((role) => !one.roles || one.roles.includes(role))
      .map(async (role) => ({ call: `${one.path} as ${role}`, status: (await attempt(one, staff[role])).status }))));
    expect(statuses.filter(({ status }) => status === 401 || status === 403)).toEqual([]);
  });
});

describe('every customer and operator call', () => {
  it('refuses a staff member\'s token: 0 leaks', async () => {
    const others = calls.filter((one) => one.access === 'user' || one.access === 'refresh' || one.access === 'operator');
    expect(others.length).toBeGreaterThan(150);
    const before = await snapshot();
    const leaks: string[] = [];
    for (const one of others) {
      for (const role of STAFF_ROLES) {
        const answer = await attempt(one, staff[role]);
        if (answer.status !== 401) leaks.push(`${one.method} ${one.path} as ${role}: ${answer.status}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshot()).toBe(before);
    table.push(`| every customer and operator call (${others.length}) | — | — | — | 401 | 401 | 401 |`);
  });

  it('leaves the staff tokens working after all that', async () => {
    for (const role of STAFF_ROLES) {
      expect((await call(gw, 'POST', '/staff/sessions/List', { body: {}, token: staff[role] })).status).toBe(200);
    }
  });
});
