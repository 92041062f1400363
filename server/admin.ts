import { resolveConfig } from './config';
import { openDatabase } from './db/connect';
import { issueStrangerKey } from './auth/stranger-keys';

const USAGE = `Usage: npm run admin -- stranger-key <login> [--hours N]
  Prints a one-time key that lets staff sign in as <login> (e-mail or phone) with GetStrangerToken.
  The key expires after N hours (default 1). Uses DATA_DIR or DATABASE_URL like the gateway;
  with the embedded database (DATA_DIR) stop the gateway first: one data folder serves one process at a time,
  and the command says so if the gateway still runs.`;

function parseHours(args: string[]): number {
  const at = args.indexOf('--hours');
  if (at === -1) return 1;
  const hours = Number(args[at + 1]);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30) throw new Error('--hours must be a number from 0 to 720');
  return hours;
}

async function main(args: string[]): Promise<number> {
  const [command, login] = args;
  if (command !== 'stranger-key' || !login || login.startsWith('--')) {
    console.error(USAGE);
    return 2;
  }
  const hours = parseHours(args);
  const config = resolveConfig({ logger: false });
  const database = await openDatabase(config);
  try {
    const issued = await issueStrangerKey(database.db, login, hours, new Date());
    if (!issued) {
      console.error(`No user with login "${login}"`);
      return 1;
    }
    console.log(`Stranger key for ${login} (user ${issued.userId}), valid until ${issued.expiresAt.toISOString()}, one use:`);
    console.log(issued.key);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
