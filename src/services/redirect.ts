/** Where to go after sign-in: the `redirect` query value, if it is a path of this site and not /auth itself. */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://portal.invalid');
  } catch {
    return null;
  }
  // Anything that resolves to another origin, or back to /auth, would loop or leak the user away.
  if (url.origin !== 'http://portal.invalid') return null;
  if (/^(\/en)?\/auth\/?$/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page to open after a successful sign-in on /auth: the safe `redirect` target, else home in the given locale prefix. */
export function postSignInPath(search: string, home: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get('redirect')) ?? home;
}
