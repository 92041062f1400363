import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { staffAudit } from '../../server/audit/schema';
import { staffMembers } from '../../server/db/schema';
import { getStrangerToken } from '../../src/contract/auth';
import { call, createUser, startGateway } from './helpers';
import { STAFF_PASSWORD, staffCall } from './staff-fixtures';
import { runOperatorCli, type CliRun } from './operator-cli';

/**
 * The first admin from the command line (`npx tsx server/admin.ts staff-create`, what `npm run admin` runs)
 * while the gateway holds its embedded database, through the operator call with the key the gateway left in the folder.
 */

const dir = mkdtempSync(join(tmpdir(), 'pcb-staff-cli-'));
let gw: Gateway;
let url: string;

const admin = (args: string[], env: Record<string, string> = {}): Promise<CliRun> => runOperatorCli('server/admin.ts', args, { dataDir: dir, url }, env);

beforeAll(async () => {
  gw = await startGateway({ dataDir: dir });
  url = await gw.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run admin -- staff-create', () => {
  it('creates the first admin on the running gateway, prints the set-up link and is recorded as the command line', async () => {
    const run = await admin(['staff-create', 'Chief@Fab.example', 'Анна Главная', 'admin']);
    expect(run.code, run.stderr).toBe(0);
    const [member] = await gw.db.select().from(staffMembers).where(eq(staffMembers.email, 'chief@fab.example'));
    expect(member).toMatchObject({ name: 'Анна Главная', role: 'admin', passwordHash: null, createdBy: null });
    expect(run.stdout).toContain(`Staff member chief@fab.example (id ${member?.id}, admin) created.`);
    const link = /#token=(\S+)$/.exec(run.stdout)?.[1] ?? '';
    expect((await staffCall(gw, '/staff/auth/SetUp', { setupToken: link, password: STAFF_PASSWORD })).status).toBe(200);
    const [row] = await gw.db.select().from(staffAudit).where(eq(staffAudit.action, 'member.create'));
    expect(row).toMatchObject({ actor: 'cli', actorStaffId: null, targetId: String(member?.id), after: { email: 'chief@fab.example', role: 'admin' } });
  }, 60_000);

  it('says what is wrong: a taken e-mail (1), an unknown role (2), a wrong key (1)', async () => {
    const taken = await admin(['staff-create', 'chief@fab.example', 'Двойник', 'engineer']);
    expect([taken.code, taken.stderr.trim()]).toEqual([1, '409: Сотрудник с этим адресом уже есть (email)']);
    const role = await admin(['staff-create', 'x@fab.example', 'Икс', 'owner']);
    expect([role.code, role.stderr.trim()]).toEqual([2, 'Unknown role "owner"; known: engineer, manager, admin']);
    const key = await admin(['staff-create', 'y@fab.example', 'Игрек', 'engineer'], { OPS_KEY: 'not-the-key' });
    expect(key.code).toBe(1);
    expect(key.stderr).toMatch(/^401: /);
    const emails = (await gw.db.select({ email: staffMembers.email }).from(staffMembers)).map((row) => row.email);
    expect(emails.filter((email) => email?.endsWith('@fab.example'))).toEqual(['chief@fab.example']);
  }, 90_000);
});

describe('npm run admin -- stranger-key', () => {
  it('issues a one-time key on the running gateway that signs in as the customer, logged as the command line with the reason', async () => {
    const userId = await createUser(gw, 'support-me@clients.example.ru', '+79980001234');
    const run = await admin(['stranger-key', 'support-me@clients.example.ru', '--reason', 'Звонок клиента: не видит заказ', '--hours', '2']);
    expect(run.code, run.stderr).toBe(0);
    const key = run.stdout.trim().split('\n').at(-1) ?? '';
    expect(run.stdout).toContain(`(user ${userId})`);
    const signedIn = await call(gw, 'POST', getStrangerToken.path, { body: { login: 'support-me@clients.example.ru', key } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const [row] = await gw.db.select().from(staffAudit).where(eq(staffAudit.action, 'support.stranger_key'));
    expect(row).toMatchObject({ actor: 'cli', targetType: 'user', targetId: String(userId), after: { reason: 'Звонок клиента: не видит заказ', hours: 2 } });
    expect(JSON.stringify(row)).not.toContain(key);
    const unknown = await admin(['stranger-key', 'nobody@clients.example.ru', '--reason', 'Проверка']);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, '404: Клиента с таким логином нет (login)']);
    expect((await admin(['stranger-key', 'support-me@clients.example.ru'])).code).toBe(2);
  }, 90_000);
});
