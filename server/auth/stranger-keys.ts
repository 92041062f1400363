import type { Db } from '../db/connect';
import { strangerKeys } from './schema';
import { randomSecret, sha256 } from './crypto';
import { findUserByLogin, parseLogin } from './login-id';

export interface IssuedKey {
  key: string;
  userId: number;
  expiresAt: Date;
}

/** A one-time key for GetStrangerToken; only its hash is stored. Null when the login is unknown. */
export async function issueStrangerKey(db: Db, login: string, hours: number, now: Date): Promise<IssuedKey | null> {
  const user = await findUserByLogin(db, parseLogin(login));
  if (!user) return null;
  const key = randomSecret(24);
  const expiresAt = new Date(now.getTime() + hours * 3600 * 1000);
  await db.insert(strangerKeys).values({ userId: user.id, keyHash: sha256(key), expiresAt, createdAt: now });
  return { key, userId: user.id, expiresAt };
}
