import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Docker cannot run here, so the deployment files are read as text: the facts an operator relies on (non-root,
 * health check, production install, the README's commands) are checked against the files and package.json.
 */
const read = (path: string) => readFileSync(path, 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** Lines of a YAML block: those after `key:` (at `indent` spaces) indented deeper than it. */
function yamlBlock(text: string, key: string, indent: number): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line === `${' '.repeat(indent)}${key}:` || line.startsWith(`${' '.repeat(indent)}${key}: `));
  if (start === -1) return [];
  const end = lines.findIndex((line, at) => at > start && line.trim() !== '' && !line.startsWith(' '.repeat(indent + 1)));
  return lines.slice(start, end === -1 ? undefined : end).filter((line) => line.trim() !== '');
}
const childKeys = (block: string[], indent: number) => block.slice(1)
  .map((line) => new RegExp(`^ {${indent}}([\\w-]+):`).exec(line)?.[1]).filter((key) => key !== undefined);

/** `node dist-server/<name>.mjs` anywhere must name a command the build makes from server/<name>.ts. */
const builtCommands = (text: string) => [...text.matchAll(/dist-server\/([\w-]+)\.mjs/g)].map((match) => match[1] ?? '');

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1) ?? '';

  it('builds with the dev tools in one stage and runs on Node 22 or 24 with runtime packages only in another', () => {
    expect(stages.length).toBe(2);
    expect(stages[0]).toMatch(/^node:2[24][\w.-]* AS build/);
    expect(stages[0]).toMatch(/RUN npm ci\b/);
    expect(stages[0]).toMatch(/RUN npm run build\b/);
    expect(runtime).toMatch(/^node:2[24][\w.-]*\n/);
    expect(runtime).toMatch(/RUN npm ci --omit=dev\b/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist-server \.\/dist-server/);
    expect(runtime).toMatch(/NODE_ENV=production/);
  });

  it('runs as a user other than root, exposes its port and checks its health on /api/health', () => {
    const user = /^USER (\S+)$/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime.indexOf('USER ')).toBeLessThan(runtime.indexOf('CMD '));
    expect(runtime).toMatch(/^EXPOSE 8080$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [^\n]*\\\n[^\n]*\/api\/health/m);
  });

  it('starts the built gateway straight under node, as npm run start:prod does', () => {
    expect(runtime).toMatch(/^CMD \["node", "--enable-source-maps", "dist-server\/main\.mjs"\]$/m);
    expect(scripts['start:prod']).toBe('node --enable-source-maps dist-server/main.mjs');
  });

  it('leaves out of the build context what a build makes or must not ship', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', 'node_modules', 'dist', 'dist-server', 'data', '.env']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  const services = yamlBlock(compose, 'services', 0);

  it('runs PostgreSQL 15 with a volume and a health check, migrations, two gateways and a proxy', () => {
    expect(childKeys(services, 2)).toEqual(['db', 'migrate', 'gateway-a', 'gateway-b', 'proxy']);
    const db = yamlBlock(compose, 'db', 2).join('\n');
    expect(db).toMatch(/image: postgres:15\n/);
    expect(db).toMatch(/- pgdata:\/var\/lib\/postgresql\/data/);
    expect(db).toMatch(/healthcheck:\n\s+test: \["CMD-SHELL", "pg_isready/);
    expect(yamlBlock(compose, 'gateway-a', 2)).toEqual(['  gateway-a: *gateway']);
    expect(yamlBlock(compose, 'gateway-b', 2)).toEqual(['  gateway-b: *gateway']);
  });

  it('the gateways share the file store, wait for the database and the migrations, and run in production', () => {
    const gateway = yamlBlock(compose, 'x-gateway', 0).join('\n');
    expect(gateway).toMatch(/NODE_ENV: production/);
    expect(gateway).toMatch(/FILE_STORE_DIR: \/var\/lib\/pcb-portal\/files/);
    expect(gateway).toMatch(/- files:\/var\/lib\/pcb-portal\/files/);
    expect(gateway).toMatch(/db: \{ condition: service_healthy \}/);
    expect(gateway).toMatch(/migrate: \{ condition: service_completed_successfully \}/);
    for (const secret of ['JWT_SECRET', 'OPERATOR_KEY', 'POSTGRES_PASSWORD']) expect(gateway).toMatch(new RegExp(`\\$\\{${secret}:\\?`));
  });

  it('trusts forwarded addresses from the proxy alone, which terminates TLS with a mounted certificate', () => {
    const trusted = /TRUST_PROXY: (\S+)/.exec(compose)?.[1];
    const proxy = yamlBlock(compose, 'proxy', 2).join('\n');
    expect(proxy).toContain(`ipv4_address: ${trusted}`);
    expect(['1', 'true', '"true"']).not.toContain(trusted);
    expect(proxy).toMatch(/- "443:443"/);
    expect(proxy).toMatch(/\.\/deploy\/certs:\/certs:ro/);
    expect(read('deploy/Caddyfile')).toMatch(/tls \/certs\/cert\.pem \/certs\/key\.pem/);
    expect(read('deploy/Caddyfile')).toMatch(/reverse_proxy gateway-a:8080 gateway-b:8080/);
  });
});

describe('systemd unit', () => {
  const unit = read('deploy/pcb-portal.service');
  const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1];

  it('runs the built gateway as its own user with a settings file, restarts it and gives it 15 s to stop', () => {
    expect(setting('User')).toBe('pcb-portal');
    expect(setting('EnvironmentFile')).toBe('/etc/pcb-portal/env');
    expect(setting('ExecStart')).toMatch(/node .*dist-server\/main\.mjs$/);
    expect(setting('Restart')).toBe('on-failure');
    expect(setting('TimeoutStopSec')).toBe('15');
  });

  it('is hardened: no new privileges, a read-only system but for its data folder', () => {
    expect(setting('NoNewPrivileges')).toBe('true');
    expect(setting('ProtectSystem')).toBe('strict');
    expect(setting('ReadWritePaths')).toBe('/var/lib/pcb-portal');
    expect(setting('MemoryDenyWriteExecute')).toBeUndefined();
  });
});

describe('the README\'s production section', () => {
  const readme = read('README.md');
  const production = readme.slice(readme.indexOf('## Production'), readme.indexOf('## Other commands'));

  it('uses npm scripts that exist and the production install the test proves', () => {
    expect(production).toContain('npm ci && sudo npm run build');
    expect(production).toContain('npm ci --omit=dev');
    for (const script of [...production.matchAll(/npm run ([\w:]+)/g)].map((match) => match[1] ?? '')) {
      expect(Object.keys(scripts)).toContain(script);
    }
    expect(scripts.build).toMatch(/vite build && .*compress-assets.ts && .*build-server.ts/);
  });

  it('names only built commands the build makes (server/<name>.ts), in the README and the deployment files', () => {
    const named = new Set(['README.md', 'Dockerfile', 'compose.yaml', 'deploy/pcb-portal.service'].flatMap((file) => builtCommands(read(file))));
    expect(named).toContain('main');
    for (const name of named) expect(existsSync(`server/${name}.ts`)).toBe(true);
    expect(read('scripts/build-server.ts')).toMatch(/\['main', 'migrate', 'ops', 'admin'\]/);
  });
});
