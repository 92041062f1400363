import { createGateway, type Gateway } from './app';
import { checkListenHost, describeMode, resolveConfig } from './config';
import { SHUTDOWN_DEADLINE_MS } from './http/connection-timing';
import { printStartupLine } from './http/logging';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-data';

/**
 * SIGTERM or SIGINT: stop the timers, stop accepting connections (idle keep-alive ones are closed at once), answer
 * the requests in flight, finish or give back the board jobs, close the database, exit 0. Past the deadline, exit 1.
 * Each step is a JSON log line with its number (`step`). A second signal during the shutdown exits at once.
 */
function handleSignals(gateway: Gateway): void {
  const log = gateway.app.log.child({ shutdown: true });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.error({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    // Numbered: lines of the same millisecond still read in the order they happened wherever they are collected.
    let step = 0;
    const logStep = (fields: object, message: string) => log.info({ ...fields, step: (step += 1), ms: Date.now() - started }, message);
    logStep({ signal, inFlight: gateway.inFlight() }, 'shutdown: stopping, no new connections');
    const deadline = setTimeout(() => {
      log.error({ signal, inFlight: gateway.inFlight(), ms: Date.now() - started }, 'shutdown: deadline passed, exiting with 1');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    gateway.close((what) => logStep({}, `shutdown: ${what}`)).then(() => {
      logStep({}, 'shutdown: done, exiting');
      process.exit(0);
    }, (error: unknown) => {
      log.error({ err: error, ms: Date.now() - started }, 'shutdown: failed, exiting with 1');
      process.exit(1);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // A stray rejection (a timer's database call during an outage) is a bug to log, not a reason to drop every request.
  process.on('unhandledRejection', (reason) => gateway.app.log.error({ err: reason }, 'unhandled rejection'));
}

/** `npm run gateway`: the API (and the built app, when dist/ exists) on one port. */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  checkListenHost(resolveConfig(), host);
  const gateway = await createGateway();
  const url = await gateway.app.listen({ port, host });
  handleSignals(gateway);
  // Listening already: /api/health answers while /api/ready says 'warming' (server/health/warm-up.ts).
  const warmStarted = performance.now();
  await gateway.warmedUp;
  const lines = [
    describeMode(gateway.config),
    gateway.config.databaseUrl ? 'database: PostgreSQL (DATABASE_URL)'
      : `database: PGlite in ${gateway.config.dataDir} (embedded: serves this one process; several gateways need DATABASE_URL)`,
  ];
  if (gateway.config.seedDemo) {
    lines.push(...DEMO_USERS.map((user) =>
      `demo login: ${user.email} / ${user.phone} / ${DEMO_PASSWORD}${user.secondFactorTypes.length ? ' (second factor: code in the outbox)' : ''}`));
  }
  if (gateway.config.demo) lines.push(`outbox (codes and letters, from this machine only): ${url}/api/dev/outbox`);
  lines.push(`warmed up in ${Math.round(performance.now() - warmStarted)} ms: ready`);
  // Last, once warm: whoever waits for the gateway (a test, a script) takes this line for 'ready', and finds the others before it.
  lines.push(`PCB Portal gateway: ${url}`);
  for (const line of lines) printStartupLine(gateway.config.production, 'info', line);
}

main().catch((error: unknown) => {
  const production = process.env.NODE_ENV === 'production';
  printStartupLine(production, 'error', production && error instanceof Error ? error.message : String(error instanceof Error ? error.stack ?? error : error));
  process.exit(1);
});
