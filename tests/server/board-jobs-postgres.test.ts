// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { claimJob, enqueueJob } from '../../server/board-jobs/queue';
import { findUpload } from '../../server/board-jobs/store';
import { LISTENER_NAME } from '../../server/db/notify';
import { clients, users } from '../../server/db/schema';
import { boardJobs } from '../../server/board-jobs/schema';
import type { Db } from '../../server/db/connect';
import type { UploadState } from '../../src/contract/board-files';
import { uploadFiles, waitProcessed, zipBoard } from './board-fixtures';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { strokeLayer, zipLayer } from './heavy-board';
import { login, post, startGateway } from './helpers';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { makeUpload } from './project-fixtures';
import { openStream } from './streaming-client';

/**
 * Several gateways on one PostgreSQL (a private cluster started here) share the board jobs. B runs in
 * this process, A in a child process that is killed with SIGKILL, the way a crash ends a gateway.
 */

const JWT_SECRET = 'test-secret-for-the-gateway-tests-only';
const LEASE_SECONDS = 3;
/** The long stroke layers below need about 2 GB to process: more than the default cap, which is not what this tests. */
const MEMORY_MB = 3072;
let cluster: PgCluster;
let storeDir: string;
let b: Gateway;
let bBase: string;
let a: GatewayProcess | null = null;
let demo: string;
let demoClient: number;
let demoUser: number;

beforeAll(async () => {
  cluster = await startPgCluster();
  storeDir = mkdtempSync(join(tmpdir(), 'board-jobs-pg-files-'));
  b = await startGateway({ databaseUrl: cluster.url, fileStoreDir: storeDir, boardJobs: { concurrency: 1, leaseSeconds: LEASE_SECONDS, memoryMb: MEMORY_MB } });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  bBase = `ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  demo = await login(b);
  const [es] = await b.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Электронные системы'));
  demoClient = es?.id ?? 0;
  const [user] = await b.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.ru'));
  demoUser = user?.id ?? 0;
}, 120_000);

afterAll(async () => {
  await a?.kill();
  await b?.close();
  cluster?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

const jobsOf = (uploadId: string) => b.db.select().from(boardJobs).where(eq(boardJobs.uploadId, uploadId)).orderBy(boardJobs.id);

async function until<T>(what: string, read: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The running job of an upload and the gateway holding it. */
const runningJob = (uploadId: string) => until(`${uploadId} runs`, async () =>
  (await jobsOf(uploadId)).find((job) => job.status === 'running' && job.leaseOwner));

async function uploadOverHttp(base: string, name: string, zip: Buffer): Promise<string> {
  const query = new URLSearchParams({ clientId: String(demoClient), fileName: name });
  const answer = await fetch(`${base}/api/board-files/Upload?${query}`, {
    method: 'POST', body: new Uint8Array(zip), headers: { 'content-type': 'application/zip', authorization: `Bearer ${demo}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as UploadState).uploadId;
}

async function streamOnB() {
  const token = await post(b, '/streaming/token', undefined, { token: demo });
  const stream = openStream(bBase, String(token.body));
  await stream.opened;
  return stream;
}

const ownerPid = (owner: string | null) => Number(owner?.split(':')[1]);

