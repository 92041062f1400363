import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { orderComplaints, orders } from '../../server/orders/schema';
import { startGateway } from './helpers';
import { runOperatorCli, type CliRun } from './operator-cli';

/**
 * `npm run ops` end to end — the command (spawned as `node --import tsx server/ops.ts`: the same script,
 * without npx's lookup before each call) against a gateway listening on a free port with a temporary data folder,
 * reading the operator key the gateway left there.
 */

const dir = mkdtempSync(join(tmpdir(), 'pcb-ops-'));
const empty = mkdtempSync(join(tmpdir(), 'pcb-ops-empty-'));
let gw: Gateway;
let url: string;

const ops = (args: string[], env: Record<string, string> = {}): Promise<CliRun> => runOperatorCli('server/ops.ts', args, { dataDir: dir, url }, env);

const orderRow = async (number: string) => (await gw.db.select().from(orders).where(eq(orders.number, number)))[0];

beforeAll(async () => {
  gw = await startGateway({ dataDir: dir });
  url = await gw.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

describe('npm run ops', () => {
  it('moves a held order along the usual path and says where it is', async () => {
    const held = await orderRow('ПП-2025-00102');
    const released = await ops(['order', 'ПП-2025-00102', 'next']);
    expect(released).toMatchObject({ code: 0, stdout: `ПП-2025-00102 (id ${held?.id}): on_check` });
    const approved = await ops(['order', String(held?.id), 'approve']);
    expect(approved).toMatchObject({ code: 0, stdout: `ПП-2025-00102 (id ${held?.id}): waiting_for_payment` });
    expect(await orderRow('ПП-2025-00102')).toMatchObject({ status: 'waiting_for_payment', holdReason: null });
    const heldAgain = await ops(['order', 'ПП-2025-00103', 'hold', '--reason', 'Ждём ламинат']);
    expect(heldAgain.stdout).toMatch(/^ПП-2025-00103 \(id \d+\): in_progress, held: Ждём ламинат$/);
  }, 90_000);

  it('ships with a made-up tracking number on next, and stops at the end of the path', async () => {
    const shipped = await ops(['order', 'ПП-2025-00105', 'next']);
    expect(shipped.code).toBe(0);
    expect(shipped.stdout).toMatch(/^ПП-2025-00105 \(id \d+\): shipped, tracking RA\d{9}RU$/);
    const done = await ops(['order', 'ПП-2025-00105', 'next']);
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('409: У заказа в статусе «Отгружен» нет следующего шага');
  }, 90_000);

  it('prints the gateway\'s refusal and exits with 1', async () => {
    const refused = await ops(['order', 'ПП-2025-00104', 'pay']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('409: Нельзя отметить оплаченным заказ в статусе «Отгружен»');
    const noReason = await ops(['order', 'ПП-2025-00107', 'hold']);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('400: Укажите причину приостановки');
    expect((await orderRow('ПП-2025-00107'))?.holdReason).toBeNull();
  }, 90_000);

  it('answers a complaint', async () => {
    const [complaint] = await gw.db.select().from(orderComplaints);
    const answer = await ops(['complaint', String(complaint?.id), 'improving', '--resolution', 'Переизготовим три платы']);
    expect(answer).toMatchObject({ code: 0, stdout: `complaint ${complaint?.id}: improving — Переизготовим три платы` });
  }, 60_000);

  it('refuses without the right key, and explains its usage', async () => {
    const wrong = await ops(['order', 'ПП-2025-00107', 'next'], { OPS_KEY: 'not-the-key' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('401: Неверный ключ оператора');
    const none = await ops(['order', 'ПП-2025-00107', 'next'], { DATA_DIR: empty });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No operator key');
    const usage = await ops(['order', 'ПП-2025-00107']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run ops -- order <id|number> <action>');
    const unknown = await ops(['order', 'ПП-2025-00107', 'explode']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown action "explode"');
    expect((await orderRow('ПП-2025-00107'))?.status).toBe('in_progress');
  }, 120_000);
});
