import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { defaultParams } from '../src/contract/board';
import { zipBoard } from '../tests/server/board-fixtures';
import { startGatewayProcess, type GatewayProcess } from '../tests/server/gateway-process';
import { binDir, startPgCluster, type PgCluster } from '../tests/server/pg-cluster';
import { signInOverHttp, type PortalHttp } from '../tests/server/portal-http';

/**
 * The backup and restore of docs/operations.md, done. A portal on a private PostgreSQL with a folder file
 * store gets data (a corpus board uploaded, a project ordered); the documented commands back it up while its
 * gateway runs (the database first, then the files); the copy is restored into an empty cluster and an empty folder,
 * a gateway starts on it, and both portals are compared: rows per table, the order through the API, the board's
 * files byte for byte.
 */

export interface TableCount { table: string; source: number; restored: number }
export interface BackupRestoreReport {
  commands: string[];
  tables: TableCount[];
  order: { id: number; number: string; source: unknown; restored: unknown };
  files: Array<{ path: string; bytes: number; same: boolean }>;
  storeFiles: { source: number; restored: number; differing: string[] };
}

const GATEWAY_ENV = {
  JWT_SECRET: 'backup-restore-check-secret-not-for-production', OPERATOR_KEY: 'backup-restore-check-operator-key-0123456789',
  ORDER_SIMULATOR_SECONDS: '0', BOARD_JOBS_PER_GATEWAY: '1',
};

async function expectOk(portal: PortalHttp, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const answer = await portal.call(method, path, body);
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

async function firstId(url: string, query: string, values: unknown[]): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const id = (await client.query<{ id: number }>(query, values)).rows[0]?.id;
    if (typeof id !== 'number') throw new Error(`nothing for: ${query}`);
    return id;
  } finally {
    await client.end();
  }
}

/** A corpus board uploaded, saved as a project and ordered (a payer and contact of the demo client's own). */
async function makeData(portal: PortalHttp, databaseUrl: string) {
  const clients = await expectOk(portal, 'POST', '/account/Clients/List', { pagination: { page: 1, itemsOnPage: 50 } }) as Array<{ id: number }>;
  const clientId = await firstId(databaseUrl, `select client_id as id from contacts c where client_id = any($1)
    and exists (select 1 from payers a where a.client_id = c.client_id) order by client_id limit 1`, [clients.map((client) => client.id)]);
  const upload = await portal.uploadBoard(clientId, 'arduino-uno.zip', zipBoard('arduino-uno'));
  if (upload.status !== 'done' || !upload.analysis) throw new Error(`the board was not processed: ${JSON.stringify(upload.error)}`);
  const project = await expectOk(portal, 'POST', '/catalog-viewer/v2/projects/Create', {
    clientId, title: 'Arduino Uno (backup check)', params: defaultParams('pcb'), uploadId: upload.uploadId, status: 'actual',
  }) as { id: number };
  await expectOk(portal, 'POST', '/cart/AddProject', { projectId: project.id });
  const cart = await expectOk(portal, 'GET', '/cart/List') as { lines: Array<{ id: number; projectId: number }> };
  const line = cart.lines.find((one) => one.projectId === project.id);
  if (!line) throw new Error('the project is not in the cart');
  const placed = (await expectOk(portal, 'POST', '/cart/Checkout', {
    idempotencyKey: randomUUID(),
    clientId,
    comment: 'backup check',
    lineIds: [line.id],
    payerId: await firstId(databaseUrl, 'select id from payers where client_id = $1 order by id limit 1', [clientId]),
    contactId: await firstId(databaseUrl, 'select id from contacts where client_id = $1 order by id limit 1', [clientId]),
    delivery: {
      kind: 'warehouse',
      deliverySettingId: null,
      endpointId: await firstId(
        databaseUrl,
        "select e.id from delivery_endpoints e join delivery_methods m on m.id = e.method_id where m.code = 'warehouse' order by e.id limit 1",
        [],
      ),
    },
  })) as { orderId: number; number: string };
  const images = [upload.analysis.images.top, upload.analysis.images.bottom, ...Object.values(upload.analysis.images.layers)]
    .filter((path): path is string => typeof path === 'string');
  return { orderId: placed.orderId, number: placed.number, images };
}

