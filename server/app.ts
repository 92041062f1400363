import Fastify, { type FastifyInstance } from 'fastify';
import { createSessionCache, noSessionCache } from './auth/session-cache';
import { openGatewayStore } from './board-jobs/file-store';
import { enforceRateLimit, longestWindowSeconds } from './auth/rate-limit';
import { authenticate } from './auth/sessions';
import { createTokenService, loadSigningSecret } from './auth/tokens';
import { checkProductionDelivery, checkProductionSecrets, resolveConfig, type GatewayConfig, type GatewayOptions } from './config';
import type { GatewayContext } from './context';
import { openDatabase, type Db } from './db/connect';
import { scheduleSweep } from './db/sweep-timer';
import { sweepExpired } from './housekeeping';
import { createDelivery } from './delivery/delivery';
import { setupAdmission } from './http/admission';
import { KEEP_ALIVE_TIMEOUT_MS } from './http/connection-timing';
import { echoRequestId, genReqId, loggerOptions } from './http/logging';
import { setupSecurityHeaders } from './http/security-headers';
import { trustProxyOption } from './http/trust-proxy';
import { setupHttp, setupStaticAndFallback } from './http/setup';
import { registerAuthRoutes } from './auth/routes';
import { registerPasswordRoutes } from './auth/password-routes';
import { registerSessionRoutes } from './auth/session-routes';
import { registerBankRoutes } from './banks/routes';
import { startBoardJobs } from './board-jobs/compose';
import { uploadHolders } from './orders/upload-holders';
import { registerBoardFileRoutes } from './board-files/routes';
import { registerCartRoutes } from './cart/routes';
import { registerCheckoutRoutes } from './checkout/routes';
import { registerClientAccessRoutes } from './client-access/routes';
import { registerClientRoutes } from './clients/routes';
import { registerCounterRoutes } from './counters/routes';
import { registerCredentialRoutes } from './credentials/routes';
import { registerDevCoverageRoutes } from './dev/coverage-routes';
import { registerDevRoutes } from './dev/routes';
import { registerDfmRoutes } from './dfm/routes';
import { registerDictRoutes } from './dicts/routes';
import { registerGroupRoutes } from './groups/routes';
import { registerHealthRoutes } from './health/routes';
import { startIdleMemoryRelease } from './health/idle-memory';
import { startWarmUp, type WarmUp } from './health/warm-up';
import { gatewayWarmUpSteps } from './health/warm-up-steps';
import { createGatewayMetrics } from './metrics/registry';
import { registerMetricsRoutes } from './metrics/routes';
import { invoicePdfOf } from './orders/invoices/files';
import { registerInvoiceRoutes } from './orders/invoices/routes';
import { registerExportFileRoutes } from './orders/export-files';
import { registerNotificationRoutes } from './notifications/routes';
import { registerContactRoutes } from './ordering-data/contact-routes';
import { registerPayerRoutes } from './ordering-data/payer-routes';
import { registerDeliverySettingRoutes } from './ordering-data/delivery-setting-routes';
import { registerOperatorRoutes } from './orders/operator-routes';
import { registerOrderRoutes } from './orders/routes';
import { registerPricingRoutes } from './pricing/routes';
import { registerQuoteRoutes } from './quote/routes';
import { registerProjectSetRoutes } from './project-sets/routes';
import { registerProjectRoutes } from './projects/routes';
import { registerRegistrationRoutes } from './registration/routes';
import { registerProfileRoutes } from './users/profile-routes';
import { registerUserRoutes } from './users/routes';
import { refuseDemoData } from './seed/demo-presence';
import { seed } from './seed/seed';
import { registerStaffRoutes } from './staff/routes';
import { registerStaffOrderRoutes } from './staff/orders-routes';
import { registerApiKeyRoutes } from './staff/api-key-routes';
import { authenticateStaff } from './staff/sessions';
import { registerApiDocsRoutes } from './api-docs/routes';
import { createSeal } from './delivery/seal';
import { registerWebhookRoutes } from './webhooks/routes';
import { startWebhookWorkers } from './webhooks/workers';
import { prepareOperatorKey, requireOperator } from './auth/operator-key';
import { startOrderSimulator } from './orders/simulator';
import { letterPostOf } from './letters/queue';
import { registerLetterRoutes } from './letters/routes';

export type { GatewayOptions } from './config';

