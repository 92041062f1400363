import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { createClock, startGateway } from './helpers';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { enrolledStaff, OPERATOR_KEY, STAFF_PASSWORD, staffCall, staffSignIn } from './staff-fixtures';

/**
 * Staff on PostgreSQL (a private cluster): the staff tables migrate there, and two gateways sharing it see one
 * truth at once — a member disabled through one is refused by the other at the next call.
 */

const clock = createClock();
let cluster: PgCluster;
let a: Gateway;
let b: Gateway;

beforeAll(async () => {
  cluster = await startPgCluster();
  const start = () => startGateway({ databaseUrl: cluster.url, now: clock.now, operatorKey: OPERATOR_KEY, boardJobs: { concurrency: 0 } });
  a = await start();
  b = await start();
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  cluster?.stop();
});

describe('staff accounts on PostgreSQL with two gateways', () => {
  it('signs in through one gateway, works through the other, and a disabling on one ends the session on both', async () => {
    const admin = await enrolledStaff(a, clock, 'pg-admin@fab.example', 'admin', 'cli');
    const engineer = await enrolledStaff(b, clock, 'pg-engineer@fab.example', 'engineer', admin.token);
    const second = await staffSignIn(a, clock, engineer.email, engineer.secret);
    expect((await staffCall(b, '/staff/sessions/List', {}, second)).json.sessions).toHaveLength(2);
    expect((await staffCall(b, '/staff/members/Disable', { id: engineer.id }, admin.token)).status).toBe(200);
    expect((await staffCall(a, '/staff/sessions/List', {}, second)).status).toBe(401);
    expect((await staffCall(a, '/staff/sessions/List', {}, engineer.token)).status).toBe(401);
    expect((await staffCall(a, '/staff/auth/SignIn', { email: engineer.email, password: STAFF_PASSWORD })).status).toBe(401);
    const audit = await staffCall(a, '/staff/audit/List', { action: 'session.end' }, admin.token);
    expect((audit.json.entries as unknown[]).length).toBe(2);
  }, 60_000);
});
