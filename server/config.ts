import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { FileStoreSpec } from './board-jobs/file-store';
import { s3SpecOf } from './board-jobs/s3-config';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { deliveryProblems, deliverySettings, type DeliveryOptions, type DeliverySettings } from './delivery/settings';
import { envNumber, envText, type Env } from './env';
import { webhookSettings, type WebhookOptions, type WebhookSettings } from './webhooks/settings';
import { estimateSecret, MIN_SECRET_BITS } from './secret-strength';

export interface QuoteSettings {
  uploadsPerHour: number;
  retentionHours: number;
}

export interface RateLimitOptions {
  /**
   * Limited calls per phone, e-mail, process or user key within the window; for sign-in (Login, GetStrangerToken)
   * per login and address together, so nobody elsewhere can use up the owner's attempts.
   */
  perLogin?: number;
  /** Limited calls per client address within the window, all limited calls together. */
  perAddress?: number;
  windowSeconds?: number;
  /** The longest pause before answering a sign-in to a login that many wrong passwords were tried on. */
  loginDelayMaxMs?: number;
  /** Invitations one user may send per hour, over all clients. */
  invitesPerUser?: number;
  /** Invitations sent on behalf of one client per hour, by all its admins. */
  invitesPerClient?: number;
}

export interface GatewayOptions {
  /** PGlite data folder; 'memory://' keeps the database in memory (tests). */
  dataDir?: string;
  /** When set, PostgreSQL through node-postgres instead of PGlite. */
  databaseUrl?: string;
  /** A database dump an in-memory database starts from instead of an empty one (server/db/connect.ts, tests). */
  memoryStart?: Blob;
  accessTokenTtlSeconds?: number;
  /** How long after its `exp` a token may still be refreshed. */
  refreshWindowSeconds?: number;
  codeTtlSeconds?: number;
  /** Staff sessions: how long one lasts unused, and at most from its sign-in. */
  staffSessions?: { idleMinutes?: number; maxHours?: number };
  rateLimits?: RateLimitOptions;
  /** Built app folder served with a history fallback; null turns static serving off. */
  staticDir?: string | null;
  /** Hides /api/dev/* and skips response validation. */
  production?: boolean;
  smtpUrl?: string;
  /** The SMS provider, retries and give-up times of the outbox (server/delivery/settings.ts). */
  delivery?: DeliveryOptions;
  /** Retries, timeouts and the http:// switch of webhooks (server/webhooks/settings.ts). */
  webhooks?: WebhookOptions;
  /** Address mails are sent from when SMTP is used. */
  mailFrom?: string;
  /** Absolute origin put into links in e-mails. */
  publicUrl?: string;
  seedDemo?: boolean;
  logger?: boolean;
  /** Signing key; by default one is generated once and kept in the settings table. */
  jwtSecret?: string;
  /**
   * Proxies in front of the gateway whose X-Forwarded-For is believed: a hop count or a list of addresses/CIDRs
   * (docs/decisions.md "Modes, logs and the proxy"); unset, X-Forwarded-For is ignored.
   */
  trustProxy?: TrustProxy;
  bodyLimitBytes?: number;
  /** Checks every answer against the contract; on by default outside production. */
  validateResponses?: boolean;
  /** Key of the operator calls (`npm run ops`); by default one is generated once and kept in the settings table. */
  operatorKey?: string;
  /** Bounded admission of API calls (server/http/admission.ts). */
  admission?: Partial<AdmissionSettings>;
  /** Demo mode: advance unfinished orders one step after this many seconds; 0 turns the simulator off. */
  orderSimulatorSeconds?: number;
  /** Folder of uploaded board files and their renders; by default `<dataDir>/files`, a temporary one in memory. */
  fileStoreDir?: string;
  boardJobs?: Partial<BoardJobSettings>;
  /** Embed address of the wizard's training video (as the app's build has it): the one page the app may frame. */
  wizardVideoUrl?: string;
  /** Uploads never attached to a project are removed this long after they were made. */
  uploadRetentionHours?: number;
  /** How long an engineer's review of an order usually takes, in hours: the order page says it while one waits. */
  reviewHours?: number;
  /** Instant quotes: uploads per address and hour, and how long an unclaimed quote is kept. */
  quote?: Partial<QuoteSettings>;
  /** Apply pending migrations at start (MIGRATE_AT_START, on by default); off, `npm run migrate` is a deployment step. */
  migrateAtStart?: boolean;
  /** Seconds without a request after which the gateway gives freed memory back (server/health/idle-memory.ts); 0: never. */
  memoryReleaseIdleSeconds?: number;
  /** Tests: the start-up warm-up waits for this before its first step, so a test sees the gateway still warming. */
  warmUpGate?: Promise<unknown>;
  now?: () => Date;
}

