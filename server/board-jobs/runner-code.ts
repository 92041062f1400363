import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The file a runner process starts: in a production build the compiled runner beside the gateway
 * (`dist-server/runner-entry.mjs`, scripts/build-server.ts); from the source, the same code bundled once per gateway
 * by esbuild. A TypeScript loader in each runner (tsx) would compile some sixty files at every start: seconds per
 * runner on a busy machine, against well under one for the bundle.
 */

const SOURCE = new URL('./runner-main.ts', import.meta.url);
const COMPILED = new URL('./runner-entry.mjs', import.meta.url);
/** Inside the project's node_modules, so the bundle's bare imports resolve to the project's packages. */
const CACHE = new URL('../../node_modules/.cache/pcb-portal/', import.meta.url);

let bundled: Promise<string> | null = null;
let bareData: Promise<number> | null = null;

async function bundle(): Promise<string> {
  // esbuild is a tool of the source tree (tsx runs on it), never of a production install: imported only here.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(SOURCE)], bundle: true, write: false, format: 'esm', platform: 'node', target: 'node20.19',
    packages: 'external', logLevel: 'silent', sourcemap: 'inline', absWorkingDir: fileURLToPath(new URL('../../', import.meta.url)),
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('the runner could not be bundled');
  // Named by its content: gateways started side by side write the same file, and a changed source a new one.
  const name = `runner-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const path = fileURLToPath(new URL(name, CACHE));
  if (!existsSync(path)) {
    await mkdir(fileURLToPath(CACHE), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, code);
    await rename(temporary, path);
  }
  return path;
}

/** The runner's entry file, bundled on first use when running from the source. */
export function runnerEntry(): Promise<string> {
  if (!existsSync(SOURCE)) return Promise.resolve(fileURLToPath(COMPILED));
  bundled ??= bundle().catch((error: unknown) => {
    bundled = null;
    throw error;
  });
  return bundled;
}

/**
 * The writable memory (VmData, what `ulimit -d` counts) a bare Node process of this binary holds at start, in KB. It
 * differs by version: Node 20 holds about 48 MB, Node 24 about 560 MB of it reserved for V8's code range and not
 * resident. A runner's cap is this plus BOARD_JOB_MEMORY_MB, so the setting means the same memory on every version.
 */
export function bareNodeDataKb(): Promise<number> {
  bareData ??= new Promise<number>((resolve, reject) => {
    const script = "process.stdout.write(/VmData:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '0')";
    execFile(process.execPath, ['-e', script], { env: {} }, (error, stdout) => {
      if (error) reject(error);
      // No /proc (not Linux): the system cap does not count the same way there; nothing to add.
      else resolve(Number(stdout) || 0);
    });
  }).catch((error: unknown) => {
    bareData = null;
    throw error;
  });
  return bareData;
}
