/** Development or local hosts, where the /v2 showcase pages are reachable. */
export function isDevHost(hostname: string = typeof location === 'undefined' ? '' : location.hostname): boolean {
  if (import.meta.env.DEV) return true;
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.local');
}
