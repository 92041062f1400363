import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { GatewayConfig } from '../config';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { settings } from '../db/schema';
import { unauthorized } from '../http/errors';

const SETTING = 'operator_key';
export const OPERATOR_KEY_FILE = 'operator.key';
const SCHEME = /^Operator\s+(\S+)\s*$/;

/** The key in effect: OPERATOR_KEY (or the option) wins over the stored one; null before the first start. */
async function currentKey(db: Db, config: Pick<GatewayConfig, 'operatorKey'>): Promise<string | null> {
  if (config.operatorKey) return config.operatorKey;
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING));
  return row?.value ?? null;
}

/**
 * At start: makes sure a key exists and, when the database lives in a real data folder, leaves the stored key
 * there for `npm run ops` (owner-only). A configured key is not written: whoever configured it has it already.
 */
export async function prepareOperatorKey(db: Db, config: GatewayConfig): Promise<void> {
  if (config.operatorKey) return;
  // Generated once (32 random bytes) by the first gateway; every later one reads it.
  await db.insert(settings).values({ key: SETTING, value: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const key = await currentKey(db, config);
  if (!key) throw new Error('The operator key could not be stored');
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) return;
  const file = join(config.dataDir, OPERATOR_KEY_FILE);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  // The mode of writeFileSync applies only to a new file.
  chmodSync(file, 0o600);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Operator calls accept only `Authorization: Operator <key>`; a user's Bearer token counts as no key at all. */
export async function requireOperator(ctx: GatewayContext, header: string | undefined): Promise<null> {
  const presented = SCHEME.exec(header ?? '')?.[1];
  if (!presented) throw unauthorized('operatorKeyMissing');
  // Digests have one length, which timingSafeEqual needs, and hide the key's length.
  const key = await currentKey(ctx.db, ctx.config);
  if (!key || !timingSafeEqual(digest(presented), digest(key))) throw unauthorized('operatorKeyWrong');
  return null;
}
