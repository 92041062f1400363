import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '../../src/contract/call';

/** The origin of an embedded page the app frames (the wizard's training video), or null when there is none. */
export function frameOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The app's Content-Security-Policy (docs/decisions.md "Bad input and headers"): scripts from this origin only; style
 * sheets from this origin plus the <style> elements the dialogs' scroll lock writes at run time (no style attributes:
 * React sets styles through the CSSOM, and the flow diagrams' inline SVG uses presentation attributes); images also as
 * data: and blob: URLs (icons, board pictures, avatars); nothing may frame the app.
 */
export function appPolicy(videoOrigin: string | null): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-elem 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    `frame-src ${videoOrigin ?? "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are data, never a page: they may load nothing and be framed by nobody. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The app's built files (`/assets/…`) are never a page: framing rules and the page's policy do nothing on a script or
 * a style sheet, and only a script run as a worker (pdf.js) takes the policy of its own answer. So they leave with a
 * short policy for that case and without X-Frame-Options — about 370 bytes less on each of a first visit's files,
 * headers being sent uncompressed.
 */
const ASSET_POLICY = "default-src 'self'";
export const isBuiltAsset = (path: string) => path.startsWith('/assets/');

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'DENY',
  // Links in the app may carry codes (password reset); other sites learn nothing of where the user came from.
  'referrer-policy': 'same-origin',
};

const ASSET_HEADERS = {
  'x-content-type-options': COMMON_HEADERS['x-content-type-options'],
  'referrer-policy': COMMON_HEADERS['referrer-policy'],
  'content-security-policy': ASSET_POLICY,
};

/**
 * A year, this host and its subdomains (docs/decisions.md "HSTS"). No `preload`: that list binds the whole
 * registered domain for months, the domain owner's decision, not the portal's.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

const lastEntry = (header: string | string[] | undefined): string =>
  (Array.isArray(header) ? header.join(',') : header ?? '').split(',').at(-1)?.trim().toLowerCase() ?? '';

/**
 * The browser reached the portal over https: a TLS socket or a proxy TRUST_PROXY believes says so (Fastify reads
 * X-Forwarded-Proto from trusted peers only), else PUBLIC_URL names https — unless a proxy says this request came
 * over plain http, where a browser ignores the header anyway.
 */
export function reachedOverHttps(request: FastifyRequest, publicUrlHttps: boolean): boolean {
  if (request.protocol.toLowerCase() === 'https') return true;
  if (lastEntry(request.headers['x-forwarded-proto']) === 'http') return false;
  return publicUrlHttps;
}

export interface SecurityHeaderSettings {
  /** The wizard's training video: its origin is the one page the app may frame. */
  videoUrl: string | null;
  publicUrl: string;
}

/** Every answer — app pages, assets, files, API, errors and 404s — leaves with the security headers. */
export function setupSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings): void {
  const policy = appPolicy(frameOrigin(settings.videoUrl ?? undefined));
  const publicUrlHttps = settings.publicUrl.toLowerCase().startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === API_BASE || path.startsWith(`${API_BASE}/`);
    // A route that set its own (the board pictures' policy for inert SVG) keeps it.
    const headers = isBuiltAsset(path) && reply.statusCode < 400 ? ASSET_HEADERS
      : { ...COMMON_HEADERS, 'content-security-policy': isApi ? API_POLICY : policy };
    for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value);
    if (reachedOverHttps(request, publicUrlHttps)) reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
