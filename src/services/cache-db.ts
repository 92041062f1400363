import type { Dexie, DexieOptions, Table } from 'dexie';
import { t } from './i18n';

/** The local database is at version 13 (Dexie's number; IndexedDB itself reports 130). */
export const CACHE_DB_VERSION = 13;
export const CACHE_DB_NAME = 'pcb-portal';

/** Remembered manual order of the items of a list, one row per item. */
export const SORT_TABLES = ['sort-at-work', 'sort-projects', 'sort-orders', 'sort-drafts'] as const;
/** Reference dictionaries, one row per dictionary item. */
export const DICTIONARY_TABLES = [
  'global-countries',
  'global-delivery-methods',
  'global-delivery-endpoints',
  'global-client-activities',
  'global-offices',
  'global-taxcodes',
  'global-project-statuses',
  'global-order-statuses',
  'global-order-line-statuses',
] as const;
/**
 * Not in the product spec: when each dictionary table was loaded and in which order its rows came. A time per table (not
 * per row) keeps an empty dictionary cached too, and the order keeps the gateway's sorting (rows read back by id).
 */
export const META_TABLE = 'cache-meta';

export type SortTable = (typeof SORT_TABLES)[number];
export type DictionaryTable = (typeof DICTIONARY_TABLES)[number];

export interface CachedRow {
  id: number;
}
export interface CacheMeta {
  table: DictionaryTable;
  loadedAt: number;
  ids: number[];
}

export type CacheDb = Dexie;

export const rowsOf = (db: CacheDb, table: DictionaryTable | SortTable): Table<CachedRow, number> => db.table(table);
export const metaOf = (db: CacheDb): Table<CacheMeta, DictionaryTable> => db.table(META_TABLE);

export interface CacheDbOptions {
  name?: string;
  /** Tests pass fake-indexeddb's factory, or a broken one; the app uses the browser's. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Told once when another tab opened a newer version of the database. */
  onVersionChange?: () => void;
}

export const alertVersionChange = (): void => {
  if (typeof alert === 'function') alert(t('cache.versionChanged'));
};

/** Declares the schema and opens the database; rejects when IndexedDB is missing, blocked or broken. */
export async function openCacheDb(options: CacheDbOptions = {}): Promise<CacheDb> {
  const dexieOptions: DexieOptions = {};
  if (options.indexedDB) dexieOptions.indexedDB = options.indexedDB;
  if (options.IDBKeyRange) dexieOptions.IDBKeyRange = options.IDBKeyRange;
  // Dexie (a third of the signed-in frame's code) arrives with the first dictionary or remembered order read.
  const { Dexie: Database } = await import('dexie');
  const db = new Database(options.name ?? CACHE_DB_NAME, dexieOptions);
  const keyedById = Object.fromEntries([...SORT_TABLES, ...DICTIONARY_TABLES].map((table) => [table, 'id']));
  db.version(CACHE_DB_VERSION).stores({ ...keyedById, [META_TABLE]: 'table' });
  const onVersionChange = options.onVersionChange ?? alertVersionChange;
  let told = false;
  db.on('versionchange', (event: IDBVersionChangeEvent) => {
    // This tab's code knows only the old schema: it stops using the database for good (callers go to the
    // network) and asks the user to reload. A deletion (newVersion null) is not an update to announce.
    db.close({ disableAutoOpen: true });
    if (event.newVersion !== null && !told) {
      told = true;
      onVersionChange();
    }
    // Dexie's own handler would close again allowing a silent reopen; returning false skips it.
    return false;
  });
  await db.open();
  return db;
}

/** The database, or null when it cannot be opened: then every cached read goes to the network instead. */
export function openCacheDbOrNull(options: CacheDbOptions = {}): Promise<CacheDb | null> {
  return openCacheDb(options).catch((error: unknown) => {
    console.warn('[cache] IndexedDB unavailable (private mode, blocked or missing), using the network', error);
    return null;
  });
}

let shared: Promise<CacheDb | null> | undefined;

/** The app's database, opened once on first use. */
export function getCacheDb(): Promise<CacheDb | null> {
  shared ??= openCacheDbOrNull();
  return shared;
}

/** A database closed by a version change cannot serve this tab any more. */
export const isUsable = (db: CacheDb | null): db is CacheDb => db !== null && db.isOpen();