/** Calls a gateway answers at once before it sheds with 503 `busy` (docs/decisions.md "Admission under load"). */
export interface AdmissionSettings {
  /** Ordinary API calls in flight at once; 0 turns admission off. */
  limit: number;
  /** Extra places for sign-in, token refresh and the health probes. */
  reserve: number;
  /** Calls that may wait for a place, in arrival order, when all are taken; one more is shed at once. */
  queue: number;
  /** The longest a call waits for a place before it is shed. */
  queueWaitMs: number;
}

/** Processing of board files (docs/decisions.md "Board jobs"). */
export interface BoardJobSettings {
  /** Jobs this gateway runs at once, each in its own runner process; 0 makes a gateway that processes nothing. */
  concurrency: number;
  /** A job (or an unpacking) still running after this is stopped and its upload fails. */
  timeoutSeconds: number;
  /** The system's cap on one runner process's memory; a job that needs more ends its runner and its upload fails. */
  memoryMb: number;
  /** Claims of one job before it is failed: a crash or a lost lease costs one. */
  attempts: number;
  /** How long a claim lasts without being renewed; a crashed gateway's jobs wait this long. */
  leaseSeconds: number;
}

export interface GatewayConfig {
  dataDir: string;
  databaseUrl: string | null;
  accessTokenTtlSeconds: number;
  refreshWindowSeconds: number;
  codeTtlSeconds: number;
  staffSessions: { idleMinutes: number; maxHours: number };
  rateLimits: Required<RateLimitOptions>;
  staticDir: string | null;
  production: boolean;
  smtpUrl: string | null;
  delivery: DeliverySettings;
  webhooks: WebhookSettings;
  mailFrom: string;
  publicUrl: string;
  seedDemo: boolean;
  /**
   * Demo mode: demo data outside production. Only here does the gateway show delivered codes at /api/dev/outbox (to
   * this machine alone) and, unless DEMO_LISTEN_PUBLIC=1, listen on a loopback address only.
   */
  demo: boolean;
  /** DEMO_LISTEN_PUBLIC=1: the operator accepts a demo gateway reachable from other machines. */
  demoListenPublic: boolean;
  logger: boolean;
  jwtSecret: string | null;
  /** false: the socket's peer is the client. */
  trustProxy: TrustProxy | false;
  bodyLimitBytes: number;
  validateResponses: boolean;
  operatorKey: string | null;
  orderSimulatorSeconds: number;
  admission: AdmissionSettings;
  /** A folder or a bucket; null: a temporary folder, removed when the gateway closes (an in-memory database). */
  fileStore: FileStoreSpec | null;
  boardJobs: BoardJobSettings;
  wizardVideoUrl: string | null;
  uploadRetentionHours: number;
  reviewHours: number;
  quote: QuoteSettings;
  migrateAtStart: boolean;
  memoryReleaseIdleSeconds: number;
  now: () => Date;
}

/** Shortest JWT_SECRET and OPERATOR_KEY production accepts: 32 characters, e.g. `openssl rand -hex 32` (64). */
const MIN_SECRET_LENGTH = 32;

/** 1/0 switches; anything else is a typo the operator should hear about. */
function envSwitch(env: Env, name: string): boolean | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (raw === '1' || raw === '0') return raw === '1';
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
}

