/**
 * Each browser worker has a gateway, a database and a mail catcher of its own (tests/e2e/support/test.ts), so specs
 * in two workers never see each other's users, orders or letters. Worker N's ports are E2E_PORT + 10·N and up.
 */
export const e2eAccessTokenTtlSeconds = 6;
/** Where globalSetup leaves the migrated, demo-seeded database every worker's gateway starts from a copy of. */
export const e2eTemplateDataDir = '.tmp/e2e-template';
const basePort = Number(process.env.E2E_PORT ?? 8181);

export interface WorkerServers {
  gatewayPort: number;
  smtpPort: number;
  mailPort: number;
  dataDir: string;
  baseURL: string;
}

export function workerServers(parallelIndex: number): WorkerServers {
  const gatewayPort = basePort + 10 * parallelIndex;
  return {
    gatewayPort,
    smtpPort: gatewayPort + 2,
    mailPort: gatewayPort + 3,
    dataDir: `.tmp/e2e-data-${parallelIndex}`,
    baseURL: `http://127.0.0.1:${gatewayPort}`,
  };
}

/** The browser tests' gateway: the built app, short-lived tokens, rate limits no run from one address reaches. */
export function gatewayEnv(dataDir: string, port: number, smtpPort?: number): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: 'dist',
    LOG_LEVEL: 'warn',
    ACCESS_TOKEN_TTL_SECONDS: String(e2eAccessTokenTtlSeconds),
    RATE_LIMIT_PER_ADDRESS: '100000',
    RATE_LIMIT_PER_LOGIN: '1000',
    NODE_ENV: 'test',
    ...(smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } : {}),
  };
}
