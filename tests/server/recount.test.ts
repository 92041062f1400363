import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { orders } from '../../server/orders/schema';
import { startGateway } from './helpers';
import { tableDrift } from './kept-counts-check';
import { runOperatorCli, type CliRun } from './operator-cli';

/**
 * `npm run ops -- recount` recomputes every kept count from its rows, repairs what drifted and prints each
 * change; with nothing to repair it says 'no drift'. Drift is made here by writing the kept tables directly.
 */

const dir = mkdtempSync(join(tmpdir(), 'pcb-recount-'));
let gw: Gateway;
let url: string;

const ops = (args: string[]): Promise<CliRun> => runOperatorCli('server/ops.ts', args, { dataDir: dir, url });

const orderRow = async (number: string) => {
  const [row] = await gw.db.select().from(orders).where(eq(orders.number, number));
  if (!row) throw new Error(`no order ${number}`);
  return row;
};

beforeAll(async () => {
  gw = await startGateway({ dataDir: dir });
  url = await gw.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run ops -- recount', () => {
  it('says there is no drift on the seeded data', async () => {
    expect(await ops(['recount'])).toMatchObject({ code: 0, stdout: 'no drift' });
  }, 60_000);

  it('repairs a drifted count of each kept table, prints what it changed, and then finds no drift', async () => {
    const waiting = await orderRow('ПП-2025-00101');
    const shipped = await orderRow('ПП-2025-00104');
    const client = waiting.clientId;
    await gw.db.execute(sql`update order_counts set orders = 0 where client_id = ${client} and status = 'waiting_for_payment'`);
    await gw.db.execute(sql`delete from invoice_counts where client_id = ${client} and paid`);
    await gw.db.execute(sql`update order_line_counts set lines = lines + 5 where client_id = ${client} and status = 'shipped'`);
    await gw.db.execute(sql`update orders set line_count = 9 where id = ${shipped.id}`);
    expect(await tableDrift(gw)).toHaveLength(4);

    const run = await ops(['recount']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      `order_counts client ${client} 'waiting_for_payment, favourite': 0 → 1`,
      `invoice_counts client ${client} 'paid': 0 → 2`,
      `order_line_counts client ${client} 'shipped, pcb': 7 → 2`,
      `orders.line_count client ${client} 'ПП-2025-00104': 9 → 2`,
      '4 kept counts repaired',
    ]);
    expect(await tableDrift(gw)).toEqual([]);
    expect(await ops(['recount'])).toMatchObject({ code: 0, stdout: 'no drift' });
  }, 90_000);

  it('takes no operands', async () => {
    const run = await ops(['recount', 'now']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('recount takes no operands');
  }, 60_000);
});
