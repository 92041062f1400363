import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictItem, StatusItem } from '../../src/contract/dicts';
import { configureApiAuth } from '../../src/services/api';
import { metaOf, openCacheDb, openCacheDbOrNull, rowsOf, type CacheDb } from '../../src/services/cache-db';
import { DICTIONARY_TTL_MS, createDictionaries, dictionaryName } from '../../src/services/dictionaries';
import { applyLocale, loadLocale } from '../../src/services/i18n';

await loadLocale('en');

const countries: DictItem[] = [
  { id: 3, name: 'Россия', nameEn: 'Russia' },
  { id: 1, name: 'Беларусь', nameEn: 'Belarus' },
];
const statuses: StatusItem[] = [{ id: 1, code: 'actual', name: 'Актуальный', nameEn: 'Actual' }];

let requests: string[];
let served: Record<string, unknown>;
let clock: number;
let counter = 0;
const opened: CacheDb[] = [];

function stubGateway() {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test').pathname;
    requests.push(path);
    const body = served[path];
    return Promise.resolve(
      body === undefined
        ? new Response('{"error":"down"}', { status: 503, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
}

async function freshDb(): Promise<CacheDb> {
  const db = await openCacheDb({ name: `dictionaries-test-${++counter}`, onVersionChange: () => undefined });
  opened.push(db);
  return db;
}

beforeEach(() => {
  requests = [];
  served = {
    '/api/account/Dicts/Countries': countries,
    '/api/msu-ref-core/api/project-statuses': statuses,
  };
  clock = Date.UTC(2025, 7, 28, 9);
  stubGateway();
  configureApiAuth({
    getFreshToken: () => Promise.resolve('token'),
    currentToken: () => 'token',
    onUnauthorized: () => undefined,
    onRetryRejected: () => undefined,
  });
});

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  configureApiAuth(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  applyLocale('ru');
});

const countryRequests = () => requests.filter((path) => path === '/api/account/Dicts/Countries').length;

describe('reference dictionaries through the cache', () => {
  it('serves a dictionary from IndexedDB for 24 h, keeping the gateway order', async () => {
    const db = await freshDb();
    const dictionaries = createDictionaries({ now: () => clock, db: () => Promise.resolve(db) });
    expect(await dictionaries.get('countries')).toEqual(countries);
    expect(countryRequests()).toBe(1);
    expect(await rowsOf(db, 'global-countries').count()).toBe(2);
    expect(await metaOf(db).get('global-countries')).toMatchObject({ loadedAt: clock, ids: [3, 1] });

    // Another page (or a reload: a new service over the same database) a moment before the day is over.
    clock += DICTIONARY_TTL_MS - 1;
    const afterReload = createDictionaries({ now: () => clock, db: () => Promise.resolve(db) });
    expect(await afterReload.get('countries')).toEqual(countries);
    expect(await dictionaries.get('countries')).toEqual(countries);
    expect(countryRequests()).toBe(1);
  });

  it('loads the dictionary again once it is 24 h old, storing the new copy', async () => {
    const db = await freshDb();
    const dictionaries = createDictionaries({ now: () => clock, db: () => Promise.resolve(db) });
    await dictionaries.get('countries');
    clock += DICTIONARY_TTL_MS;
    const updated = [{ id: 5, name: 'Казахстан', nameEn: 'Kazakhstan' }];
    served['/api/account/Dicts/Countries'] = updated;
    expect(await dictionaries.get('countries')).toEqual(updated);
    expect(countryRequests()).toBe(2);
    expect(await rowsOf(db, 'global-countries').toArray()).toEqual(updated);
    expect(await metaOf(db).get('global-countries')).toMatchObject({ loadedAt: clock });
  });

  it('clears a table older than 24 h even when the reload fails', async () => {
    const db = await freshDb();
    const dictionaries = createDictionaries({ now: () => clock, db: () => Promise.resolve(db) });
    await dictionaries.get('countries');
    clock += DICTIONARY_TTL_MS + 1;
    delete served['/api/account/Dicts/Countries'];
    await expect(dictionaries.get('countries')).rejects.toMatchObject({ status: 503 });
    expect(await rowsOf(db, 'global-countries').count()).toBe(0);
    expect(await metaOf(db).get('global-countries')).toBeUndefined();
  });

  it('clearExpired drops only the tables loaded 24 h ago or earlier', async () => {
    const db = await freshDb();
    const dictionaries = createDictionaries({ now: () => clock, db: () => Promise.resolve(db) });
    await dictionaries.get('countries');
    clock += 1000;
    await dictionaries.get('projectStatuses');
    clock += DICTIONARY_TTL_MS - 500;
    await dictionaries.clearExpired();
    expect(await rowsOf(db, 'global-countries').count()).toBe(0);
    expect(await rowsOf(db, 'global-project-statuses').count()).toBe(1);
  });

  it('does not trust a copy stamped in the future (a clock turned back)', async () => {
    const db = await freshDb();
    const dictionaries = createDictionaries({ now: () => clock, db: () => Promise.resolve(db) });
    await dictionaries.get('countries');
    clock -= 60_000;
    await dictionaries.get('countries');
    expect(countryRequests()).toBe(2);
  });

  it('sends one request for simultaneous asks', async () => {
    const db = await freshDb();
    const dictionaries = createDictionaries({ now: () => clock, db: () => Promise.resolve(db) });
    const [first, second] = await Promise.all([dictionaries.get('countries'), dictionaries.get('countries')]);
    expect(first).toEqual(second);
    expect(countryRequests()).toBe(1);
  });

  it('falls back to the network when IndexedDB is blocked', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const blocked = {
      open: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const db = openCacheDbOrNull({ name: `blocked-${++counter}`, indexedDB: blocked, IDBKeyRange });
    const dictionaries = createDictionaries({ now: () => clock, db: () => db });
    expect(await dictionaries.get('countries')).toEqual(countries);
    expect(await dictionaries.get('countries')).toEqual(countries);
    expect(countryRequests()).toBe(2);
  });

  it('goes to the network after another tab upgraded the database', async () => {
    const db = await freshDb();
    const dictionaries = createDictionaries({ now: () => clock, db: () => Promise.resolve(db) });
    await dictionaries.get('countries');
    const newer = new Dexie(db.name);
    newer.version(14).stores({ 'global-countries': 'id' });
    await newer.open();
    expect(await dictionaries.get('countries')).toEqual(countries);
    expect(countryRequests()).toBe(2);
    newer.close();
  });

  it('names an item in the current language', () => {
    expect(dictionaryName(countries[0] as DictItem)).toBe('Россия');
    applyLocale('en');
    expect(dictionaryName(countries[0] as DictItem)).toBe('Russia');
    expect(dictionaryName({ name: 'Только русский', nameEn: '' })).toBe('Только русский');
  });
});
