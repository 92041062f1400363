import {
  array, boolean, enums, literal, nullable, number, object, optional, string, type Infer,
} from 'superstruct';
import { defineCall } from './call';
import { code, email, entityId, entityIdParam, okResponse, requiredText, text, uuid } from './fields';
import { listQueryOf, pagedListCalls } from './list';

/** The product spec's client roles. Who may do what is the role matrix in docs/decisions.md, enforced by the gateway. */
export const CLIENT_ROLES = { owner: 1, admin: 2, universal: 3, engineer: 4, buyer: 5 } as const;
export const CLIENT_ROLE_IDS = [1, 2, 3, 4, 5] as const;
export type ClientRole = (typeof CLIENT_ROLE_IDS)[number];
export const clientRole = enums(CLIENT_ROLE_IDS);
/** Owner and admin manage users, invitations and access requests. */
export const managesUsers = (role: number): boolean => role === CLIENT_ROLES.owner || role === CLIENT_ROLES.admin;
/** Roles 1, 2, 3 and 5 keep a client's payers, contacts and delivery settings; the engineer (4) only reads them. */
export const editsOrderingData = (role: number): boolean => role !== CLIENT_ROLES.engineer;

export const CLIENT_TYPES = ['corporate', 'entrepreneur', 'individual', 'selfemployed'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const clientType = enums(CLIENT_TYPES);
/** Corporate clients and entrepreneurs are legal entities with requisites; the others are private persons. */
export const isLegalType = (type: ClientType): boolean => type === 'corporate' || type === 'entrepreneur';

/** The client fields of the product spec's entities, plus its type and requisites (needed to invoice it). */
const clientFields = {
  name: requiredText(200),
  fullName: requiredText(500),
  firstName: text(100),
  lastName: text(100),
  middleName: text(100),
  siteUrl: text(300),
  accessibleThroughAdmin: boolean(),
  avatarUrl: nullable(text(500)),
  activityId: nullable(entityId),
  regionId: nullable(entityId),
  countryId: nullable(entityId),
};

/**
 * Create: the spec's fields, plus our type, office and requisites. Without `clientType` the type follows from the
 * spec's `isLegal` and the INN (legal: entrepreneur with a 12-digit INN, else corporate; not legal: self-employed
 * with an INN, else individual); a type sent along decides, and isLegal follows from it. INN is required for
 * corporate (10 digits) and entrepreneur (12), optional for selfemployed (12); KPP for corporate; OGRN (13) or
 * OGRNIP (15) for corporate and entrepreneur. Checksums are checked by src/contract/requisites.ts on both sides; a
 * wrong one answers 400 naming the field. Without an office none is chosen yet, as when the form leaves it empty.
 */
export const createClientRequest = object({
  ...clientFields,
  clientType: optional(clientType),
  isLegal: optional(boolean()),
  officeId: optional(nullable(entityId)),
  inn: optional(nullable(text(12))),
  kpp: optional(nullable(text(9))),
  ogrn: optional(nullable(text(15))),
});
export type CreateClientRequest = Infer<typeof createClientRequest>;

export const client = object({
  id: number(),
  ...clientFields,
  name: string(),
  fullName: string(),
  clientType,
  isLegal: boolean(),
  officeId: nullable(number()),
  inn: nullable(string()),
  kpp: nullable(string()),
  ogrn: nullable(string()),
  isVerified: boolean(),
  /** The caller's role in this client. */
  role: clientRole,
  usersCount: number(),
  /** Pending access requests; counted only for owners and admins (0 for others). */
  pendingRequestsCount: number(),
  pendingUpdate: nullable(object({ fullName: string(), regionId: nullable(number()), officeId: nullable(number()), requestedAt: string() })),
  createdAt: string(),
});
export type Client = Infer<typeof client>;

/** 409 of Create when the INN belongs to a live client: the app offers to request access to it. */
export const clientExistsError = object({
  error: string(),
  field: literal('inn'),
  code: literal('client_exists'),
  clientId: number(),
  clientName: string(),
});

export const CLIENT_SORT_CODES = ['name', 'createdAt', 'role'] as const;
/** Filters by type, plus `managed`: clients where the caller is owner or admin. */
export const CLIENT_FILTER_CODES = [...CLIENT_TYPES, 'managed'] as const;
export const clientListQuery = listQueryOf(CLIENT_SORT_CODES, CLIENT_FILTER_CODES);

export const { count: clientsListCount, list: clientsList } =
  pagedListCalls('/account/Clients', 'user', clientListQuery, client);

export const idQuery = object({ id: entityIdParam });
export const clientIdQuery = object({ clientId: entityIdParam });

export const getClient = defineCall({
  method: 'GET', path: '/account/Clients/Get', access: 'user', query: idQuery, response: client,
});

/**
 * Update: owner and admin. On a verified client fullName, regionId and officeId are not changed here (they go
 * through RequestUpdate); sending different values answers 409 `verified_fields` naming the field. `isLegal`, one of
 * the spec's client fields, may be sent but changes nothing: it follows from the type chosen at creation.
 */
export const updateClientRequest = object({ id: entityId, ...clientFields, officeId: nullable(entityId), isLegal: optional(boolean()) });
export const updateClient = defineCall({
  method: 'POST', path: '/account/Clients/Update', access: 'user', body: updateClientRequest, response: client,
});

export const requestClientUpdateRequest = object({
  id: entityId, fullName: requiredText(500), regionId: nullable(entityId), officeId: nullable(entityId),
});
export const requestClientUpdate = defineCall({
  method: 'POST', path: '/account/Clients/RequestUpdate', access: 'user', body: requestClientUpdateRequest, response: client,
});

export const createClient = defineCall({
  method: 'POST', path: '/account/Clients/Create', access: 'user', body: createClientRequest, response: client,
});

/** Is there a live client with this INN (for "request access" instead of creating a duplicate)? */
export const findClientByInnQuery = object({ inn: requiredText(12) });
export const foundClient = object({ id: number(), name: string(), isMember: boolean() });
export const findClientByInn = defineCall({
  method: 'GET', path: '/account/Clients/FindByInn', access: 'user', query: findClientByInnQuery, response: nullable(foundClient),
});

export const clientUser = object({
  userId: number(),
  firstName: string(),
  lastName: string(),
  patronymic: string(),
  email: nullable(string()),
  phone: nullable(string()),
  avatar: nullable(string()),
  isMale: nullable(boolean()),
  role: clientRole,
  isCurrent: boolean(),
  joinedAt: string(),
});
export type ClientUser = Infer<typeof clientUser>;

export const clientUsers = defineCall({
  method: 'GET', path: '/account/Clients/Users', access: 'user', query: clientIdQuery, response: array(clientUser),
});

/**
 * The product spec's call names only clientId and userId. Without `role` the call toggles admin: Админ ↔ Универсал. With `role`
 * 2..5 it sets that role; with role 1 it transfers ownership (owner only; the old owner becomes Админ).
 * The owner's role changes only by a transfer. The changed user receives ClientRoleChanging.
 */
export const changeRoleRequest = object({ clientId: entityId, userId: entityId, role: optional(clientRole) });
export const changeRole = defineCall({
  method: 'POST', path: '/account/Clients/ChangeRole', access: 'user', body: changeRoleRequest, response: array(clientUser),
});

export const removeUserRequest = object({ clientId: entityId, userId: entityId });
export const removeUser = defineCall({
  method: 'DELETE', path: '/account/Clients/RemoveUser', access: 'user', body: removeUserRequest, response: okResponse,
});

export const leaveClient = defineCall({
  method: 'GET', path: '/account/Clients/Leave', access: 'user', query: clientIdQuery, response: okResponse,
});

// Restoration: find the old client → e-mail code → finish. The process lives 1 h; codes as at sign-in.

export const restorationStarted = object({
  restorationId: uuid,
  /** Masked e-mail the code went to. */
  sentTo: string(),
  codeLength: number(),
  resendAfterSeconds: number(),
});
export type RestorationStarted = Infer<typeof restorationStarted>;

export const restoreFromOldLk = defineCall({
  method: 'POST', path: '/account/Clients/RestoreFromOldLK', access: 'user',
  body: object({ oldLKEmail: email }), response: restorationStarted,
});
export const restoreByOrderNumber = defineCall({
  method: 'POST', path: '/account/Clients/RestoreByOrderNumber', access: 'user',
  body: object({ orderEmail: email, orderNumber: requiredText(40) }), response: restorationStarted,
});

/** What the old cabinet knew: prefilled into the finish step, editable there. */
export const restorationClientData = object({
  name: requiredText(200),
  fullName: requiredText(500),
  clientType,
  inn: nullable(text(12)),
  kpp: nullable(text(9)),
  ogrn: nullable(text(15)),
  countryId: nullable(entityId),
  regionId: nullable(entityId),
});
export type RestorationClientData = Infer<typeof restorationClientData>;

export const confirmRestorationEmail = defineCall({
  method: 'POST', path: '/account/Clients/ConfirmEmail', access: 'user',
  body: object({ restorationId: uuid, code }), response: object({ restorationId: uuid, clientData: restorationClientData }),
});
export const finishRestoring = defineCall({
  method: 'POST', path: '/account/Clients/FinishRestoring', access: 'user',
  body: object({ restorationId: uuid, clientData: restorationClientData }), response: client,
});
