import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { resolveConfig } from '../../server/config';
import { parseTrustProxy } from '../../server/http/trust-proxy';
import { rateLimits } from '../../server/auth/schema';
import { startGateway } from './helpers';

/**
 * Behind a proxy, the client is whom the trusted proxies name, never whom the client names
 * itself. Requests come from 127.0.0.1 (the proxy); `X-Forwarded-For: forged, real` counts as `real`.
 */

let listed: Gateway;
let hops: Gateway;
let direct: Gateway;

beforeAll(async () => {
  [listed, hops, direct] = await Promise.all([
    startGateway({ seedDemo: false, trustProxy: parseTrustProxy('127.0.0.1') || undefined }),
    startGateway({ seedDemo: false, trustProxy: parseTrustProxy('1') || undefined }),
    startGateway({ seedDemo: false }),
  ]);
});

afterAll(async () => {
  await Promise.all([listed.close(), hops.close(), direct.close()]);
});

const signIn = (gateway: Gateway, forwardedFor: string, remoteAddress = '127.0.0.1') => gateway.app.inject({
  method: 'POST', url: '/api/Authentification/Login', remoteAddress,
  headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
  payload: JSON.stringify({ fingerprint: 'f', login: 'nobody@example.ru', password: 'wrong-password' }),
});

const addressBuckets = async (gateway: Gateway) =>
  (await gateway.db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'address:%'))).map((row) => row.key).sort();

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of addresses and CIDRs, and refuses to trust everyone', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    for (const everyone of ['true', '*', '10.0.0.1,0.0.0.0/0', '::/0']) {
      expect(() => parseTrustProxy(everyone)).toThrow(/would trust any X-Forwarded-For; give the number of proxies/);
    }
    for (const bad of ['proxy.local', '10.0.0', '10.0.0.1/33', '::1/129', '10.0.0.0/8/1']) {
      expect(() => parseTrustProxy(bad)).toThrow(/is not an address or CIDR/);
    }
    expect(resolveConfig({}, { TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
    expect(() => resolveConfig({}, { TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it.each([['a listed proxy', () => listed], ['one hop', () => hops]])(
    'with %s, eight sign-ins with forged left-most addresses share the real client\'s one bucket',
    async (_name, gateway) => {
      for (let i = 0; i < 8; i += 1) expect((await signIn(gateway(), `203.0.113.${i}, 198.51.100.7`)).statusCode).toBe(401);
      expect(await addressBuckets(gateway())).toEqual(['address:198.51.100.7']);
    },
  );

  it('believes no X-Forwarded-For from a peer that is not the listed proxy', async () => {
    await signIn(listed, '198.51.100.99', '10.9.9.9');
    expect(await addressBuckets(listed)).toContain('address:10.9.9.9');
    expect(await addressBuckets(listed)).not.toContain('address:198.51.100.99');
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    for (let i = 0; i < 3; i += 1) await signIn(direct, `203.0.113.${i}`);
    expect(await addressBuckets(direct)).toEqual(['address:127.0.0.1']);
  });
});