async function rowCounts(url: string): Promise<Map<string, number>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
      from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`);
    const counts = new Map<string, number>();
    for (const { name } of tables.rows) counts.set(name, Number((await client.query<{ n: string }>(`select count(*) as n from ${name}`)).rows[0]?.n));
    return counts;
  } finally {
    await client.end();
  }
}

/** Every file under a folder with a hash of its bytes. */
function folderHashes(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    if (statSync(path).isFile()) hashes.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return hashes;
}

export async function backupRestoreCheck(say: (line: string) => void = () => undefined): Promise<BackupRestoreReport> {
  const work = mkdtempSync(join(tmpdir(), 'backup-restore-'));
  const clusters: PgCluster[] = [];
  const gateways: GatewayProcess[] = [];
  const commands: string[] = [];
  /** Runs an operator's command as written in docs/operations.md and records it. */
  const run = (program: string, args: string[]) => {
    commands.push([program, ...args].join(' '));
    say(`$ ${commands.at(-1) ?? ''}`);
    execFileSync(program, args, { stdio: 'pipe', timeout: 300_000 });
  };
  try {
    const source = await startPgCluster();
    clusters.push(source);
    const sourceFiles = join(work, 'files');
    mkdirSync(sourceFiles);
    say(`source: PostgreSQL ${source.url}, files in ${sourceFiles}`);
    const gateway = await startGatewayProcess({ ...GATEWAY_ENV, DATABASE_URL: source.url, FILE_STORE_DIR: sourceFiles });
    gateways.push(gateway);
    const portal = await signInOverHttp(gateway.url);
    const data = await makeData(portal, source.url);
    say(`data: order ${data.number} (id ${data.orderId}) of a project on the uploaded arduino-uno board, ${data.images.length} pictures`);
    const sourceOrder = await expectOk(portal, 'GET', `/catalog-viewer/v2/orders/Get?id=${data.orderId}`);

    // The backup, while the gateway runs: the database first, then the files (docs/operations.md says why).
    // Counted as the dump is taken (nothing else writes meanwhile), and on the restore before anyone signs in there.
    const before = await rowCounts(source.url);
    const dump = join(work, 'portal.dump');
    const archive = join(work, 'files.tar.gz');
    run(join(binDir(), 'pg_dump'), ['--format=custom', `--file=${dump}`, `--dbname=${source.url}`]);
    run('tar', ['-C', sourceFiles, '-czf', archive, '.']);

    // The restore: an empty cluster and an empty folder.
    const target = await startPgCluster();
    clusters.push(target);
    const restoredFiles = join(work, 'restored-files');
    mkdirSync(restoredFiles);
    say(`restore: PostgreSQL ${target.url}, files in ${restoredFiles}`);
    run(join(binDir(), 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dump]);
    run('tar', ['-C', restoredFiles, '-xzf', archive]);
    const restoredGateway = await startGatewayProcess({ ...GATEWAY_ENV, DATABASE_URL: target.url, FILE_STORE_DIR: restoredFiles });
    gateways.push(restoredGateway);
    const after = await rowCounts(target.url);
    const restoredPortal = await signInOverHttp(restoredGateway.url);
    const tables = [...new Set([...before.keys(), ...after.keys()])].sort()
      .map((table) => ({ table, source: before.get(table) ?? -1, restored: after.get(table) ?? -1 }));
    const restoredOrder = await expectOk(restoredPortal, 'GET', `/catalog-viewer/v2/orders/Get?id=${data.orderId}`);
    const files = [];
    for (const path of data.images) {
      const [was, now] = await Promise.all([portal.bytes(path), restoredPortal.bytes(path)]);
      if (was.status !== 200) throw new Error(`${path}: ${was.status} on the source`);
      files.push({ path, bytes: now.body.length, same: now.status === 200 && now.body.equals(was.body) });
    }
    const [sourceHashes, restoredHashes] = [folderHashes(sourceFiles), folderHashes(restoredFiles)];
    const differing = [...new Set([...sourceHashes.keys(), ...restoredHashes.keys()])].filter((path) => sourceHashes.get(path) !== restoredHashes.get(path));
    return {
      commands, tables, order: { id: data.orderId, number: data.number, source: sourceOrder, restored: restoredOrder }, files,
      storeFiles: { source: sourceHashes.size, restored: restoredHashes.size, differing },
    };
  } finally {
    await Promise.all(gateways.map((gateway) => gateway.kill()));
    for (const cluster of clusters) cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
