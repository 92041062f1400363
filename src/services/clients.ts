import {
  changeRole, CLIENT_FILTER_CODES, CLIENT_ROLES, CLIENT_SORT_CODES, clientsList, clientsListCount, clientUsers,
  confirmRestorationEmail, createClient, findClientByInn, finishRestoring, getClient, leaveClient, managesUsers,
  removeUser, requestClientUpdate, requestClientUpdateRequest, restoreByOrderNumber, restoreFromOldLk, updateClient,
  updateClientRequest, type Client, type ClientRole, type ClientUser, type CreateClientRequest,
  type RestorationClientData, type RestorationStarted,
} from '../contract/clients';
import type { Infer } from 'superstruct';
import type { DictItem, OfficeItem, RegionItem } from '../contract/dicts';
import type { RestorationStartInput } from '../machines/client-restoration/client-restoration';
import type { FetchPageInput, ListFilterQuery } from '../machines/list-paging/list-paging-types';
import { callApi, sendingBody } from './api';
import { dictionaries, loadRegions } from './dictionaries';
import { readListSort, type ListSort } from './list-sort-prefs';
import { listFlowFor, swappableCalls } from './swappable-calls';
import { narrowListQuery, listCallsOf } from './list-query';

export type UpdateClientRequest = Infer<typeof updateClientRequest>;
export type RequestUpdateRequest = Infer<typeof requestClientUpdateRequest>;
export type ConfirmedEmail = { restorationId: string; clientData: RestorationClientData };

/** Every call of the clients tab; tests replace them with `provideClientsCalls`. */
export interface ClientsCalls {
  count(query: ListFilterQuery, signal?: AbortSignal): Promise<number>;
  list(input: FetchPageInput, signal?: AbortSignal): Promise<Client[]>;
  get(id: number): Promise<Client>;
  update(body: UpdateClientRequest): Promise<Client>;
  requestUpdate(body: RequestUpdateRequest): Promise<Client>;
  create(body: CreateClientRequest): Promise<Client>;
  findByInn(inn: string): Promise<{ id: number; name: string; isMember: boolean } | null>;
  users(clientId: number): Promise<ClientUser[]>;
  changeRole(body: { clientId: number; userId: number; role: ClientRole }): Promise<ClientUser[]>;
  removeUser(body: { clientId: number; userId: number }): Promise<unknown>;
  leave(clientId: number): Promise<unknown>;
  startRestoration(input: RestorationStartInput): Promise<RestorationStarted>;
  confirmEmail(body: { restorationId: string; code: string }): Promise<ConfirmedEmail>;
  finishRestoring(body: ConfirmedEmail): Promise<Client>;
  countries(): Promise<DictItem[]>;
  regions(countryId: number): Promise<RegionItem[]>;
  activities(): Promise<DictItem[]>;
  offices(): Promise<OfficeItem[]>;
}

type SortCode = (typeof CLIENT_SORT_CODES)[number];

/** The generic list form narrowed to the codes this list knows. */
const clientQuery = narrowListQuery(CLIENT_SORT_CODES, CLIENT_FILTER_CODES);

const idParam = (id: number) => ({ id: String(id) });

const realCalls: ClientsCalls = {
  ...listCallsOf(clientQuery, sendingBody(clientsListCount), sendingBody(clientsList)),
  get: (id) => callApi(getClient, { query: idParam(id) }),
  update: (body) => callApi(updateClient, { body }),
  requestUpdate: (body) => callApi(requestClientUpdate, { body }),
  create: (body) => callApi(createClient, { body }),
  findByInn: (inn) => callApi(findClientByInn, { query: { inn } }),
  users: (clientId) => callApi(clientUsers, { query: { clientId: String(clientId) } }),
  changeRole: (body) => callApi(changeRole, { body }),
  removeUser: (body) => callApi(removeUser, { body }),
  leave: (clientId) => callApi(leaveClient, { query: { clientId: String(clientId) } }),
  startRestoration: (input) => (input.way === 'order'
    ? callApi(restoreByOrderNumber, { body: { orderEmail: input.email, orderNumber: input.orderNumber } })
    : callApi(restoreFromOldLk, { body: { oldLKEmail: input.email } })),
  confirmEmail: (body) => callApi(confirmRestorationEmail, { body }),
  finishRestoring: (body) => callApi(finishRestoring, { body }),
  countries: () => dictionaries.get('countries'),
  regions: (countryId) => loadRegions(countryId),
  activities: () => dictionaries.get('clientActivities'),
  offices: () => dictionaries.get('offices'),
};

const callsSlot = swappableCalls<ClientsCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideClientsCalls = callsSlot.provide;
export const clientsCalls = callsSlot.current;

/** The list's name in the log and in its sort cookies. */
const LIST = 'clients';
export const clientsListFlow = listFlowFor<Client>(LIST, callsSlot.current);

// Sorts (cookies sort-type-clients / sort-order-clients).

export type ClientSort = ListSort<SortCode>;
export const DEFAULT_CLIENT_SORT: ClientSort = { code: 'name', orderBy: 'asc' };
export const readClientSort = (): ClientSort => readListSort(LIST, CLIENT_SORT_CODES, DEFAULT_CLIENT_SORT);

// The role matrix of docs/decisions.md, as the views need it to offer only what the gateway allows.

/** Update and RequestUpdate: owner and admin. */
export const canEditClient = (myRole: ClientRole): boolean => managesUsers(myRole);

/**
 * The roles `target` may be given by someone with `myRole`: nobody changes the owner or themselves; an admin
 * moves members between 3–5; the owner also makes and demotes admins and may hand ownership over (role 1).
 */
export function roleChoices(myRole: ClientRole, target: Pick<ClientUser, 'role' | 'isCurrent'>): ClientRole[] {
  if (target.isCurrent || target.role === CLIENT_ROLES.owner) return [];
  if (myRole === CLIENT_ROLES.owner) return [1, 2, 3, 4, 5];
  if (myRole === CLIENT_ROLES.admin && target.role >= CLIENT_ROLES.universal) return [3, 4, 5];
  return [];
}

/** RemoveUser: members 3–5 by the owner or an admin, admins by the owner; oneself leaves instead. */
export function canRemoveUser(myRole: ClientRole, target: Pick<ClientUser, 'role' | 'isCurrent'>): boolean {
  if (target.isCurrent || target.role === CLIENT_ROLES.owner) return false;
  if (myRole === CLIENT_ROLES.owner) return true;
  return myRole === CLIENT_ROLES.admin && target.role >= CLIENT_ROLES.universal;
}

/** Leave: everyone but the owner, who transfers ownership first. */
export const canLeave = (myRole: ClientRole): boolean => myRole !== CLIENT_ROLES.owner;