/**
 * Production never holds demo data (accounts with a published password): SEED_DEMO=1 there is refused rather than
 * ignored, so nobody believes they got a demo. Outside production the demo is on unless SEED_DEMO=0.
 */
function seedDemoOf(options: GatewayOptions, env: Env, production: boolean): boolean {
  const wanted = options.seedDemo ?? envSwitch(env, 'SEED_DEMO');
  if (production && wanted === true) {
    throw new Error('SEED_DEMO=1 with NODE_ENV=production: production never holds the demo accounts (their password is published). ' +
      'Remove SEED_DEMO, or run the demo without NODE_ENV=production.');
  }
  return wanted ?? !production;
}

/** Seconds between simulator steps: 0 is off; by default 60 in demo mode, except in tests; never in production. */
function simulatorSeconds(options: GatewayOptions, env: Env, demo: boolean, production: boolean): number {
  const raw = env.ORDER_SIMULATOR_SECONDS;
  let value = options.orderSimulatorSeconds ?? null;
  if (value === null && raw !== undefined && raw !== '') {
    value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`ORDER_SIMULATOR_SECONDS must be 0 or a positive number, got "${raw}"`);
  }
  if (production && value !== null && value > 0) {
    throw new Error('ORDER_SIMULATOR_SECONDS with NODE_ENV=production: the simulator moves demo orders and runs in demo mode only.');
  }
  return value ?? (demo && env.NODE_ENV !== 'test' ? 60 : 0);
}

