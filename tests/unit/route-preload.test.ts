import { describe, expect, it } from 'vitest';
import { routeToPreload } from '../../src/app/pages';

const preloaded = (path: string, signedIn: boolean) => routeToPreload(path, signedIn)?.name;

describe('the route whose chunks load at boot', () => {
  it('is the page asked for when the token allows it', () => {
    expect(preloaded('/auth', false)).toBe('auth');
    expect(preloaded('/', true)).toBe('home');
    expect(preloaded('/en/orders/12', true)).toBe('order');
  });

  it('is the dashboard for a signed-in visitor of /auth, who is sent there', () => {
    expect(preloaded('/auth', true)).toBe('home');
    expect(preloaded('/en/auth', true)).toBe('home');
  });

  it('is nothing extra for a signed-out visitor of a private page: /auth is already preloaded by index.html', () => {
    expect(preloaded('/', false)).toBeUndefined();
    expect(preloaded('/orders', false)).toBeUndefined();
  });

  it('is nothing for an unknown path', () => {
    expect(preloaded('/no/such/page', true)).toBeUndefined();
  });
});
