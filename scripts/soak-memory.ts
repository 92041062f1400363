/**
 * `npm run soak:memory`: does a production gateway's memory stay flat under uploads? One gateway (the production
 * build, NODE_ENV=production, the embedded database in a fresh folder unless DATABASE_URL is set) takes corpus boards
 * in batches; after each batch's jobs are finished (DFM included) it is left idle, then its resident memory, its
 * heap as it stands and after a full collection, and its runners' memory are printed, one row per batch.
 *
 * Settings (environment): SOAK_BATCHES (10), SOAK_BATCH_SIZE (20), SOAK_IDLE_SECONDS (45), SOAK_CODE_DIR (the code
 * to run, by default this checkout: point it at a clean checkout of another commit to compare), DATABASE_URL,
 * MALLOC_ARENA_MAX (2, as the gateway is launched). The rest of the environment reaches the gateway too.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { UploadState } from '../src/contract/board-files';
import { startFakeSmsAero } from '../tests/support/fake-sms-aero';
import { startSmtpCatcher } from '../tests/support/smtp-catcher';
import { corpusAvailable, corpusBoards, CORPUS_DIR, type CorpusBoard } from './gerber-corpus';
import { registerCustomer, type Customer } from './soak-memory-customer';
import { buildGateway, startSoakedGateway, type SoakedGateway } from './soak-memory-gateway';

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const BATCHES = setting('SOAK_BATCHES', 10);
const BATCH_SIZE = setting('SOAK_BATCH_SIZE', 20);
const IDLE_SECONDS = setting('SOAK_IDLE_SECONDS', 45);
/** glibc's malloc arenas, as the gateway is launched (docs/decisions.md); a large number measures without the cap. */
const ARENAS = process.env.MALLOC_ARENA_MAX ?? '2';
const CODE_DIR = resolve(process.env.SOAK_CODE_DIR ?? resolve(import.meta.dirname, '..'));

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

interface Row {
  batch: number; uploads: number; failed: number; seconds: number; peakMb: number; idleMb: number; anonMb: number; threads: number;
  heapMb: number; externalMb: number; arrayBuffersMb: number; collectedHeapMb: number; collectedRssMb: number; runners: string;
}

async function upload(gateway: SoakedGateway, customer: Customer, board: CorpusBoard): Promise<string> {
  const query = new URLSearchParams({ clientId: String(customer.clientId), fileName: board.uploadName });
  for (;;) {
    const answer = await fetch(`${gateway.url}/api/board-files/Upload?${query}`, {
      method: 'POST', body: new Uint8Array(board.upload), headers: { 'content-type': 'application/zip', authorization: `Bearer ${customer.token}` },
    });
    // 503: the unpacking queue is full; the soak waits as the app would.
    if (answer.status === 503) { await sleep(1000); continue; }
    if (answer.status !== 200) throw new Error(`upload of ${board.name} answered ${answer.status}: ${await answer.text()}`);
    return ((await answer.json()) as UploadState).uploadId;
  }
}

/** Waits until the upload's job is over, DFM included; says why it failed, or null. */
async function finished(gateway: SoakedGateway, customer: Customer, uploadId: string, name: string): Promise<string | null> {
  for (;;) {
    const answer = await fetch(`${gateway.url}/api/board-files/Get?uploadId=${uploadId}`, { headers: { authorization: `Bearer ${customer.token}` } });
    const state = (await answer.json()) as UploadState;
    if (state.status === 'failed') return `${name}: ${state.error ?? 'failed'}`;
    if (state.status === 'done' && state.analysis?.dfmStatus !== 'running') return state.analysis?.dfmStatus === 'failed' ? `${name}: DFM failed` : null;
    await sleep(500);
  }
}

async function batch(number: number, gateway: SoakedGateway, customer: Customer, boards: CorpusBoard[], failed: string[]): Promise<Row> {
  const started = performance.now();
  let peakMb = 0;
  const sampler = setInterval(() => { peakMb = Math.max(peakMb, gateway.memory().rssMb); }, 250);
  const uploads: Array<{ id: string; name: string }> = [];
  for (let index = 0; index < BATCH_SIZE; index += 1) {
    const board = boards[((number - 1) * BATCH_SIZE + index) % boards.length];
    if (board) uploads.push({ id: await upload(gateway, customer, board), name: board.name });
  }
  const failures = (await Promise.all(uploads.map(({ id, name }) => finished(gateway, customer, id, name)))).filter((reason) => reason !== null);
  failed.push(...failures);
  clearInterval(sampler);
  const seconds = Math.round((performance.now() - started) / 1000);
  await sleep(IDLE_SECONDS * 1000);
  const memory = gateway.memory();
  const runners = gateway.runners();
  const { idle, collected } = await gateway.heap();
  return {
    batch: number, uploads: uploads.length, failed: failures.length, seconds, peakMb, idleMb: memory.rssMb,
    anonMb: memory.anonMb, threads: memory.threads, heapMb: idle.heapUsedMb, externalMb: idle.externalMb,
    arrayBuffersMb: idle.arrayBuffersMb, collectedHeapMb: collected.heapUsedMb, collectedRssMb: collected.rssMb,
    runners: `${runners.count} / ${runners.rssMb} MB`,
  };
}

