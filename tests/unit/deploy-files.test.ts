import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS, SHUTDOWN_DEADLINE_MS } from '../../server/http/connection-timing';
import { HSTS } from '../../server/http/security-headers';
import { parseTrustProxy } from '../../server/http/trust-proxy';
import { API_BASE } from '../../src/contract/call';
import { ready } from '../../src/contract/health';
import { durationMs, read, readYaml, runTool, schemaProblems } from './deploy-tools';

/**
 * The deployment files roll. Docker cannot run here, so each file goes through the validator of its tool
 * (dockerfile-utils, yamllint, `caddy validate`, `systemd-analyze verify`), and the orderings an update relies on are
 * read from the files and the gateway's own constants: grace > drain, proxy keep-alive < gateway keep-alive.
 */
const scratch = mkdtempSync(join(tmpdir(), 'pcb-deploy-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const READY_URI = `${API_BASE}${ready.path}`;

/** The settings of a Dockerfile text's ENV instructions (the `ENV A=1 \\ B=2` form). */
function dockerEnv(text: string): Record<string, string> {
  const instructions = text.replace(/\\\n/g, ' ').split('\n').filter((line) => line.startsWith('ENV '));
  return Object.fromEntries(instructions.flatMap((line) => line.slice(4).trim().split(/\s+/).map((pair) => pair.split('=', 2))));
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1) ?? '';
  const env = (name: string) => dockerEnv(runtime)[name];

  it('passes dockerfile-utils\' validator without a problem', () => {
    expect(validate(dockerfile).map((problem) => `line ${problem.range.start.line + 1}: ${problem.message}`)).toEqual([]);
  });

  it('builds and runs on one pinned Node 24 release, never a moving tag', () => {
    const images = stages.map((stage) => /^(\S+)/.exec(stage)?.[1]);
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/^node:24\.\d+\.\d+-[a-z]+-slim$/);
    expect(images[1]).toBe(images[0]);
  });

  it('installs at run time only the packages dist-server loads, listed by the build stage', () => {
    expect(stages[0]).toMatch(/RUN npm ci\b/);
    expect(stages[0]).toMatch(/RUN npm run build && npx tsx scripts\/runtime-packages\.ts dist-server runtime\n/);
    // The runtime folder: the pruned package.json and lock file, and the vendored packages they install from.
    expect(runtime).toMatch(/COPY --from=build \/app\/runtime\/ \.\/\n/);
    expect(runtime).toMatch(/RUN npm ci --omit=dev\b/);
    expect(runtime).not.toMatch(/COPY package/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist-server \.\/dist-server/);
    expect(env('NODE_ENV')).toBe('production');
  });

  it('takes the wizard video address as a build argument, for the app\'s build and the gateway\'s CSP alike', () => {
    expect(stages[0]).toMatch(/^ARG VITE_WIZARD_VIDEO_URL=$/m);
    expect(stages[0]?.indexOf('ARG VITE_WIZARD_VIDEO_URL')).toBeLessThan(stages[0]?.indexOf('npm run build') ?? 0);
    expect(runtime).toMatch(/^ARG VITE_WIZARD_VIDEO_URL=$/m);
    expect(env('VITE_WIZARD_VIDEO_URL')).toBe('$VITE_WIZARD_VIDEO_URL');
  });

  it('runs as a user other than root, with a health check on readiness, straight under node', () => {
    const user = /^USER (\S+)$/m.exec(runtime)?.[1];
    expect(['root', '0', undefined]).not.toContain(user);
    expect(runtime.indexOf('USER ')).toBeLessThan(runtime.indexOf('CMD '));
    expect(runtime).toMatch(/^EXPOSE 8080$/m);
    expect(runtime).toMatch(new RegExp(`^HEALTHCHECK [^\\n]*\\\\\\n[^\\n]*${READY_URI}`, 'm'));
    expect(runtime).toMatch(/^CMD \["node", "--enable-source-maps", "dist-server\/main\.mjs"\]$/m);
  });

  it('caps the allocator\'s pools at two, as npm start does (freed memory goes back to the system)', () => {
    expect(env('MALLOC_ARENA_MAX')).toBe('2');
  });

  it('leaves out of the build context what a build makes or must not ship', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', 'node_modules', 'dist', 'dist-server', 'runtime', 'data', '.env']) expect(ignored).toContain(entry);
  });
});