export interface Gateway {
  app: FastifyInstance;
  db: Db;
  config: GatewayConfig;
  /** What the routes are given: tests use it to drive a service step by step. */
  context: GatewayContext;
  /** Resolves when the start-up warm-up has run: /api/ready answers 503 until then (server/health/warm-up.ts). */
  warmedUp: Promise<void>;
  /** Requests begun and not yet answered (the shutdown log says how many it waits for). */
  inFlight(): number;
  /** Stops the timers, stops listening, answers what is in flight, stops the board jobs, closes the database. */
  close(step?: (what: string) => void): Promise<void>;
}

/** Names the setting to fix; a URL's password never reaches the message. */
function unreachableDatabase(config: GatewayConfig, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  if (!config.databaseUrl) return new Error(`The embedded database in DATA_DIR=${config.dataDir} cannot be opened: ${reason}`, { cause: error });
  let where = 'DATABASE_URL';
  try {
    const url = new URL(config.databaseUrl);
    where = `DATABASE_URL (${url.hostname}:${url.port || '5432'}${url.pathname})`;
  } catch {
    // An unparsable URL: its text may hold the password, so it is not repeated.
  }
  return new Error(`The database at ${where} cannot be reached or migrated: ${reason}`, { cause: error });
}

const toMb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Opens (and migrates, and seeds) the database, then builds the Fastify app with every contract call. */
export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const config = resolveConfig(options);
  checkProductionSecrets(config);
  checkProductionDelivery(config);
  const database = await openDatabase({ ...config, migrate: config.migrateAtStart, memoryStart: options.memoryStart }).catch((error: unknown) => {
    throw unreachableDatabase(config, error);
  });
  const files = await openGatewayStore(config.fileStore).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  try {
    const app = Fastify({
      logger: config.logger ? loggerOptions(process.env.LOG_LEVEL ?? 'info') : false,
      genReqId,
      // On close: new requests on open connections get 503, idle keep-alive connections are closed at once (not after
      // the 72 s keep-alive timeout), and busy ones once their answer is sent.
      return503OnClosing: true,
      forceCloseConnections: 'idle',
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      bodyLimit: config.bodyLimitBytes,
      trustProxy: trustProxyOption(config.trustProxy),
    });
    if (config.production) await refuseDemoData(database.db);
    await database.exclusive((db) => seed(db, { demo: config.seedDemo, now: config.now() }));
    const secret = await loadSigningSecret(database.db, config.jwtSecret);
    await prepareOperatorKey(database.db, config);
    const ctx: GatewayContext = {
      config,
      db: database.db,
      notifications: database.notifications,
      files: files.store,
      now: config.now,
      tokens: createTokenService(secret, config.accessTokenTtlSeconds, config.now),
      // PGlite's data folder has one owner, this process; PostgreSQL may be shared by several gateways.
      sessionCache: config.databaseUrl ? noSessionCache : createSessionCache(),
      delivery: createDelivery({
        config, db: database.db, log: app.log, now: config.now, secret, invoicePdf: (invoiceId) => invoicePdfOf(database.db, invoiceId),
      }),
      staffSecrets: createSeal(secret, 'staff second factor'),
      log: app.log,
      guards: { authenticate, authenticateStaff, requireOperator, enforceRateLimit },
    };
    // A set, not a counter: an aborted request may or may not see onResponse as well.
    const inFlight = new Set<string>();
    app.addHook('onRequest', async (request) => { inFlight.add(request.id); });
    app.addHook('onResponse', async (request) => { inFlight.delete(request.id); });
    app.addHook('onRequestAbort', async (request) => { inFlight.delete(request.id); });
    // Closing closes the connections idle at that moment only: one busy then would stay open as keep-alive (72 s)
    // after its answer and hold the close up. Answers sent while closing end their connection.
    let closing = false;
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
    setupHttp(app);
    // Before the other hooks: a call shed for load costs no further work.
    const admission = setupAdmission(app, config.admission);
    let warmUp: WarmUp | null = null;
    const idleMemory =
      config.memoryReleaseIdleSeconds > 0
        ? startIdleMemoryRelease({
            idleMs: config.memoryReleaseIdleSeconds * 1000,
            onRelease: ({ beforeBytes, afterBytes, ms }) =>
              app.log.info({ rssMb: toMb(beforeBytes), nowMb: toMb(afterBytes), ms: Math.round(ms) }, 'quiet: freed memory given back'),
          })
        : null;
    if (idleMemory) {
      app.addHook('onResponse', async () => { idleMemory.touch(); });
      app.addHook('onClose', async () => { idleMemory.stop(); });
    }
    const gatewayMetrics = createGatewayMetrics(app, {
      db: database.db, now: config.now, admission, warm: () => warmUp?.check() === 'ok', idleMemory: () => idleMemory?.figures() ?? null,
    });
    echoRequestId(app);
    setupSecurityHeaders(app, { videoUrl: config.wizardVideoUrl, publicUrl: config.publicUrl });
    registerAuthRoutes(app, ctx);
    registerPasswordRoutes(app, ctx);
    registerRegistrationRoutes(app, ctx);
    registerUserRoutes(app, ctx);
    registerSessionRoutes(app, ctx);
    registerDictRoutes(app, ctx);
    registerCounterRoutes(app, ctx);
    registerNotificationRoutes(app, ctx);
    registerClientRoutes(app, ctx);
    registerClientAccessRoutes(app, ctx);
    registerPayerRoutes(app, ctx);
    registerBankRoutes(app, ctx);
    registerContactRoutes(app, ctx);
    registerDeliverySettingRoutes(app, ctx);
    registerCredentialRoutes(app, ctx);
    registerProfileRoutes(app, ctx);
    registerLetterRoutes(app, ctx);
    // Sends in flight end before the database closes; what is still queued waits in the outbox for the next start.
    app.addHook('onClose', async () => { await ctx.delivery.close(); });
    const boardJobs = await startBoardJobs(ctx, uploadHolders);
    app.addHook('onClose', async () => { await boardJobs.close(); });
    await registerBoardFileRoutes(app, ctx, boardJobs);
    await registerQuoteRoutes(app, ctx, boardJobs);
    registerHealthRoutes(app, ctx, {
      database, jobs: () => boardJobs.processing.state(), delivery: () => ctx.delivery.workers(), warmUp: () => warmUp?.check() ?? 'warming',
    });
    registerMetricsRoutes(app, ctx, gatewayMetrics);
    registerProjectRoutes(app, ctx);
    registerPricingRoutes(app, ctx, boardJobs.workers);
    registerDfmRoutes(app, ctx);
    registerCartRoutes(app, ctx);
    registerCheckoutRoutes(app, ctx);
    registerOrderRoutes(app, ctx);
    registerOperatorRoutes(app, ctx);
    registerStaffRoutes(app, ctx);
    registerStaffOrderRoutes(app, ctx);
    registerApiKeyRoutes(app, ctx);
    // Endpoints' secrets are sealed under the signing secret, as waiting codes are (server/delivery/seal.ts).
    const webhookSeal = createSeal(secret, 'webhook secrets');
    registerWebhookRoutes(app, ctx, webhookSeal);
    const webhooks = startWebhookWorkers({ db: database.db, settings: config.webhooks, seal: webhookSeal, log: app.log, now: config.now });
    app.addHook('onClose', async () => { await webhooks.close(); });
    registerApiDocsRoutes(app, ctx);
    registerInvoiceRoutes(app, ctx);
    registerExportFileRoutes(app, ctx);
    registerProjectSetRoutes(app, ctx);
    registerGroupRoutes(app, ctx);
    registerDevRoutes(app, ctx);
    registerDevCoverageRoutes(app, ctx);
    await setupStaticAndFallback(app, config.staticDir);
    await app.ready();
    const gate = options.warmUpGate;
    warmUp = startWarmUp([...(gate ? [{ name: 'the test\'s gate', run: () => gate }] : []), ...gatewayWarmUpSteps(app, ctx)], app.log);
    const stopSweep = scheduleSweep(
      () => sweepExpired(database.db, config.now(), {
        rateWindowSeconds: longestWindowSeconds(config.rateLimits.windowSeconds), outboxKeepDays: config.delivery.keepDays,
      }),
      (error) => app.log.error({ err: error }, 'housekeeping failed'),
    );
    // Demo mode only: the manufacturer's side, moving orders on by itself.
    const stopSimulator = config.demo && config.orderSimulatorSeconds > 0 ? startOrderSimulator({
      db: database.db, seconds: config.orderSimulatorSeconds, now: config.now, letters: letterPostOf(ctx),
      onError: (error, orderId) => app.log.error({ err: error, orderId }, 'order simulator step failed'),
    }) : async () => undefined;
    return {
      app,
      db: database.db,
      config,
      context: ctx,
      warmedUp: warmUp.done,
      inFlight: () => inFlight.size,
      close: async (step = () => undefined) => {
        closing = true;
        stopSweep();
        await stopSimulator();
        step('housekeeping and order simulator stopped');
        await app.close();
        step('stopped listening, requests in flight answered, board jobs finished or given back');
        await database.close();
        step('database closed');
        await files.close();
      },
    };
  } catch (error) {
    await database.close();
    await files.close();
    throw error;
  }
}