const COLUMNS: Array<[keyof Row, string]> = [
  ['batch', 'batch'], ['uploads', 'uploads'], ['failed', 'failed'], ['seconds', 's'], ['peakMb', 'peak RSS'], ['idleMb', 'idle RSS'],
  ['anonMb', 'anon'], ['threads', 'threads'], ['heapMb', 'heap'], ['externalMb', 'external'], ['arrayBuffersMb', 'arrayBuf'],
  ['collectedHeapMb', 'heap after GC'], ['collectedRssMb', 'RSS after GC'], ['runners', 'runners (n / RSS)'],
];
const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
const printHeader = () => {
  console.log(line(COLUMNS.map(([, title]) => title)));
  console.log(line(COLUMNS.map(() => '---')));
};
const printRow = (row: Row) => console.log(line(COLUMNS.map(([key]) => String(row[key]))));

async function main(): Promise<void> {
  if (!corpusAvailable()) throw new Error(`no corpus at ${CORPUS_DIR} (GERBER_CORPUS_DIR)`);
  const boards = corpusBoards();
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-memory-'));
  const [aero, smtp] = await Promise.all([startFakeSmsAero(), startSmtpCatcher()]);
  console.log(`building the gateway of ${CODE_DIR}`);
  const serverDir = buildGateway(CODE_DIR);
  const env = {
    NODE_ENV: 'production', DATA_DIR: join(dataDir, 'db'), FILE_STORE_DIR: join(dataDir, 'files'),
    JWT_SECRET: randomBytes(32).toString('hex'), OPERATOR_KEY: randomBytes(32).toString('hex'),
    // The soak outlasts the default five minutes of an access token; the memory does not depend on it.
    ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600),
    SMS_PROVIDER: 'smsaero', SMS_LOGIN: aero.login, SMS_API_KEY: aero.apiKey, SMS_API_URL: aero.url, SMTP_URL: smtp.url,
    MALLOC_ARENA_MAX: ARENAS,
  };
  // The installation: the first start makes the database (PGlite's initdb, the migrations) and the customer registers.
  // The soaked gateway is the next start, as every later start of a running portal is.
  const first = await startSoakedGateway(serverDir, env);
  const firstMemory = first.memory();
  let customer: Customer;
  try {
    customer = await registerCustomer(first.url, aero, smtp);
  } finally {
    await first.stop();
  }
  const gateway = await startSoakedGateway(serverDir, env);
  try {
    const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database';
    console.log(`gateway ${gateway.pid} on ${database}; ${BATCHES} batches of ${BATCH_SIZE} from ${boards.length} corpus boards, ` +
      `${IDLE_SECONDS} s idle after each; MALLOC_ARENA_MAX=${ARENAS}; Node ${process.version}`);
    console.log(`first start (an empty database made): RSS ${firstMemory.rssMb} MB`);
    await sleep(IDLE_SECONDS * 1000);
    const atStart = gateway.memory();
    const heapAtStart = await gateway.heap();
    console.log(`started again, idle ${IDLE_SECONDS} s: RSS ${atStart.rssMb} MB, heap ${heapAtStart.idle.heapUsedMb} MB, ` +
      `external ${heapAtStart.idle.externalMb} MB, threads ${atStart.threads}`);
    printHeader();
    const rows: Row[] = [];
    const failed: string[] = [];
    for (let number = 1; number <= BATCHES; number += 1) {
      const row = await batch(number, gateway, customer, boards, failed);
      rows.push(row);
      printRow(row);
    }
    console.log('\nMB (MiB) throughout; idle RSS after the idle wait, before any forced collection.');
    printHeader();
    rows.forEach(printRow);
    if (failed.length > 0) console.log(`\nfailed (time or memory limits of the jobs; the machine's load counts): ${failed.join(', ')}`);
    const second = rows[1];
    const last = rows.at(-1);
    if (second && last)
      console.log(
        `\nidle RSS from batch 2 to batch ${last.batch}: ${second.idleMb} → ${last.idleMb} MB (${last.idleMb - second.idleMb >= 0 ? '+' : ''}${last.idleMb - second.idleMb})`,
      );
  } finally {
    await gateway.stop();
    await Promise.all([aero.close(), smtp.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
