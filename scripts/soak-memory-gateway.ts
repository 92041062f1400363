/**
 * The soaked gateway: the production build of the code in `codeDir` (`dist-server/main.mjs` as `npm run start:prod`
 * runs it, built into `<codeDir>/.tmp/soak-server`), in a process of its own, with the soak's probe loaded so that it
 * answers what its heap holds. Its memory is read from /proc: the gateway's own, and its board runners' beside it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface ProcessMemory {
  rssMb: number;
  anonMb: number;
  fileMb: number;
  threads: number;
}

export interface HeapFigures { rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number; arrayBuffersMb: number }

export interface SoakedGateway {
  url: string;
  pid: number;
  /** The gateway process alone. */
  memory(): ProcessMemory;
  /** RSS of every process below the gateway (its board runners), summed, and how many there are. */
  runners(): { count: number; rssMb: number };
  /** process.memoryUsage() as it stands, then after a full collection. */
  heap(): Promise<{ idle: HeapFigures; collected: HeapFigures }>;
  stop(): Promise<void>;
}

const mb = (kb: number) => Math.round(kb / 1024);
const statusField = (status: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);

export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    rssMb: mb(statusField(status, 'VmRSS')), anonMb: mb(statusField(status, 'RssAnon')),
    fileMb: mb(statusField(status, 'RssFile')), threads: statusField(status, 'Threads'),
  };
}

/** Every live process whose parent chain reaches `pid`. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field, after the command in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // it ended while the list was read
    }
  }
  const found: number[] = [];
  const below = (parent: number) => {
    for (const [child, of] of parents) if (of === parent) { found.push(child); below(child); }
  };
  below(pid);
  return found;
}

const heapFigures = (usage: NodeJS.MemoryUsage): HeapFigures => ({
  rssMb: Math.round(usage.rss / 2 ** 20), heapUsedMb: Math.round(usage.heapUsed / 2 ** 20), heapTotalMb: Math.round(usage.heapTotal / 2 ** 20),
  externalMb: Math.round(usage.external / 2 ** 20), arrayBuffersMb: Math.round(usage.arrayBuffers / 2 ** 20),
});

/** `npx tsx scripts/build-server.ts` of that code, into a folder of its own that resolves its node_modules. */
export function buildGateway(codeDir: string): string {
  const out = join(resolve(codeDir), '.tmp', 'soak-server');
  execFileSync('npx', ['tsx', 'scripts/build-server.ts', out], { cwd: codeDir, stdio: 'inherit' });
  return out;
}

interface ProbeAnswer { soak: 'memory'; idle: NodeJS.MemoryUsage; collected: NodeJS.MemoryUsage }

export function startSoakedGateway(serverDir: string, env: Record<string, string>): Promise<SoakedGateway> {
  const probe = resolve(import.meta.dirname, 'soak-memory-probe.mjs');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', '--expose-gc', '--import', probe, join(serverDir, 'main.mjs')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); process.stderr.write(chunk); });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`the gateway did not start in 120 s:\n${output}`)), 120_000);
    void exited.then(() => reject(new Error(`the gateway exited:\n${output}`)));
    const onData = () => {
      const url = /PCB Portal gateway: (http:\/\/[^\s"]+)/.exec(output)?.[1];
      const pid = child.pid;
      if (!url || pid === undefined) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolveStart({
        url, pid,
        memory: () => processMemory(pid),
        runners() {
          const memories = descendants(pid).flatMap((runner) => {
            try { return [processMemory(runner)]; } catch { return []; }
          });
          return { count: memories.length, rssMb: memories.reduce((sum, memory) => sum + memory.rssMb, 0) };
        },
        heap: () => new Promise((answered) => {
          const listen = (message: ProbeAnswer) => {
            if (message.soak !== 'memory') return;
            child.off('message', listen);
            answered({ idle: heapFigures(message.idle), collected: heapFigures(message.collected) });
          };
          child.on('message', listen);
          child.send({ soak: 'measure' });
        }),
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
  });
}