interface Service {
  image?: string;
  build?: { args?: Record<string, string> };
  command?: string[];
  restart?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  networks?: unknown;
  depends_on?: Record<string, { condition: string }> | string[];
  stop_grace_period?: string;
  healthcheck?: { test?: string[]; disable?: boolean };
  logging?: { driver: string; options: Record<string, string> };
}
interface Compose { services: Record<string, Service>; volumes: Record<string, unknown>; networks?: Record<string, unknown> }

describe('compose.yaml', () => {
  const compose = readYaml('compose.yaml') as Compose;
  const { services } = compose;
  const gateways = Object.keys(services).filter((name) => name.startsWith('gateway-'));
  const dockerfileEnv = (name: string) => dockerEnv(read('Dockerfile'))[name] ?? '';

  it('passes yamllint', () => {
    const lint = runTool('yamllint', 'yamllint', ['-c', 'deploy/yamllint.yaml', '-f', 'parsable', 'compose.yaml']);
    expect(lint.stdout + lint.stderr).toBe('');
    expect(lint.status).toBe(0);
  });

  // The Compose Specification's schema (github.com/compose-spec/compose-spec, schema/compose-spec.json at 170098b,
  // Apache-2.0), as Docker Compose checks a file: an unknown or misspelt key fails here rather than at `up`.
  it('follows the Compose Specification\'s schema', () => {
    expect(schemaProblems('tests/unit/compose-spec.json', 'compose.yaml')).toBe('');
  });

  it('migrates once in a one-shot service that the gateways wait for, and the gateways do not migrate again', () => {
    expect(gateways.length).toBeGreaterThanOrEqual(2);
    expect(services.migrate?.command).toEqual(['node', 'dist-server/migrate.mjs']);
    expect(services.migrate?.restart).toBe('no');
    expect(services.migrate?.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    for (const name of gateways) {
      const gateway = services[name];
      expect(gateway?.depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' }, db: { condition: 'service_healthy' } });
      expect(gateway?.environment?.MIGRATE_AT_START).toBe('0');
      expect(gateway?.environment?.NODE_ENV).toBe('production');
    }
  });

  it('gives each gateway longer to stop than its drain takes, and checks it on the ready endpoint', () => {
    for (const name of gateways) {
      const gateway = services[name];
      expect(durationMs(gateway?.stop_grace_period ?? '0s')).toBeGreaterThan(SHUTDOWN_DEADLINE_MS);
      expect(gateway?.healthcheck?.test?.join(' ')).toContain(`http://127.0.0.1:8080${READY_URI}`);
    }
  });

  it('keeps in volumes the database, the data folder, the file store and Caddy\'s certificates', () => {
    const volumeOf = (service: Service | undefined, path: string) => service?.volumes?.find((volume) => volume.split(':')[1] === path)?.split(':')[0];
    const named = (volume: string | undefined) => volume !== undefined && volume in compose.volumes;
    expect(named(volumeOf(services.db, '/var/lib/postgresql/data'))).toBe(true);
    for (const name of gateways) {
      for (const path of [dockerfileEnv('DATA_DIR'), dockerfileEnv('FILE_STORE_DIR')])
        expect(named(volumeOf(services[name], path)), `${name} ${path}`).toBe(true);
    }
    expect(named(volumeOf(services.proxy, '/data'))).toBe(true);
    expect(named(volumeOf(services.proxy, '/config'))).toBe(true);
  });

  it('trusts one proxy hop instead of a fixed address, and the gateways are reachable only through the proxy', () => {
    expect(compose.networks).toBeUndefined();
    expect(read('compose.yaml')).not.toMatch(/ipv4_address|subnet/);
    for (const name of gateways) {
      expect(parseTrustProxy(services[name]?.environment?.TRUST_PROXY)).toBe(1);
      expect(services[name]?.ports).toBeUndefined();
    }
  });

  it('publishes 80, 443 and UDP 443 for HTTP/3 on the proxy alone', () => {
    expect(services.proxy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443', '443:443/udp']));
    expect(Object.entries(services).filter(([, service]) => service.ports).map(([name]) => name)).toEqual(['proxy']);
  });

  it('rotates every container\'s log', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.logging?.driver, name).toBe('json-file');
      expect(service.logging?.options['max-size'], name).toMatch(/^\d+m$/);
      expect(Number(service.logging?.options['max-file']), name).toBeGreaterThan(1);
    }
  });

  it('passes the wizard video address to the image\'s build', () => {
    for (const name of gateways) expect(services[name]?.build?.args).toHaveProperty('VITE_WIZARD_VIDEO_URL');
    expect(read('Dockerfile')).toMatch(/^ARG VITE_WIZARD_VIDEO_URL=$/m);
  });
});

