import { afterEach, describe, expect, it, vi } from 'vitest';
import { withChunkReload } from '../../src/app/chunk-reload';
import { detectLocale, localizePath, stripLocale } from '../../src/services/i18n';
import { closeAllModals, openModalCount, registerModal } from '../../src/services/modals';
import { safeRedirectTarget } from '../../src/services/redirect';
import { readToken, removeToken, writeToken } from '../../src/services/token-storage';
import { memoryStorage } from '../memory-storage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('token storage', () => {
  it('reports how long ago the token was stored', () => {
    const store = memoryStorage();
    writeToken('t', store, 1_000);
    expect(readToken(store, 107_000)).toEqual({ token: 't', tokenAgeMs: 106_000 });
  });

  it('treats a token with an unknown storage time as expired, and forgets it on removal', () => {
    const store = memoryStorage();
    store.setItem('pcb.token', 't');
    expect(readToken(store).tokenAgeMs).toBe(Number.POSITIVE_INFINITY);
    removeToken(store);
    expect(readToken(store)).toEqual({ token: null, tokenAgeMs: 0 });
  });
});

describe('locale paths', () => {
  it('adds and removes the /en prefix keeping the query', () => {
    expect(localizePath('/auth', 'en')).toBe('/en/auth');
    expect(localizePath('/en/auth?reset=1', 'ru')).toBe('/auth?reset=1');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/en', 'ru')).toBe('/');
    expect(stripLocale('/english')).toBe('/english');
  });

  it('takes the language from the URL, then the cookie, then Russian', () => {
    expect(detectLocale('/en/orders', 'locale=ru')).toBe('en');
    expect(detectLocale('/orders', 'a=1; locale=en')).toBe('en');
    expect(detectLocale('/orders', 'locale=de')).toBe('ru');
  });
});

describe('redirect target', () => {
  it('accepts only paths of this site other than /auth', () => {
    expect(safeRedirectTarget('/orders/5?x=1')).toBe('/orders/5?x=1');
    expect(safeRedirectTarget('//evil.example/x')).toBeNull();
    expect(safeRedirectTarget('/\\evil.example')).toBeNull();
    expect(safeRedirectTarget('https://evil.example')).toBeNull();
    expect(safeRedirectTarget('/en/auth')).toBeNull();
  });
});

describe('modal registry', () => {
  it('closes every open modal at once', () => {
    const closed: string[] = [];
    registerModal(() => closed.push('a'));
    const unregister = registerModal(() => closed.push('b'));
    registerModal(() => closed.push('c'));
    unregister();
    closeAllModals();
    expect(closed).toEqual(['a', 'c']);
    expect(openModalCount()).toBe(0);
  });
});

describe('chunk reload', () => {
  it('reloads the page on a failed chunk, but not twice within 60 s', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.useFakeTimers({ now: 1_000_000 });
    const reload = vi.fn();
    const failing = withChunkReload(() => Promise.reject(new Error('chunk gone')), reload);
    void failing();
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_030_000);
    await expect(failing()).rejects.toThrow('chunk gone');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_061_000);
    void failing();
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
