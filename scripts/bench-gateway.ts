/**
 * The gateway of `npm run bench:gerber`'s load half, in a process of its own so its event loop carries only the
 * gateway's work: demo data on a fresh embedded database in BENCH_DATA_DIR, and a delay histogram of its event loop
 * (perf_hooks.monitorEventLoopDelay) that the bench resets and reads over IPC.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { createGateway } from '../server/app';
import { clients } from '../server/db/schema';

export type BenchGatewayMessage =
  | { type: 'ready'; url: string; clientId: number }
  | { type: 'delay'; p50: number; p99: number; max: number; samples: number };
export type BenchGatewayCommand = { type: 'reset' } | { type: 'read' } | { type: 'stop' };

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir || !process.send) throw new Error('run by scripts/bench-gerber-load.ts (BENCH_DATA_DIR, IPC)');
const send = (message: BenchGatewayMessage) => process.send?.(message);

const gateway = await createGateway({
  dataDir, logger: false, staticDir: null, production: false, orderSimulatorSeconds: 0,
  rateLimits: { perLogin: 1_000_000, perAddress: 1_000_000 },
});
const url = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
const [client] = await gateway.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Электронные системы'));
// 1 ms resolution: the delays of interest are a few milliseconds, the target is 20.
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
process.on('message', (command: BenchGatewayCommand) => {
  if (command.type === 'reset') delay.reset();
  else if (command.type === 'read') {
    send({ type: 'delay', p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), samples: delay.count });
  } else {
    delay.disable();
    void gateway.close().then(() => process.exit(0));
  }
});
send({ type: 'ready', url, clientId: client?.id ?? 0 });