/** Like envNumber, but 0 is allowed. */
function envCount(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be 0 or a positive whole number, got "${raw}"`);
  return value;
}

/** One job per core beyond the first, at most two: the gateway's own thread keeps a core for requests. */
const defaultConcurrency = () => Math.max(1, Math.min(2, availableParallelism() - 1));

function boardJobSettings(options: Partial<BoardJobSettings> = {}, env: Env): BoardJobSettings {
  return {
    concurrency: options.concurrency ?? envCount(env, 'BOARD_JOBS_PER_GATEWAY', defaultConcurrency()),
    timeoutSeconds: options.timeoutSeconds ?? envNumber(env, 'BOARD_JOB_TIMEOUT_SECONDS', 60),
    memoryMb: options.memoryMb ?? envNumber(env, 'BOARD_JOB_MEMORY_MB', 1024),
    attempts: options.attempts ?? envNumber(env, 'BOARD_JOB_ATTEMPTS', 3),
    leaseSeconds: options.leaseSeconds ?? envNumber(env, 'BOARD_JOB_LEASE_SECONDS', 30),
  };
}

/** FILE_STORE_URL (a bucket) or FILE_STORE_DIR (a folder), never both; by default a folder beside the data. */
function fileStoreOf(options: GatewayOptions, env: Env, dataDir: string): FileStoreSpec | null {
  const dir = options.fileStoreDir ?? envText(env, 'FILE_STORE_DIR');
  const url = envText(env, 'FILE_STORE_URL');
  if (url && dir) throw new Error('FILE_STORE_URL and FILE_STORE_DIR are both set: the files live in one store, a bucket or a folder');
  if (url) return s3SpecOf(url, env);
  if (dir) return { kind: 'folder', dir: resolve(dir) };
  return dataDir.startsWith('memory://') ? null : { kind: 'folder', dir: resolve(join(dataDir, 'files')) };
}

/** Options win over the environment, the environment over the defaults. */
export function resolveConfig(options: GatewayOptions = {}, env: Env = process.env): GatewayConfig {
  const production = options.production ?? env.NODE_ENV === 'production';
  const staticDir = options.staticDir === undefined ? resolve(env.STATIC_DIR ?? 'dist') : options.staticDir;
  const port = env.PORT ?? '8080';
  const seedDemo = seedDemoOf(options, env, production);
  const dataDir = options.dataDir ?? env.DATA_DIR ?? './data';
  const databaseUrl = options.databaseUrl ?? envText(env, 'DATABASE_URL');
  return {
    dataDir,
    databaseUrl,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? envNumber(env, 'ACCESS_TOKEN_TTL_SECONDS', 300),
    refreshWindowSeconds: options.refreshWindowSeconds ?? envNumber(env, 'REFRESH_WINDOW_SECONDS', 7 * 24 * 3600),
    codeTtlSeconds: options.codeTtlSeconds ?? 300,
    staffSessions: {
      idleMinutes: options.staffSessions?.idleMinutes ?? envNumber(env, 'STAFF_SESSION_IDLE_MINUTES', 120),
      maxHours: options.staffSessions?.maxHours ?? envNumber(env, 'STAFF_SESSION_MAX_HOURS', 12),
    },
    rateLimits: {
      perLogin: options.rateLimits?.perLogin ?? envNumber(env, 'RATE_LIMIT_PER_LOGIN', 10),
      perAddress: options.rateLimits?.perAddress ?? envNumber(env, 'RATE_LIMIT_PER_ADDRESS', 300),
      windowSeconds: options.rateLimits?.windowSeconds ?? envNumber(env, 'RATE_LIMIT_WINDOW_SECONDS', 15 * 60),
      loginDelayMaxMs: options.rateLimits?.loginDelayMaxMs ?? envNumber(env, 'RATE_LIMIT_LOGIN_DELAY_MAX_MS', 4000),
      invitesPerUser: options.rateLimits?.invitesPerUser ?? envNumber(env, 'RATE_LIMIT_INVITES_PER_USER', 20),
      invitesPerClient: options.rateLimits?.invitesPerClient ?? envNumber(env, 'RATE_LIMIT_INVITES_PER_CLIENT', 50),
    },
    staticDir,
    production,
    smtpUrl: options.smtpUrl ?? envText(env, 'SMTP_URL'),
    delivery: deliverySettings(options.delivery, env),
    webhooks: webhookSettings(options.webhooks, env),
    mailFrom: options.mailFrom ?? env.MAIL_FROM ?? 'PCB Portal <no-reply@pcb-portal.local>',
    publicUrl: (options.publicUrl ?? env.PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    seedDemo,
    demo: seedDemo && !production,
    demoListenPublic: env.DEMO_LISTEN_PUBLIC === '1',
    logger: options.logger ?? true,
    jwtSecret: options.jwtSecret ?? envText(env, 'JWT_SECRET'),
    trustProxy: options.trustProxy ?? parseTrustProxy(env.TRUST_PROXY),
    bodyLimitBytes: options.bodyLimitBytes ?? 64 * 1024,
    validateResponses: options.validateResponses ?? !production,
    operatorKey: options.operatorKey ?? envText(env, 'OPERATOR_KEY'),
    orderSimulatorSeconds: simulatorSeconds(options, env, seedDemo && !production, production),
    // PGlite answers one statement at a time: past a dozen or so calls a newcomer only waits longer.
    admission: {
      limit: options.admission?.limit ?? envCount(env, 'MAX_CALLS_IN_FLIGHT', databaseUrl ? 64 : 16),
      reserve: options.admission?.reserve ?? envCount(env, 'PRIORITY_CALLS_RESERVE', 16),
      queue: options.admission?.queue ?? envCount(env, 'CALLS_QUEUED', databaseUrl ? 256 : 64),
      queueWaitMs: options.admission?.queueWaitMs ?? envCount(env, 'CALLS_QUEUED_WAIT_MS', 1000),
    },
    fileStore: fileStoreOf(options, env, dataDir),
    boardJobs: boardJobSettings(options.boardJobs, env),
    wizardVideoUrl: options.wizardVideoUrl ?? envText(env, 'VITE_WIZARD_VIDEO_URL'),
    uploadRetentionHours: options.uploadRetentionHours ?? envNumber(env, 'UPLOAD_RETENTION_HOURS', 72),
    reviewHours: options.reviewHours ?? envCount(env, 'DFM_REVIEW_HOURS', 24),
    quote: {
      uploadsPerHour: options.quote?.uploadsPerHour ?? envNumber(env, 'QUOTE_UPLOADS_PER_HOUR', 30),
      retentionHours: options.quote?.retentionHours ?? envNumber(env, 'QUOTE_RETENTION_HOURS', 24),
    },
    migrateAtStart: options.migrateAtStart ?? env.MIGRATE_AT_START !== '0',
    // The suite runs many gateways in one process, where one gateway's collection would pause the others' tests.
    memoryReleaseIdleSeconds: options.memoryReleaseIdleSeconds ?? envCount(env, 'MEMORY_RELEASE_IDLE_SECONDS', env.NODE_ENV === 'test' ? 0 : 30),
    now: options.now ?? (() => new Date()),
  };
}

const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * A demo gateway hands out every delivered code and holds accounts with a published password: it listens on this machine
 * only, unless DEMO_LISTEN_PUBLIC=1 says the operator means it. Throws with what to do instead.
 */
export function checkListenHost(config: Pick<GatewayConfig, 'demo' | 'demoListenPublic'>, host: string): void {
  if (!config.demo || config.demoListenPublic || isLoopbackHost(host)) return;
  throw new Error(`Demo mode (demo data, published passwords) listens on 127.0.0.1 only, not on ${host}. ` +
    'Set DEMO_LISTEN_PUBLIC=1 to serve the demo to other machines anyway; a real deployment runs with NODE_ENV=production.');
}

/** Why production refuses a secret, or null when it takes it; the value itself is never part of the reason. */
export function secretProblem(name: string, value: string | null): string | null {
  if (!value) return `${name} is missing`;
  if (value.length < MIN_SECRET_LENGTH) return `${name} is shorter than ${MIN_SECRET_LENGTH} characters`;
  const estimate = estimateSecret(value);
  if (estimate.bits >= MIN_SECRET_BITS) return null;
  return `${name} is too easy to guess: an estimated ${estimate.bits} bits, ${MIN_SECRET_BITS} needed ` +
    `(${estimate.characters} characters from an alphabet of ${estimate.alphabet}, ${estimate.predictable} of them ` +
    'repeating or continuing the ones before)';
}

/**
 * Production signs tokens and checks operator calls with keys the operator gave: a generated key kept in the
 * database would be readable by anyone with a backup, and a made-up one is guessed. Throws naming every missing,
 * short or guessable one, and how to make one.
 */
export function checkProductionSecrets(config: Pick<GatewayConfig, 'production' | 'jwtSecret' | 'operatorKey'>): void {
  if (!config.production) return;
  const problems = [secretProblem('JWT_SECRET', config.jwtSecret), secretProblem('OPERATOR_KEY', config.operatorKey)]
    .filter((problem) => problem !== null);
  if (problems.length === 0) return;
  throw new Error(`NODE_ENV=production refuses to start: ${problems.join('; ')}. ` +
    `Give each its own random value of at least ${MIN_SECRET_LENGTH} characters and ${MIN_SECRET_BITS} estimated bits, ` +
    'e.g. `openssl rand -hex 32` (docs/operations.md, "Demo or production").');
}

/** Production refuses to start where codes or letters could not reach people, naming the setting to give. */
export function checkProductionDelivery(config: Pick<GatewayConfig, 'production' | 'delivery' | 'smtpUrl'>): void {
  if (!config.production) return;
  const problems = deliveryProblems(config.delivery, config.smtpUrl);
  if (problems.length > 0) throw new Error(`NODE_ENV=production refuses to start: ${problems.join('; ')} (docs/operations.md, "Settings").`);
}

/** The first line a gateway prints: which mode it is in, so nobody mistakes a demo for the real thing. */
export function describeMode(config: Pick<GatewayConfig, 'production' | 'demo' | 'seedDemo' | 'orderSimulatorSeconds'>): string {
  if (config.production) return 'mode: production (no demo data, no simulator, no /api/dev routes; secrets from JWT_SECRET and OPERATOR_KEY)';
  if (config.demo) {
    const simulator = config.orderSimulatorSeconds > 0 ? `the order simulator every ${config.orderSimulatorSeconds} s` : 'the order simulator off';
    return `mode: demo (demo data, ${simulator}, the dev outbox; not for real customers: NODE_ENV=production is)`;
  }
  return 'mode: development without demo data (SEED_DEMO=0; secrets generated into the database)';
}
