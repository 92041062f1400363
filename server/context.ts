import type { FastifyBaseLogger } from 'fastify';
import type { SessionCache } from './auth/session-cache';
import type { TokenService } from './auth/tokens';
import type { GatewayConfig } from './config';
import type { FileStore } from './board-jobs/file-store';
import type { Db } from './db/connect';
import type { Notifications } from './db/notify';
import type { Seal } from './delivery/seal';
import type { Delivery } from './delivery/delivery';
import type { CallGuards } from './http/callers';

/** What every route needs, built once per gateway and passed down explicitly. */
export interface GatewayContext {
  config: GatewayConfig;
  db: Db;
  /** NOTIFY/LISTEN on the database (between gateways with PostgreSQL). */
  notifications: Notifications;
  /** Bytes of uploaded board files and their renders. */
  files: FileStore;
  now(): Date;
  tokens: TokenService;
  sessionCache: SessionCache;
  delivery: Delivery;
  /** Seals staff members' second-factor secrets in the database (server/staff/sign-in.ts). */
  staffSecrets: Seal;
  log: FastifyBaseLogger;
  /** Sign-in and rate-limit checks for registerCall and the file routes, from server/auth and server/staff. */
  guards: CallGuards<GatewayContext>;
}
