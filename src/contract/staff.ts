import { array, boolean, enums, literal, nullable, object, optional, pattern, size, string, type Infer } from 'superstruct';
import { union } from './union';
import { defineCall, STAFF_ROLES } from './call';
import { email, entityId, isoDateTime, okResponse, requiredText, uuid } from './fields';

/** The manufacturer's staff: their sign-in with a second factor, sessions, accounts and audit log. */

export const staffRole = enums(STAFF_ROLES);
/** A staff password: longer than a customer's, since it opens every customer's orders. */
export const staffPassword = size(string(), 12, 128);
/** A code of an authenticator app: six digits. */
export const totpCode = pattern(size(string(), 6, 6), /^\d{6}$/);

export const staffMember = object({
  id: entityId,
  email: string(),
  name: string(),
  role: staffRole,
  /** Whether the member has set a password with the set-up link. */
  passwordSet: boolean(),
  secondFactorEnrolled: boolean(),
  disabled: boolean(),
  /** The admin who created the member; null: the command line. */
  createdBy: nullable(entityId),
  createdAt: isoDateTime,
});
export type StaffMember = Infer<typeof staffMember>;

/** What a new member (or one whose password was reset) needs to sign in: a one-time link to set the password. */
export const setupLink = object({ setupUrl: string(), setupExpiresAt: isoDateTime });

export const staffSignIn = defineCall({
  method: 'POST', path: '/staff/auth/SignIn', access: 'anonymous',
  body: object({ email, password: requiredText(128), deviceInfo: optional(size(string(), 0, 256)) }),
  /** 'enrol': the first sign-in, which shows the new second factor's secret once; 'code': a code of it is asked. */
  response: union([
    object({ step: literal('code'), challengeId: uuid }),
    object({ step: literal('enrol'), challengeId: uuid, secret: string(), otpauthUri: string() }),
  ]),
});

export const staffConfirmCode = defineCall({
  method: 'POST', path: '/staff/auth/ConfirmCode', access: 'anonymous',
  body: object({ challengeId: uuid, code: totpCode }),
  response: object({ token: string(), member: staffMember }),
});

export const staffSetUp = defineCall({
  method: 'POST', path: '/staff/auth/SetUp', access: 'anonymous',
  body: object({ setupToken: requiredText(128), password: staffPassword }),
  response: okResponse,
});

export const staffSignOut = defineCall({ method: 'POST', path: '/staff/auth/SignOut', access: 'staff', response: okResponse });

export const staffSession = object({
  id: uuid, staffId: entityId, ip: string(), deviceInfo: string(), createdAt: isoDateTime, lastSeenAt: isoDateTime,
  /** The session this request was made in. */
  current: boolean(),
});
export type StaffSession = Infer<typeof staffSession>;

/** Live sessions: one's own, or (an admin) another member's. */
export const staffSessionsList = defineCall({
  method: 'POST', path: '/staff/sessions/List', access: 'staff',
  body: object({ staffId: optional(entityId) }),
  response: object({ sessions: array(staffSession) }),
});

/** Ends a session: one's own, or (an admin) anyone's. */
export const staffSessionsEnd = defineCall({
  method: 'POST', path: '/staff/sessions/End', access: 'staff', body: object({ sessionId: uuid }), response: okResponse,
});

export const staffMembersList = defineCall({
  method: 'POST', path: '/staff/members/List', access: 'staff', roles: ['admin'],
  body: object({ includeDisabled: optional(boolean()) }),
  response: object({ members: array(staffMember) }),
});

export const staffCreateRequest = object({ email, name: requiredText(120), role: staffRole });
export const staffCreateResponse = object({ member: staffMember, ...setupLink.schema });

export const staffMembersCreate = defineCall({
  method: 'POST', path: '/staff/members/Create', access: 'staff', roles: ['admin'],
  body: staffCreateRequest, response: staffCreateResponse,
});

export const staffMembersUpdate = defineCall({
  method: 'POST', path: '/staff/members/Update', access: 'staff', roles: ['admin'],
  body: object({
    id: entityId,
    name: optional(requiredText(120)),
    role: optional(staffRole),
    /** The member enrols a new second factor at the next sign-in (a lost phone); their sessions end. */
    resetSecondFactor: optional(boolean()),
    /** The password is cleared and a new set-up link given (a forgotten password); their sessions end. */
    resetPassword: optional(boolean()),
  }),
  response: object({ member: staffMember, setupUrl: nullable(string()), setupExpiresAt: nullable(isoDateTime) }),
});

/** Disables a member for good: their sessions end at once and they can no longer sign in. */
export const staffMembersDisable = defineCall({
  method: 'POST', path: '/staff/members/Disable', access: 'staff', roles: ['admin'],
  body: object({ id: entityId }), response: object({ member: staffMember }),
});

export const STAFF_AUDIT_ACTIONS = [
  'member.create', 'member.update', 'member.disable', 'member.reset_password', 'member.reset_second_factor',
  'member.set_password', 'member.enrol_second_factor', 'session.open', 'session.end',
  'order.claim', 'order.unclaim', 'order.release', 'order.ask', 'order.correct', 'order.cancel', 'order.move', 'complaint.answer',
  'support.stranger_key',
  'apikey.create', 'apikey.revoke', 'webhook.create', 'webhook.delete',
] as const;
/** What an audit row is about: a member (person or system), a session, an order, a complaint, a customer, an API key, a webhook endpoint. */
export const AUDIT_TARGET_TYPES = ['member', 'session', 'order', 'complaint', 'user', 'apikey', 'webhook'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

export const auditEntry = object({
  id: entityId,
  /** 'cli': the command line with the operator key. */
  actor: union([object({ staffId: entityId, name: string() }), literal('cli')]),
  at: isoDateTime,
  action: enums(STAFF_AUDIT_ACTIONS),
  targetType: enums(AUDIT_TARGET_TYPES),
  targetId: string(),
  before: nullable(object()),
  after: nullable(object()),
  requestId: string(),
});
export type AuditEntry = Infer<typeof auditEntry>;

export const staffAuditList = defineCall({
  method: 'POST', path: '/staff/audit/List', access: 'staff', roles: ['admin'],
  body: object({
    actor: optional(union([entityId, literal('cli')])),
    action: optional(enums(STAFF_AUDIT_ACTIONS)),
    from: optional(isoDateTime),
    to: optional(isoDateTime),
    /** Entries before this id (the oldest of the previous page), newest first. */
    beforeId: optional(entityId),
  }),
  response: object({ entries: array(auditEntry), nextBeforeId: nullable(entityId) }),
});

/** GET /files/staff/audit.csv with an admin's staff token: the log as a table, with the list's filters. */
export const STAFF_AUDIT_EXPORT_PATH = '/files/staff/audit.csv';
export const staffAuditExportQuery = object({
  actor: optional(union([pattern(string(), /^\d{1,10}$/), literal('cli')])),
  action: optional(enums(STAFF_AUDIT_ACTIONS)),
  from: optional(isoDateTime),
  to: optional(isoDateTime),
});

/** The first admin (or any member) from the command line, through the running gateway: `npm run admin -- staff-create`. */
export const operatorStaffCreate = defineCall({
  method: 'POST', path: '/ops/staff/Create', access: 'operator', body: staffCreateRequest, response: staffCreateResponse,
});
