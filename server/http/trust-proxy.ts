import { isIP } from 'node:net';

/** How many proxies stand in front (1, 2 …), or which ones by address or CIDR: never 'trust everyone'. */
export type TrustProxy = number | string[];

const TRUST_EVERYONE = new Set(['true', '*', '0.0.0.0/0', '::/0', 'all']);

/** An address, or an address with a prefix length its family allows. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `1`, `2` (hops) or `10.0.0.1,192.168.0.0/16`. 'Trust everyone' would let any client name its own
 * address in X-Forwarded-For and so pick its own rate-limit bucket: refused with what to write instead.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | false {
  const text = raw?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.some((entry) => TRUST_EVERYONE.has(entry.toLowerCase()))) {
    throw new Error(`TRUST_PROXY="${text}" would trust any X-Forwarded-For; give the number of proxies in front (1, 2) ` +
      'or their addresses (10.0.0.1,192.168.0.0/16)');
  }
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined) {
    throw new Error(`TRUST_PROXY: "${bad}" is not an address or CIDR; give a hop count (1, 2) or addresses (10.0.0.1,192.168.0.0/16)`);
  }
  return entries;
}

/**
 * Fastify's own hop count trusts nobody (it cannot tell the proxy from a client that reached the gateway directly),
 * so a count becomes "the nearest n hops": right for a gateway reachable only through its proxies.
 */
export function trustProxyOption(trust: TrustProxy | false): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
