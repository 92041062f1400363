import { mkdtempSync, readFileSync, rmSync, statSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrder, operatorComplaintStatus, operatorOrderAction, operatorOrderNext, operatorRecount } from '../../src/contract/orders';
import type { Gateway } from '../../server/app';
import { resolveConfig } from '../../server/config';
import { settings } from '../../server/db/schema';
import { call, createUser, login, startGateway } from './helpers';

/**
 * Operator calls accept only `Authorization: Operator <key>`. The key is generated once, kept in the
 * settings table and left in the data folder for `npm run ops` (owner-only); OPERATOR_KEY replaces it.
 */

const storedKey = async (gw: Gateway) => (await gw.db.select().from(settings).where(eq(settings.key, 'operator_key')))[0]?.value;
const OPERATOR_CALLS = [
  { path: operatorOrderAction.path, body: { order: 'ПП-1999-00001', action: 'approve' }, through: 404 },
  { path: operatorOrderNext.path, body: { order: 'ПП-1999-00001' }, through: 404 },
  { path: operatorComplaintStatus.path, body: { complaintId: 999999, status: 'completed' }, through: 404 },
  // Nothing to name, so the call itself answers.
  { path: operatorRecount.path, body: {}, through: 200 },
];

describe('the operator key in memory', () => {
  let gw: Gateway;
  let key: string;
  let userToken: string;

  beforeAll(async () => {
    gw = await startGateway({ seedDemo: false });
    key = (await storedKey(gw)) ?? '';
    await createUser(gw, 'ops-user@example.ru', '+79997770001');
    userToken = await login(gw, 'ops-user@example.ru', 'password-123');
  });

  afterAll(async () => {
    await gw.close();
  });

  it('is 32 random bytes in hex, generated at start', () => {
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  for (const { path, body, through } of OPERATOR_CALLS) {
    it(`${path}: no key, a wrong key, a user's token → 401; the key → through to the call`, async () => {
      const other = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
      const tries: Array<[string | undefined, number]> = [
        [undefined, 401], ['Operator', 401], [`Operator ${other}`, 401], [`Operator ${key}x`, 401],
        [`Bearer ${userToken}`, 401], [`Operator ${userToken}`, 401], [key, 401], [`operator ${key}`, 401], [`Operator ${key}`, through],
      ];
      for (const [authorization, status] of tries) {
        const answer = await call(gw, 'POST', path, { body, headers: authorization === undefined ? {} : { authorization } });
        expect([authorization, answer.status]).toEqual([authorization, status]);
        if (status === 401) expect(answer.json.code).toBe('unauthorized');
      }
    });
  }

  it('a user call does not take the operator key', async () => {
    const answer = await call(gw, 'GET', `${getOrder.path}?id=1`, { headers: { authorization: `Operator ${key}` } });
    expect(answer.status).toBe(401);
  });

  it('explains what is missing', async () => {
    const missing = await call(gw, 'POST', operatorOrderAction.path, { body: OPERATOR_CALLS[0]?.body, lang: 'en' });
    expect(missing.json.error).toBe('The operator key is required: header Authorization: Operator <key>');
    const wrong = await call(gw, 'POST', operatorOrderAction.path, { body: OPERATOR_CALLS[0]?.body, lang: 'en', headers: { authorization: 'Operator nope' } });
    expect(wrong.json.error).toBe('Wrong operator key');
  });
});

describe('the operator key in a data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pcb-operator-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is written to operator.key (mode 0600) and kept across restarts', async () => {
    const first = await startGateway({ dataDir: dir, seedDemo: false });
    const key = await storedKey(first);
    await first.close();
    const file = join(dir, 'operator.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    const second = await startGateway({ dataDir: dir, seedDemo: false });
    expect(await storedKey(second)).toBe(key);
    await second.close();
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('OPERATOR_KEY', () => {
  it('comes from the environment, the option winning', () => {
    expect(resolveConfig({}, { OPERATOR_KEY: 'from-env' }).operatorKey).toBe('from-env');
    expect(resolveConfig({ operatorKey: 'from-option' }, { OPERATOR_KEY: 'from-env' }).operatorKey).toBe('from-option');
    expect(resolveConfig({}, {}).operatorKey).toBeNull();
  });

  it('replaces the generated key, which is then refused', async () => {
    const gw = await startGateway({ seedDemo: false, operatorKey: 'configured-operator-key' });
    const body = OPERATOR_CALLS[0]?.body;
    expect((await call(gw, 'POST', operatorOrderAction.path, { body, headers: { authorization: 'Operator configured-operator-key' } })).status).toBe(404);
    // A key stored by an earlier start without OPERATOR_KEY no longer opens the calls.
    await gw.db
      .insert(settings)
      .values({ key: 'operator_key', value: 'stored-before' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'stored-before' } });
    expect((await call(gw, 'POST', operatorOrderAction.path, { body, headers: { authorization: 'Operator stored-before' } })).status).toBe(401);
    await gw.close();
  });
});
