import { cpSync, rmSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { startGatewayProcess } from '../../server/gateway-process';
import { startMailCatcher } from './mail-catcher';
import { e2eTemplateDataDir, gatewayEnv, workerServers, type WorkerServers } from './servers';

/**
 * The browser tests' `test`: each worker starts its mail catcher, then its gateway on a copy of the database
 * globalSetup prepared (tests/e2e/global-setup.ts), and every page and request of the worker goes to that gateway.
 */
export const test = base.extend<object, { servers: WorkerServers }>({
  servers: [async ({}, provide, workerInfo) => {
    const servers = workerServers(workerInfo.parallelIndex);
    rmSync(servers.dataDir, { recursive: true, force: true });
    cpSync(e2eTemplateDataDir, servers.dataDir, { recursive: true });
    const mail = await startMailCatcher(servers.smtpPort, servers.mailPort);
    const gateway = await startGatewayProcess(gatewayEnv(servers.dataDir, servers.gatewayPort, servers.smtpPort));
    await provide(servers);
    await gateway.stop('SIGTERM');
    await mail.stop();
  }, { scope: 'worker', auto: true, timeout: 120_000 }],
  baseURL: async ({ servers }, provide) => provide(servers.baseURL),
  // The what's-new modal covers the frame on a first visit: every test starts as a user who has seen this release,
  // except the tests of the modal itself, which start from an empty storage.
  storageState: async ({ servers }, provide) => provide({
    cookies: [], origins: [{ origin: servers.baseURL, localStorage: [{ name: 'updates', value: '28-08-2025' }] }],
  }),
});
