import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFERENCE_COOKIE_MAX_AGE } from '../../src/services/cookies';
import { readListSort, writeListSort } from '../../src/services/list-sort-prefs';

const codes = ['created', 'activity', 'name'] as const;
const fallback = { code: 'activity', orderBy: 'desc' } as const;

let written: string[];
/** A document whose cookie jar keeps the last value per name, like a browser's. */
function stubDocument() {
  const jar = new Map<string, string>();
  written = [];
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      jar.set(name, value);
    },
  });
}

beforeEach(stubDocument);
afterEach(() => vi.unstubAllGlobals());

describe('remembered list sorts', () => {
  it('writes sort-type-{list} and sort-order-{list} for a year on path /', () => {
    writeListSort('projects', { code: 'name', orderBy: 'asc' });
    expect(PREFERENCE_COOKIE_MAX_AGE).toBe(31536000);
    expect(written).toEqual([
      'sort-type-projects=name; max-age=31536000; path=/; samesite=lax',
      'sort-order-projects=asc; max-age=31536000; path=/; samesite=lax',
    ]);
  });

  it('reads back the sort of that list only', () => {
    writeListSort('projects', { code: 'name', orderBy: 'asc' });
    expect(readListSort('projects', codes, fallback)).toEqual({ code: 'name', orderBy: 'asc' });
    expect(readListSort('orders', codes, fallback)).toEqual(fallback);
  });

  it('falls back for a code the list no longer offers, and keeps the default order for a bad order', () => {
    const cookies = 'sort-type-projects=budget; sort-order-projects=asc; sort-type-orders=name; sort-order-orders=up';
    expect(readListSort('projects', codes, fallback, cookies)).toEqual(fallback);
    expect(readListSort('orders', codes, fallback, cookies)).toEqual({ code: 'name', orderBy: 'desc' });
  });
});