interface ReverseProxy {
  handler: 'reverse_proxy';
  upstreams: { dial: string }[];
  load_balancing: { try_duration?: number; try_interval?: number };
  health_checks: { active?: { uri?: string; interval?: number }; passive?: { fail_duration?: number; unhealthy_status?: number[] } };
  transport: { keep_alive?: { idle_timeout?: number } };
}
interface Handler { handler: string; routes?: { handle: Handler[] }[]; response?: { deferred?: boolean; set?: Record<string, string[]> } }
interface CaddyConfig {
  apps: {
    http: { servers: Record<string, { routes: { match?: { host?: string[] }[]; handle: Handler[] }[]; automatic_https?: { disable_certificates?: boolean } }> };
    tls?: { automation?: { policies?: { subjects?: string[]; issuers?: { module: string }[] }[] }; certificates?: { load_files?: unknown[] } };
  };
}

describe('deploy/Caddyfile', () => {
  const site = 'https://portal.example.ru';
  const caddyEnv = (tls: string) => ({
    PUBLIC_URL: site, PORTAL_TLS: tls, ACME_EMAIL: 'it@example.ru',
    // Caddy keeps its state (an internal CA's keys) under these; the machine's own stay untouched.
    HOME: scratch, XDG_DATA_HOME: join(scratch, 'data'), XDG_CONFIG_HOME: join(scratch, 'config'),
  });
  const caddy = (command: string, tls: string) =>
    runTool('caddy', 'caddy', [command, '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], { env: caddyEnv(tls) });
  const adapted = (tls: string): CaddyConfig => {
    const run = caddy('adapt', tls);
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as CaddyConfig;
  };
  const handlers = (list: Handler[]): Handler[] => list.flatMap((handler) => [handler, ...handlers(handler.routes?.flatMap((route) => route.handle) ?? [])]);
  const config = adapted('acme');
  const server = Object.values(config.apps.http.servers)[0];
  const all = handlers(server?.routes.flatMap((route) => route.handle) ?? []);
  const proxy = all.find((handler) => handler.handler === 'reverse_proxy') as unknown as ReverseProxy;

  it.each(['acme', 'internal'])('passes caddy validate with PORTAL_TLS=%s', (tls) => {
    const run = caddy('validate', tls);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).toContain('Valid configuration');
  });

  it('serves PUBLIC_URL\'s host with a certificate from ACME by default, renewed by Caddy', () => {
    expect(server?.routes[0]?.match?.[0]?.host).toEqual([new URL(site).host]);
    expect(server?.automatic_https?.disable_certificates).toBeUndefined();
    const policy = config.apps.tls?.automation?.policies?.find((entry) => entry.subjects?.includes(new URL(site).host));
    expect(policy?.issuers?.map((issuer) => issuer.module)).toEqual(['acme']);
  });

  it('has the closed network\'s alternatives: its own CA, or certificate files', () => {
    const internal = adapted('internal').apps.tls?.automation?.policies?.[0];
    expect(internal?.issuers?.map((issuer) => issuer.module)).toEqual(['internal']);
    expect(adapted('files').apps.tls?.certificates?.load_files).toHaveLength(1);
  });

  it('proxies to every gateway of compose.yaml, retrying another while one stops and marking a failing one down', () => {
    const gateways = Object.keys((readYaml('compose.yaml') as Compose).services).filter((name) => name.startsWith('gateway-'));
    expect(proxy.upstreams.map((upstream) => upstream.dial)).toEqual(gateways.map((name) => `${name}:8080`));
    expect(proxy.load_balancing.try_duration).toBeGreaterThan(0);
    expect(proxy.load_balancing.try_interval).toBeGreaterThan(0);
    expect(proxy.health_checks.passive?.fail_duration).toBeGreaterThan(0);
    expect(proxy.health_checks.passive?.unhealthy_status).toEqual(expect.arrayContaining([502, 503]));
    expect(proxy.health_checks.active?.uri).toBe(READY_URI);
  });

  it('closes idle connections to a gateway before the gateway\'s keep-alive timeout does', () => {
    const idleMs = (proxy.transport.keep_alive?.idle_timeout ?? Number.POSITIVE_INFINITY) / 1e6;
    expect(idleMs).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });

  it('probes often enough that the rolling restart\'s pause covers one probe', () => {
    const settle = /^PROXY_SETTLE_SECONDS=\$\{PROXY_SETTLE_SECONDS:-(\d+)\}$/m.exec(read('scripts/rolling-restart.sh'))?.[1];
    expect(Number(settle) * 1000).toBeGreaterThan((proxy.health_checks.active?.interval ?? Number.POSITIVE_INFINITY) / 1e6);
  });

  it('sends the gateway\'s HSTS header in place of the gateway\'s own', () => {
    const headers = all.find((handler) => handler.handler === 'headers');
    expect(headers?.response).toMatchObject({ deferred: true, set: { 'Strict-Transport-Security': [HSTS] } });
  });
});

describe('deploy/pcb-portal.service', () => {
  const unit = read('deploy/pcb-portal.service');
  const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1];
  const operations = read('docs/operations.md');
  const production = operations.slice(operations.indexOf('### On a server, step by step'));
  const fileStore = /FILE_STORE_DIR=(\S+)/.exec(production)?.[1];

  it('passes systemd-analyze verify without a warning', () => {
    // Verified by its own name in a folder of its own: the unit refers to no other unit file of the project.
    const copy = join(scratch, 'pcb-portal.service');
    copyFileSync('deploy/pcb-portal.service', copy);
    const run = runTool('systemd', 'systemd-analyze', ['verify', copy]);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('creates files for its owner and group only, and waits for the file store\'s mount', () => {
    expect(setting('UMask')).toBe('0027');
    expect(fileStore).toBeDefined();
    expect(setting('RequiresMountsFor')?.split(' ')).toContain(fileStore);
    expect(fileStore?.startsWith(`${setting('ReadWritePaths')}/`)).toBe(true);
  });

  it('runs the node of the install\'s PATH, which the settings file may set', () => {
    expect(setting('ExecStart')).toBe('/usr/bin/env node --enable-source-maps dist-server/main.mjs');
    expect(existsSync('/usr/bin/env')).toBe(true);
    expect(setting('Environment')).toMatch(/^PATH=/);
    expect(unit.indexOf('Environment=PATH')).toBeLessThan(unit.indexOf('EnvironmentFile='));
  });

  it('caps the allocator\'s pools at two, as the image does', () => {
    expect(unit).toMatch(/^Environment=MALLOC_ARENA_MAX=2$/m);
  });

  it('lets the gateway drain alone, and waits longer than the drain before killing', () => {
    expect(setting('KillMode')).toBe('mixed');
    expect(setting('KillSignal')).toBe('SIGTERM');
    expect(durationMs(setting('TimeoutStopSec') ?? '0')).toBeGreaterThan(SHUTDOWN_DEADLINE_MS);
  });

  it('stays hardened: no new privileges, a read-only system but for its data folder', () => {
    expect(setting('User')).toBe('pcb-portal');
    expect(setting('NoNewPrivileges')).toBe('true');
    expect(setting('ProtectSystem')).toBe('strict');
    expect(setting('MemoryDenyWriteExecute')).toBeUndefined();
  });
});

describe('the deployment docs', () => {
  const readme = read('README.md');
  const operations = read('docs/operations.md');
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

  it('the README sends the operator to docs/operations.md, which opens with its Deployment section', () => {
    expect(readme).toContain('(docs/operations.md#deployment)');
    expect(operations.split('\n').slice(0, 3)).toContain('## Deployment');
    expect(operations).toContain('scripts/rolling-restart.sh');
  });

  it('name only npm scripts that exist and built commands the build makes (server/<name>.ts)', () => {
    for (const script of [...operations.matchAll(/npm run ([\w:]+)/g)].map((match) => match[1] ?? '')) {
      expect(Object.keys(scripts)).toContain(script);
    }
    const files = ['README.md', 'docs/operations.md', 'Dockerfile', 'compose.yaml', 'deploy/pcb-portal.service'];
    const named = new Set(files.flatMap((file) => [...read(file).matchAll(/dist-server\/([\w-]+)\.mjs/g)].map((match) => match[1] ?? '')));
    expect(named).toContain('main');
    expect(named).toContain('migrate');
    const built = /const commands = \[([^\]]*)\]/.exec(read('scripts/build-server.ts'))?.[1] ?? '';
    for (const name of named) {
      expect(existsSync(`server/${name}.ts`), name).toBe(true);
      expect(built, name).toContain(`'${name}'`);
    }
    expect(scripts['start:prod']).toBe('node --enable-source-maps dist-server/main.mjs');
  });

  it('a check whose tool is missing fails, naming the Debian package to install', () => {
    expect(() => runTool('caddy', 'caddy-not-installed-here', ['version'])).toThrow(/install the Debian package caddy/);
  });
});
