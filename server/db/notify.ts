import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** PostgreSQL NOTIFY between gateways (docs/decisions.md "Board jobs"): progress and 'a job is queued'. */

export interface ListenEvents {
  message(channel: string, payload: string): void;
  /** The listening connection broke; it is being reopened. */
  lost?(error: unknown): void;
  /** Listening again after a loss: whatever was sent meanwhile never arrived, so listeners re-read what they follow. */
  restored?(): void;
}

export interface Listener { close(): Promise<void> }

export interface Notifications {
  notify(channel: string, payload: string): Promise<void>;
  listen(channels: string[], events: ListenEvents): Promise<Listener>;
}

/** Channel names go into LISTEN unquoted: plain lower-case identifiers only. */
function checked(channels: string[]): string[] {
  for (const channel of channels) if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  return channels;
}

/** PGlite delivers in-process: its data folder has one owner, so there is no other gateway to reach. */
export function pgliteNotifications(client: PGlite): Notifications {
  return {
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channels, events) {
      const stops = await Promise.all(checked(channels).map((channel) =>
        client.listen(channel, (payload) => events.message(channel, payload))));
      return { close: async () => { await Promise.all(stops.map((stop) => stop())); } };
    },
  };
}

const RETRY_MS = [250, 500, 1000, 2000, 5000];
/** Names the listening sessions in pg_stat_activity. */
export const LISTENER_NAME = 'pcb-portal-listen';
/** A connection that died without a word (no FIN) is only noticed when used: it is pinged this often. */
const PING_MS = 15_000;

/**
 * One dedicated connection per listener (LISTEN needs a session of its own, not a pooled one). When it breaks it is
 * reopened with back-off, forever, and never throws into the process: an unhandled 'error' of a pg client would.
 */
function openListener(connectionString: string, channels: string[], events: ListenEvents): Promise<Listener> {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const lose = (which: pg.Client, error: unknown) => {
    if (closed || client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    events.lost?.(error);
    schedule();
  };

  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString, keepAlive: true, application_name: LISTENER_NAME });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next, new Error('the listening connection ended')));
    next.on('notification', (message) => events.message(message.channel, message.payload ?? ''));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  }

  function schedule(): void {
    if (closed || retry) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 5000;
    retry = setTimeout(() => {
      retry = null;
      open().then(() => {
        failures = 0;
        if (!closed) events.restored?.();
      }, (error: unknown) => {
        failures += 1;
        events.lost?.(error);
        schedule();
      });
    }, delay);
    retry.unref();
  }

  const ping = setInterval(() => {
    const current = client;
    current?.query('select 1').catch((error: unknown) => lose(current, error));
  }, PING_MS);
  ping.unref();

  return open().then(() => ({
    async close() {
      closed = true;
      clearInterval(ping);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  }), (error: unknown) => {
    clearInterval(ping);
    throw error;
  });
}

export function postgresNotifications(pool: pg.Pool, connectionString: string): Notifications {
  return {
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channels, events) => openListener(connectionString, checked(channels), events),
  };
}
