import { rmSync } from 'node:fs';
import { startGatewayProcess } from '../server/gateway-process';
import { e2eTemplateDataDir, gatewayEnv } from './support/servers';

/**
 * One gateway start migrates and seeds the demo database the browser workers' gateways start from copies of
 * (tests/e2e/support/test.ts): each worker pays for a copy, not for initdb, the migrations and the seed.
 */
export default async function globalSetup(): Promise<void> {
  rmSync(e2eTemplateDataDir, { recursive: true, force: true });
  const gateway = await startGatewayProcess(gatewayEnv(e2eTemplateDataDir, 0));
  const { code } = await gateway.stop('SIGTERM');
  if (code !== 0) throw new Error(`the template gateway stopped with ${code}:\n${gateway.output()}`);
}