describe('Two gateways on one PostgreSQL', () => {
  it('share the jobs: a starting gateway fails nothing, B\'s socket follows A\'s job, and B finishes what a killed A left', async () => {
    // Z keeps B's only job slot busy, so the jobs uploaded to A below are A's to take.
    const z = (await uploadFiles(b, demo, demoClient, zipLayer('z.gtl', strokeLayer(700_000)), 'z.zip')).json.uploadId as string;
    const zJob = await runningJob(z);
    expect(ownerPid(zJob.leaseOwner)).toBe(process.pid);

    a = await startGatewayProcess({
      DATABASE_URL: cluster.url, FILE_STORE_DIR: storeDir, JWT_SECRET, BOARD_JOBS_PER_GATEWAY: '2',
      BOARD_JOB_LEASE_SECONDS: String(LEASE_SECONDS), BOARD_JOB_MEMORY_MB: String(MEMORY_MB), RATE_LIMIT_PER_LOGIN: '100000', RATE_LIMIT_PER_ADDRESS: '1000000',
    });
    // The old start-up failed every upload still processing; B's job must be untouched by A's start.
    expect((await jobsOf(z)).at(-1)).toMatchObject({ status: 'running', leaseOwner: zJob.leaseOwner, error: null });
    expect(await waitProcessed(b, demo, z, 1).catch((error: Error) => error.message)).toMatch(/still processing/);

    const stream = await streamOnB();
    const x = await uploadOverHttp(a.url, 'x.zip', zipLayer('x.gtl', strokeLayer(100_000)));
    stream.subscribe(x);
    const y = await uploadOverHttp(a.url, 'y.zip', zipLayer('y.gtl', strokeLayer(500_000)));
    stream.subscribe(y);

    const xMessages = await stream.untilFinal(x, 90_000);
    const xJobs = await jobsOf(x);
    expect(ownerPid(xJobs.at(-1)?.leaseOwner ?? null)).toBe(a.pid);
    expect(xMessages.filter((message) => message.state === 'running').map((message) => message.step)).toContain('render');
    expect(xMessages.at(-1)).toMatchObject({ state: 'done', final: { status: 'done', uploadId: x } });

    const yJob = await runningJob(y);
    expect(ownerPid(yJob.leaseOwner)).toBe(a.pid);
    await a.kill();
    a = null;

    const yMessages = await stream.untilFinal(y, 150_000);
    expect(yMessages.at(-1)).toMatchObject({ state: 'done', final: { status: 'done', uploadId: y } });
    // The job row ends with DFM: a board this large may meet its time limit there on a loaded machine, which
    // fails its DFM alone; the first stage, stored by B, is what this case is about.
    const yDone = await until('Y is over', async () => (await jobsOf(y)).find((job) => job.status === 'done' || job.status === 'failed'), 120_000);
    expect(yDone).toMatchObject({ attempts: 2 });
    expect([null, 'dfmFailed']).toContain(yDone.error);
    expect(ownerPid(yDone.leaseOwner)).toBe(process.pid);
    expect(await waitProcessed(b, demo, z, 60_000)).toMatchObject({ status: 'done' });
    // Z's DFM goes on after its first stage: the last case below takes every job it can, so none may be left.
    await until('Z is over', async () => (await jobsOf(z)).every((job) => job.status === 'done' || job.status === 'failed'), 120_000);
    stream.socket.close();
  }, 300_000);

  it('hands the DFM a killed gateway was measuring to another, which measures it without drawing the board again', async () => {
    // As above: Z2 keeps B's only slot busy, so the board uploaded to A is A's.
    const z2 = (await uploadFiles(b, demo, demoClient, zipLayer('z2.gtl', strokeLayer(700_000)), 'z2.zip')).json.uploadId as string;
    expect(ownerPid((await runningJob(z2)).leaseOwner)).toBe(process.pid);
    a = await startGatewayProcess({
      DATABASE_URL: cluster.url, FILE_STORE_DIR: storeDir, JWT_SECRET, BOARD_JOBS_PER_GATEWAY: '1',
      BOARD_JOB_LEASE_SECONDS: String(LEASE_SECONDS), BOARD_JOB_MEMORY_MB: String(MEMORY_MB), RATE_LIMIT_PER_LOGIN: '100000', RATE_LIMIT_PER_ADDRESS: '1000000',
    });
    const pid = a.pid;
    // Drawn in a second or two, its DFM measured for its whole budget (12 s): long enough to be killed in, and to be
    // measured again well within the job's time limit.
    const v = await uploadOverHttp(a.url, 'v.zip', zipLayer('v.gtl', strokeLayer(50_000)));
    // A has stored the pictures and the price and measures DFM: it dies there.
    await until('A measures the DFM of V', async () =>
      (await jobsOf(v)).find((job) => job.status === 'measuring' && ownerPid(job.leaseOwner) === pid), 200_000);
    await a.kill();
    a = null;
    const shown = await findUpload(b.db, v);
    expect(shown).toMatchObject({ status: 'done' });
    expect(shown?.analysis?.dfmStatus).toBe('running');

    const measured = await until('the DFM of V is over', async () => {
      const row = await findUpload(b.db, v);
      return row?.analysis?.dfmStatus !== 'running' && row;
    }, 240_000);
    expect(measured.analysis?.dfmStatus).toBe('done');
    expect(measured.analysis?.dfm?.places).toBeDefined();
    expect(measured.analysis?.images).toEqual(shown?.analysis?.images);
    const job = (await jobsOf(v)).at(-1);
    expect(job).toMatchObject({ status: 'done', attempts: 2, error: null });
    expect(ownerPid(job?.leaseOwner ?? null)).toBe(process.pid);
    await until('Z2 is over', async () => (await jobsOf(z2)).every((each) => each.status === 'done' || each.status === 'failed'), 120_000);
  }, 500_000);

  it('keeps following jobs after its listening connection is cut', async () => {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    try {
      const cut = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [LISTENER_NAME]);
      expect(cut.rowCount).toBeGreaterThan(0);
      const stream = await streamOnB();
      await until('B listens again', async () =>
        ((await admin.query('select 1 from pg_stat_activity where application_name = $1', [LISTENER_NAME])).rowCount ?? 0) > 0, 20_000);
      const w = await uploadOverHttp(`http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`, 'w.zip', zipBoard('arduino-uno'));
      stream.subscribe(w);
      expect((await stream.untilFinal(w, 60_000)).at(-1)).toMatchObject({ state: 'done', final: { status: 'done' } });
      // Its DFM goes on after the first stage: the next case takes every job it can, so none may be left.
      await until('W is over', async () => (await jobsOf(w)).every((job) => job.status === 'done' || job.status === 'failed'), 60_000);
      stream.socket.close();
    } finally {
      await admin.end();
    }
  }, 120_000);

  it('never give one job to two gateways claiming at the same moment', async () => {
    const pool = new pg.Pool({ connectionString: cluster.url, max: 4 });
    const other = drizzle({ client: pool }) as unknown as Db;
    try {
      // Due only in the claimers' future, so B's own runner leaves them alone.
      const future = new Date(Date.now() + 3600_000);
      const ids: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const job = await enqueueJob(b.db, await makeUpload(b, { clientId: demoClient, userId: demoUser, status: 'processing' }), null, future);
        if (job) ids.push(job.id);
      }
      const claimer = async (db: Db, owner: string) => {
        const got: number[] = [];
        for (
          let job = await claimJob(db, { owner, leaseMs: 60_000 }, 3, future);
          job;
          job = await claimJob(db, { owner, leaseMs: 60_000 }, 3, future)
        )
          got.push(job.id);
        return got;
      };
      const claims = await Promise.all([claimer(b.db, 'one'), claimer(other, 'two'), claimer(b.db, 'three'), claimer(other, 'four')]);
      expect(claims.flat().sort((p, q) => p - q)).toEqual(ids);
      expect(claims.filter((got) => got.length > 0).length).toBeGreaterThan(1);
    } finally {
      await pool.end();
    }
  }, 60_000);
});
