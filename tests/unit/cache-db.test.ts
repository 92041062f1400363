import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CACHE_DB_NAME,
  CACHE_DB_VERSION,
  DICTIONARY_TABLES,
  META_TABLE,
  SORT_TABLES,
  isUsable,
  openCacheDb,
  openCacheDbOrNull,
  type CacheDb,
} from '../../src/services/cache-db';
import { loadPortalTexts } from '../../src/services/i18n';

let counter = 0;
const uniqueName = () => `cache-db-test-${++counter}`;
const opened: Dexie[] = [];

beforeAll(() => loadPortalTexts());
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(name: string, onVersionChange?: () => void): Promise<CacheDb> {
  const db = await openCacheDb({ name, onVersionChange });
  opened.push(db);
  return db;
}

/** A newer build of the portal opening the same database in another tab. */
async function openNewerVersion(name: string): Promise<Dexie> {
  const next = new Dexie(name);
  const keyedById = Object.fromEntries([...SORT_TABLES, ...DICTIONARY_TABLES].map((table) => [table, 'id']));
  next.version(14).stores({ ...keyedById, [META_TABLE]: 'table', 'global-regions': 'id' });
  await next.open();
  opened.push(next);
  return next;
}

/** The version IndexedDB itself stores (Dexie multiplies its own by ten). */
function nativeVersion(name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      resolve(request.result.version);
      request.result.close();
    };
    request.onerror = () => reject(request.error);
  });
}

describe('cache database', () => {
  it('is version 13 with the cache tables, keyed by id', async () => {
    expect(CACHE_DB_NAME).toBe('pcb-portal');
    const name = uniqueName();
    const db = await open(name);
    expect(db.verno).toBe(CACHE_DB_VERSION);
    expect(CACHE_DB_VERSION).toBe(13);
    expect(db.tables.map((table) => table.name).sort()).toEqual(
      [
        'sort-at-work', 'sort-projects', 'sort-orders', 'sort-drafts', 'global-countries', 'global-delivery-methods',
        'global-delivery-endpoints', 'global-client-activities', 'global-offices', 'global-taxcodes',
        'global-project-statuses', 'global-order-statuses', 'global-order-line-statuses', 'cache-meta',
      ].sort(),
    );
    for (const table of [...SORT_TABLES, ...DICTIONARY_TABLES]) expect(db.table(table).schema.primKey.keyPath).toBe('id');
    db.close();
    expect(await nativeVersion(name)).toBe(130);
  });

  it('stores and reads rows by id', async () => {
    const db = await open(uniqueName());
    await db.table('sort-projects').bulkPut([{ id: 7, position: 2 }, { id: 3, position: 1 }]);
    expect(await db.table('sort-projects').get(7)).toEqual({ id: 7, position: 2 });
    expect(await db.table('sort-projects').count()).toBe(2);
  });

  it('closes and tells the user once when another tab opens a newer version', async () => {
    const name = uniqueName();
    const told = vi.fn();
    const db = await open(name, told);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const newer = await openNewerVersion(name);
    expect(told).toHaveBeenCalledTimes(1);
    expect(db.isOpen()).toBe(false);
    expect(isUsable(db)).toBe(false);
    // The closed connection does not reopen itself behind the newer tab's back.
    await expect(db.table('global-countries').count()).rejects.toThrow();
    expect(newer.verno).toBe(14);
  });

  it("alerts 'База данных обновлена, пожалуйста, перезагрузите страницу.' by default", async () => {
    const name = uniqueName();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await open(name);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openNewerVersion(name);
    expect(alert).toHaveBeenCalledExactlyOnceWith('База данных обновлена, пожалуйста, перезагрузите страницу.');
  });

  it('does not alert when the other tab only deletes the database', async () => {
    const name = uniqueName();
    const told = vi.fn();
    const db = await open(name, told);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await Dexie.delete(name);
    expect(told).not.toHaveBeenCalled();
    expect(db.isOpen()).toBe(false);
  });

  it('gives null instead of failing when IndexedDB is blocked (private mode, disabled storage)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const blocked = {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    await expect(openCacheDb({ name: uniqueName(), indexedDB: blocked, IDBKeyRange })).rejects.toThrow();
    expect(await openCacheDbOrNull({ name: uniqueName(), indexedDB: blocked, IDBKeyRange })).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
