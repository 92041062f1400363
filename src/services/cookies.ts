/** Minimal cookie access; values are URI-encoded so any string survives the round trip. */

/** The sidebar and sort cookies live 31536000 s on path /. */
export const PREFERENCE_COOKIE_MAX_AGE = 31_536_000;

export function readCookie(name: string, source: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of source.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=lax`;
}
