import type { FastifyReply, FastifyRequest } from 'fastify';

/** The value of cookie `name` sent with the request, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

export interface CookieOptions {
  /** Where the browser sends it back: only the calls that read it. */
  path: string;
  maxAgeSeconds: number;
  /** Set when the portal is served over https (PUBLIC_URL). */
  secure: boolean;
}

/**
 * Adds a Set-Cookie the page's scripts cannot read (HttpOnly) and that no other site's page can make the browser
 * send (SameSite=Strict). A Max-Age of 0 removes it.
 */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`, `Path=${options.path}`, `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly', 'SameSite=Strict',
  ];
  if (options.secure) parts.push('Secure');
  // Fastify appends a second Set-Cookie rather than replacing the first.
  reply.header('set-cookie', parts.join('; '));
}

export const isSecureOrigin = (publicUrl: string): boolean => publicUrl.startsWith('https://');
