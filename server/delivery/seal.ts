import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret kept in the database sealed (AES-256-GCM under a key derived from the signing secret, one key per
 * purpose): a code waiting in production's outbox, a staff member's second factor. A database backup or a read-only
 * role shows nothing usable; only a gateway, which holds the signing secret, opens it.
 */
export interface Seal {
  close(plain: string): string;
  open(sealed: string): string;
}

const PREFIX = 'sealed:v1:';

/** What a seal is for: each purpose has its own key, so one sealed text never opens as another's. */
export type SealPurpose = 'outbox seal' | 'staff second factor' | 'webhook secrets';

export function createSeal(secret: string, purpose: SealPurpose = 'outbox seal'): Seal {
  const key = Buffer.from(hkdfSync('sha256', secret, 'pcb-portal', purpose, 32));
  return {
    close(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed text');
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
