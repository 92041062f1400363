import { createGateway } from './app';
import { checkListenHost, describeMode, resolveConfig } from './config';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-data';

/** `npm run gateway`: the API (and the built app, when dist/ exists) on one port. */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  checkListenHost(resolveConfig(), host);
  const gateway = await createGateway();
  const url = await gateway.app.listen({ port, host });
  const lines = [
    `PCB Portal gateway: ${url}`,
    describeMode(gateway.config),
    gateway.config.databaseUrl ? 'database: PostgreSQL (DATABASE_URL)'
      : `database: PGlite in ${gateway.config.dataDir} (embedded: serves this one process; several gateways need DATABASE_URL)`,
  ];
  if (gateway.config.seedDemo) {
    lines.push(...DEMO_USERS.map((user) =>
      `demo login: ${user.email} / ${user.phone} / ${DEMO_PASSWORD}${user.secondFactorTypes.length ? ' (second factor: code in the outbox)' : ''}`));
  }
  if (gateway.config.demo) lines.push(`outbox (codes and letters, from this machine only): ${url}/api/dev/outbox`);
  console.log(lines.join('\n'));
  const stop = async () => {
    await gateway.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
