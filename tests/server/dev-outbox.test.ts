import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { checkListenHost, resolveConfig } from '../../server/config';
import { post, startGateway } from './helpers';

let demo: Gateway;
/** A demo gateway without TRUST_PROXY: it believes no forwarding header, and still refuses a request carrying one. */
let unproxied: Gateway;
let plain: Gateway;

beforeAll(async () => {
  // Behind a proxy, so that X-Forwarded-For is read: the demo gateway of a README that puts a TLS proxy in front.
  [demo, unproxied, plain] = await Promise.all([startGateway({ trustProxy: 1 }), startGateway(), startGateway({ seedDemo: false })]);
  // A code lands in the outbox: a password reset of the demo user.
  await post(demo, '/Authentification/SendPasswordResettingLink', { email: 'demo@example.ru' });
});
afterAll(async () => {
  await Promise.all([demo.close(), unproxied.close(), plain.close()]);
});

const outboxFrom = (gateway: Gateway, remoteAddress: string, headers: Record<string, string> = {}) => gateway.app.inject({
  method: 'GET', url: '/api/dev/outbox', remoteAddress, headers,
});

/** What a proxy on this machine adds when it passes on someone's request, each naming this machine itself. */
const FORWARDING = [
  ['x-forwarded-for', '127.0.0.1'], ['x-forwarded-for', '203.0.113.7'], ['x-forwarded-host', 'localhost'],
  ['x-forwarded-proto', 'http'], ['forwarded', 'for=127.0.0.1;proto=http'], ['x-real-ip', '127.0.0.1'],
  ['via', '1.1 caddy'], ['x-forwarded-port', '443'],
] as const;

describe('the dev outbox', () => {
  it('shows the codes to this machine in demo mode, over IPv4 and IPv6 loopback', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await outboxFrom(demo, address);
      expect([address, answer.statusCode]).toEqual([address, 200]);
    }
    const messages = (await outboxFrom(demo, '127.0.0.1')).json() as Array<{ recipient: string; code: string | null }>;
    expect(messages.find((message) => message.recipient === 'demo@example.ru')?.code).toMatch(/^\d{6}$/);
  });

  it('is a plain 404 to any other machine', async () => {
    for (const address of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', '2001:db8::1']) {
      const answer = await outboxFrom(demo, address);
      expect([address, answer.statusCode, answer.json()]).toEqual([address, 404, { error: 'Не найдено', code: 'not_found' }]);
    }
  });

  it('is a plain 404 to a loopback request a proxy passed on, whatever address the proxy names', async () => {
    for (const [name, value] of FORWARDING) {
      for (const gateway of [demo, unproxied]) {
        const answer = await outboxFrom(gateway, '127.0.0.1', { [name]: value });
        expect([name, value, answer.statusCode, answer.json()]).toEqual([name, value, 404, { error: 'Не найдено', code: 'not_found' }]);
      }
    }
    expect((await outboxFrom(unproxied, '127.0.0.1')).statusCode).toBe(200);
  });

  it('does not exist without demo data, even for this machine', async () => {
    expect((await outboxFrom(plain, '127.0.0.1')).statusCode).toBe(404);
  });
});

describe('where a demo gateway listens', () => {
  const demoConfig = resolveConfig({ dataDir: 'memory://' }, {});
  it('refuses a public address in demo mode unless DEMO_LISTEN_PUBLIC=1', () => {
    expect(demoConfig.demo).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'portal.example.ru']) {
      expect(() => checkListenHost(demoConfig, host)).toThrow(/DEMO_LISTEN_PUBLIC=1/);
    }
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) expect(() => checkListenHost(demoConfig, host)).not.toThrow();
    const told = resolveConfig({ dataDir: 'memory://' }, { DEMO_LISTEN_PUBLIC: '1' });
    expect(() => checkListenHost(told, '0.0.0.0')).not.toThrow();
  });

  it('npm run gateway stops at once, saying why, when told to listen on 0.0.0.0 with the demo', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, HOST: '0.0.0.0', PORT: '0', DATA_DIR: 'memory://', NODE_ENV: 'test' }, encoding: 'utf8', timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Demo mode (demo data, published passwords) listens on 127.0.0.1 only, not on 0.0.0.0');
  });

  it('lets production and a gateway without demo data listen anywhere', () => {
    const production = resolveConfig({ dataDir: 'memory://' }, { NODE_ENV: 'production' });
    const noDemo = resolveConfig({ dataDir: 'memory://' }, { SEED_DEMO: '0' });
    expect([production.demo, noDemo.demo]).toEqual([false, false]);
    expect(() => checkListenHost(production, '0.0.0.0')).not.toThrow();
    expect(() => checkListenHost(noDemo, '0.0.0.0')).not.toThrow();
  });
});
