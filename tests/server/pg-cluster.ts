import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A private PostgreSQL for one test file: its own data folder and port, started from Debian's server binaries
 * (`.ci/run` installs the `postgresql` package when missing) and stopped after. PostgreSQL refuses to run as root,
 * so as root it runs as the `postgres` user.
 */
export interface PgCluster {
  url: string;
  /** pg_ctl stop -m fast: every session is cut and new connections are refused until up(). */
  down(): void;
  /** Starts it again on the same port and folder. */
  up(): void;
  stop(): void;
  /** The postmaster's process id while it runs (its first line of postmaster.pid), for counting its CPU. */
  postmasterPid(): number | null;
}

/** The newest installed PostgreSQL server version's programs (pg_ctl, pg_dump, pg_restore …). */
export function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL server binaries are missing: apt-get install -y postgresql (.ci/run installs it)');
  return join(root, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'pcb-portal-pg-'));
  const data = join(folder, 'data');
  mkdirSync(data);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
    chownSync(data, uid, gid);
  }
  const run = (tool: string, args: string[]) => execFileSync(
    asRoot ? 'runuser' : join(bin, tool), asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
    { stdio: 'pipe', timeout: 60_000 },
  );
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(folder, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    down() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    up: start,
    postmasterPid() {
      try {
        return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
      } catch {
        return null;
      }
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
