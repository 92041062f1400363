import { array, boolean, nullable, object, optional, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { entityId, isoDateTime, requiredText } from './fields';
import { staffRole } from './staff';

/**
 * The manufacturer's systems (an ERP such as 1С:УПП, an MES) and their API keys: a system is a staff member
 * of kind 'system' with a role, calling the staff calls of that role with `Authorization: Bearer pcbkey_…`.
 */

export const API_KEY_PREFIX = 'pcbkey_';

export const apiSystem = object({
  /** The system's staff member id: the audit log names it as the actor. */
  id: entityId,
  name: string(),
  role: staffRole,
  /** The key's first characters, to tell keys apart; the key itself is shown once, at creation. */
  keyPrefix: string(),
  createdAt: isoDateTime,
  lastUsedAt: nullable(isoDateTime),
  revoked: boolean(),
});
export type ApiSystem = Infer<typeof apiSystem>;

/** A new system and its key, shown this once: only its hash is kept. */
export const apiKeysCreate = defineCall({
  method: 'POST', path: '/staff/api-keys/Create', access: 'staff', roles: ['admin'],
  body: object({ name: requiredText(120), role: staffRole }),
  response: object({ system: apiSystem, key: string() }),
});

export const apiKeysList = defineCall({
  method: 'POST', path: '/staff/api-keys/List', access: 'staff', roles: ['admin'],
  body: object({ includeRevoked: optional(boolean()) }),
  response: object({ systems: array(apiSystem) }),
});

/** Revokes the system's key for good: its next call is refused (401); a new key means a new system. */
export const apiKeysRevoke = defineCall({
  method: 'POST', path: '/staff/api-keys/Revoke', access: 'staff', roles: ['admin'],
  body: object({ id: entityId }),
  response: object({ system: apiSystem }),
});
