import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signatures as the Standard Webhooks specification (standardwebhooks.com) has them: a secret `whsec_` + base64 of
 * 24 random bytes, and `webhook-signature: v1,<base64 of HMAC-SHA256(secret bytes, "<id>.<timestamp>.<body>")>`.
 */
export const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers of one attempt: the event's id stays the same across retries, so a receiver drops a duplicate. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(secret, id, timestamp, body),
  };
}
