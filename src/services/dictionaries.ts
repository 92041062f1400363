import * as dicts from '../contract/dicts';
import { callApi } from './api';
import { getCacheDb, isUsable, metaOf, rowsOf, type CacheDb, type CachedRow, type DictionaryTable } from './cache-db';
import { localizedName } from './localized-name';

/** Reference dictionaries are cleared after 24 h. */
export const DICTIONARY_TTL_MS = 86_400_000;

/** The dictionaries with a cache table of the product spec, and the contract call that loads each. */
const sources = {
  countries: { table: 'global-countries', fetch: () => callApi(dicts.countries) },
  clientActivities: { table: 'global-client-activities', fetch: () => callApi(dicts.clientActivities) },
  offices: { table: 'global-offices', fetch: () => callApi(dicts.offices) },
  taxcodeTypes: { table: 'global-taxcodes', fetch: () => callApi(dicts.taxcodeTypes) },
  projectStatuses: { table: 'global-project-statuses', fetch: () => callApi(dicts.projectStatuses) },
  orderStatuses: { table: 'global-order-statuses', fetch: () => callApi(dicts.orderStatuses) },
  orderLineStatuses: { table: 'global-order-line-statuses', fetch: () => callApi(dicts.orderLineStatuses) },
  deliveryMethods: { table: 'global-delivery-methods', fetch: () => callApi(dicts.deliveryMethods) },
  deliveryEndpoints: { table: 'global-delivery-endpoints', fetch: () => callApi(dicts.deliveryEndpoints) },
} as const satisfies Record<string, { table: DictionaryTable; fetch: () => Promise<CachedRow[]> }>;

export type DictionaryName = keyof typeof sources;
export type Dictionary<N extends DictionaryName> = Awaited<ReturnType<(typeof sources)[N]['fetch']>>;

export interface DictionaryDeps {
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  /** Null when IndexedDB cannot be used: every dictionary then comes from the network. */
  db?: () => Promise<CacheDb | null>;
}

const isFresh = (loadedAt: number, now: number) => loadedAt <= now && now - loadedAt < DICTIONARY_TTL_MS;

export function createDictionaries(deps: DictionaryDeps = {}) {
  const now = deps.now ?? Date.now;
  const openDb = deps.db ?? getCacheDb;
  // Two views asking for the same dictionary at once share one request.
  const pending = new Map<DictionaryName, Promise<CachedRow[]>>();

  async function readFresh(db: CacheDb, table: DictionaryTable): Promise<CachedRow[] | null> {
    const meta = await metaOf(db).get(table);
    if (!meta) return null;
    if (!isFresh(meta.loadedAt, now())) {
      await clearTable(db, table);
      return null;
    }
    const rows = await rowsOf(db, table).bulkGet(meta.ids);
    // A row missing (cleared by hand in devtools) makes the copy untrustworthy: load it again.
    return rows.every((row) => row !== undefined) ? rows : null;
  }

  async function store(db: CacheDb, table: DictionaryTable, rows: CachedRow[], loadedAt: number): Promise<void> {
    await db.transaction('rw', [rowsOf(db, table), metaOf(db)], async () => {
      await rowsOf(db, table).clear();
      await rowsOf(db, table).bulkPut(rows);
      await metaOf(db).put({ table, loadedAt, ids: rows.map((row) => row.id) });
    });
  }

  async function load(name: DictionaryName): Promise<CachedRow[]> {
    const source: { table: DictionaryTable; fetch: () => Promise<CachedRow[]> } = sources[name];
    const { table } = source;
    const db = await openDb();
    if (isUsable(db)) {
      try {
        const cached = await readFresh(db, table);
        if (cached) return cached;
      } catch (error) {
        console.warn(`[cache] ${table} unreadable, using the network`, error);
      }
    }
    const loadedAt = now();
    const rows = await source.fetch();
    if (isUsable(db)) {
      // A full disk or a closed database costs only the next visit's request.
      await store(db, table, rows, loadedAt).catch((error: unknown) => console.warn(`[cache] ${table} not stored`, error));
    }
    return rows;
  }

  /** Drops the dictionary tables loaded 24 h ago or earlier; run when the signed-in frame starts. */
  async function clearExpired(): Promise<void> {
    const db = await openDb();
    if (!isUsable(db)) return;
    const stale = (await metaOf(db).toArray()).filter((meta) => !isFresh(meta.loadedAt, now()));
    await Promise.all(stale.map((meta) => clearTable(db, meta.table)));
  }

  return {
    /** A dictionary from the local cache when loaded less than 24 h ago, else from the gateway (and cached). */
    get<N extends DictionaryName>(name: N): Promise<Dictionary<N>> {
      let running = pending.get(name);
      if (!running) {
        running = load(name).finally(() => pending.delete(name));
        pending.set(name, running);
      }
      // The rows are stored exactly as the contract validated them, so they keep the dictionary's type.
      return running as Promise<Dictionary<N>>;
    },
    clearExpired,
  };
}

async function clearTable(db: CacheDb, table: DictionaryTable): Promise<void> {
  await db.transaction('rw', [rowsOf(db, table), metaOf(db)], async () => {
    await rowsOf(db, table).clear();
    await metaOf(db).delete(table);
  });
}

export type Dictionaries = ReturnType<typeof createDictionaries>;

/** The app's dictionaries, cached in the shared database. */
export const dictionaries: Dictionaries = createDictionaries();

/** Regions, organizations and division endpoints have no cache table in the product spec: always from the gateway. */
export const loadRegions = (countryId: number) => callApi(dicts.regions, { query: { countryId: String(countryId) } });
export const loadDivisionEndpoints = () => callApi(dicts.divisionEndpoints);

/** A reference item's name in the current language. */
export const dictionaryName = localizedName;
