import { describe, expect, it, vi } from 'vitest';
import { resolveNavigation, type NavigationInput, type SessionView } from '../../src/app/guards';
import { routes, type AppRoute } from '../../src/app/routes';

const anonymous: SessionView = { signedIn: false, profileFilled: null, userLoading: false };
const filled: SessionView = { signedIn: true, profileFilled: true, userLoading: false };
const unfilled: SessionView = { signedIn: true, profileFilled: false, userLoading: false };

function go(url: string, session: SessionView = filled, devHost = false) {
  const [path = '/', search = ''] = url.split('?');
  const input: NavigationInput = { path, search, session, devHost };
  return resolveNavigation(input);
}

function renderedRoute(url: string, session?: SessionView, devHost?: boolean): string {
  const result = go(url, session, devHost);
  if (result.kind !== 'render') throw new Error(`expected render, got ${JSON.stringify(result)}`);
  return result.route.name;
}

describe('route guards', () => {
  it('renders every route of the table in Russian and under /en for a signed-in user on a dev host', () => {
    for (const route of routes) {
      const path = route.pattern.replace(':id?', '7').replace(':id', '7');
      const expected = route.meta.guards.includes('guestOnly') ? 'redirect' : 'render';
      expect(go(path, filled, true).kind, path).toBe(expected);
      expect(go(`/en${path === '/' ? '' : path}`, filled, true).kind, `/en${path}`).toBe(expected);
    }
  });

  it('gives 404 for an unknown route, in the locale of the path', () => {
    expect(go('/no-such-page')).toEqual({ kind: 'error', status: 404, locale: 'ru' });
    expect(go('/en/no-such-page')).toEqual({ kind: 'error', status: 404, locale: 'en' });
  });

  it('gives 404 for a path with a run of slashes', () => {
    expect(go('//orders')).toMatchObject({ kind: 'error', status: 404 });
    expect(go('/orders//5')).toMatchObject({ kind: 'error', status: 404 });
    expect(go('/en///projects')).toMatchObject({ kind: 'error', status: 404 });
  });

  it('sends an anonymous user to /auth keeping the query and naming the original page', () => {
    expect(go('/projects?status=draft', anonymous)).toEqual({
      kind: 'redirect',
      to: '/auth?status=draft&redirect=%2Fprojects%3Fstatus%3Ddraft',
    });
    expect(go('/en/orders/12', anonymous)).toEqual({ kind: 'redirect', to: '/en/auth?redirect=%2Fen%2Forders%2F12' });
  });

  it('lets an anonymous user open the open routes', () => {
    expect(renderedRoute('/auth', anonymous)).toBe('auth');
    expect(renderedRoute('/auth/login-ork', anonymous)).toBe('loginOrk');
    expect(renderedRoute('/login-ork', anonymous)).toBe('loginOrkShort');
    expect(renderedRoute('/en/auth?reset=1', anonymous)).toBe('auth');
  });

  it('sends a signed-in user from /auth to / keeping the query', () => {
    expect(go('/auth?utm=mail')).toEqual({ kind: 'redirect', to: '/?utm=mail' });
    expect(go('/en/auth')).toEqual({ kind: 'redirect', to: '/en' });
  });

  it('sends a signed-in user from /auth to a safe redirect target, never off-site or back to /auth', () => {
    expect(go('/auth?redirect=%2Forders%2F5')).toEqual({ kind: 'redirect', to: '/orders/5' });
    expect(go('/auth?redirect=%2F%2Fevil.example')).toEqual({ kind: 'redirect', to: '/' });
    expect(go('/auth?redirect=https%3A%2F%2Fevil.example')).toEqual({ kind: 'redirect', to: '/' });
    expect(go('/auth?redirect=%2Fauth')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('gives 404 for an id that is not a positive integer, and for a missing required id', () => {
    for (const bad of ['/orders/abc', '/orders/0', '/orders/-1', '/orders/1.5', '/project/01', '/project/%ZZ']) {
      expect(go(bad), bad).toMatchObject({ kind: 'error', status: 404 });
    }
    expect(renderedRoute('/orders/42')).toBe('order');
    expect(renderedRoute('/project')).toBe('project');
    expect(renderedRoute('/project/9')).toBe('project');
  });

  it('sends a user with an unfilled profile to /auth/filling-profile keeping the query', () => {
    expect(go('/orders?status=shipped', unfilled)).toEqual({ kind: 'redirect', to: '/auth/filling-profile?status=shipped' });
    expect(go('/en/cart', unfilled)).toEqual({ kind: 'redirect', to: '/en/auth/filling-profile' });
  });

  it('lets the filling-profile page itself open with a token and an unfilled profile, but not without a token', () => {
    expect(renderedRoute('/auth/filling-profile', unfilled)).toBe('fillingProfile');
    expect(go('/auth/filling-profile', anonymous)).toMatchObject({ kind: 'redirect', to: '/auth?redirect=%2Fauth%2Ffilling-profile' });
  });

  it('waits while the user summary loads instead of guessing whether the profile is filled', () => {
    expect(go('/orders', { signedIn: true, profileFilled: null, userLoading: true })).toEqual({ kind: 'wait', locale: 'ru' });
  });

  it('does not send a user who just completed the profile back to the form while their summary reloads', () => {
    expect(go('/', { signedIn: true, profileFilled: false, userLoading: true })).toEqual({ kind: 'wait', locale: 'ru' });
    expect(renderedRoute('/', { signedIn: true, profileFilled: true, userLoading: true })).toBe('home');
  });

  it('hides the /v2 pages except on development hosts', () => {
    expect(go('/v2/ui/buttons', filled, false)).toMatchObject({ kind: 'error', status: 404 });
    expect(go('/en/v2/account/clients', filled, false)).toMatchObject({ kind: 'error', status: 404, locale: 'en' });
    expect(renderedRoute('/v2/ui/buttons', filled, true)).toBe('v2Buttons');
  });

  it('gives 500 for a route naming an unknown guard', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: AppRoute = {
      name: 'broken',
      pattern: '/broken',
      page: 'placeholder',
      meta: { auth: true, layout: 'default', guards: ['noSuchGuard'], titleKey: 'x' },
    };
    expect(resolveNavigation({ path: '/broken', search: '', session: filled, devHost: false }, [broken])).toEqual({
      kind: 'error', status: 500, locale: 'ru',
    });
  });
});

describe('old addresses kept for bookmarks', () => {
  it('move /groups and a folder under it to /folders, keeping the locale and the query', () => {
    expect(go('/groups')).toEqual({ kind: 'redirect', to: '/folders' });
    expect(go('/groups/12?from=mail')).toEqual({ kind: 'redirect', to: '/folders/12?from=mail' });
    expect(go('/en/groups/12')).toEqual({ kind: 'redirect', to: '/en/folders/12' });
  });

  it('lead to the page that lives there now, which asks for a sign-in as before', () => {
    expect(go('/folders/12')).toMatchObject({ kind: 'render', route: { name: 'folder', page: 'projectSet' } });
    expect(go('/groups', anonymous)).toEqual({ kind: 'redirect', to: '/folders' });
    expect(go('/folders', anonymous)).toMatchObject({ kind: 'redirect', to: '/auth?redirect=%2Ffolders' });
  });

  it('leave a path that only starts with the same letters alone', () => {
    expect(go('/groupsx')).toMatchObject({ kind: 'error', status: 404 });
  });
});
