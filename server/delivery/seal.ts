import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A code waiting in the outbox is kept sealed in production (AES-256-GCM under a key derived from the signing
 * secret), so a database backup or a read-only role shows no usable code; only a gateway, which holds the secret,
 * opens it to send it.
 */
export interface Seal {
  close(plain: string): string;
  open(sealed: string): string;
}

const PREFIX = 'sealed:v1:';

export function createSeal(secret: string): Seal {
  const key = Buffer.from(hkdfSync('sha256', secret, 'pcb-portal', 'outbox seal', 32));
  return {
    close(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed outbox text');
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
