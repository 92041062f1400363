import type { sessions } from './schema';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Session rows by id, so that a signed-in request need not read its session from the database every time.
 * Only sound when this process is the database's one writer of sessions (embedded PGlite: the data folder has one
 * owner) and every write of a session row goes through server/auth/sessions.ts, which calls `forget` once the write
 * has run. On PGlite a transaction holds the connection until it ends, so no read sees a row between a write inside
 * a transaction and `forget`; a rolled-back write only costs a re-read.
 */
export interface SessionCache {
  read(id: string, load: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined>;
  forget(ids: readonly string[]): void;
}

/** A bound keeps a flood of sign-ins from growing the process; the oldest entries go first. */
const MAX_ENTRIES = 10_000;

export function createSessionCache(): SessionCache {
  const rows = new Map<string, SessionRow>();
  // Counts writes: a read that began before any write must not store what it read (writes are rare next to reads).
  let writes = 0;
  return {
    async read(id, load) {
      const cached = rows.get(id);
      if (cached) return cached;
      const writesBefore = writes;
      const row = await load();
      if (row && writes === writesBefore) {
        if (rows.size >= MAX_ENTRIES) rows.delete(rows.keys().next().value ?? '');
        rows.set(id, row);
      }
      return row;
    },
    forget(ids) {
      for (const id of ids) rows.delete(id);
      writes += 1;
    },
  };
}

/** For a database other processes write too (PostgreSQL): always read. */
export const noSessionCache: SessionCache = {
  read: (_id, load) => load(),
  forget: () => undefined,
};
