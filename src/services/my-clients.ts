import { clientsList, type Client } from '../contract/clients';
import { MAX_PAGE_SIZE } from '../contract/list';
import { callApi } from './api';
import { swappableCalls } from './swappable-calls';

/** The caller's clients, for pickers; tests replace the call with `provideMyClientsCalls`. */
export interface MyClientsCalls {
  list(signal?: AbortSignal): Promise<Client[]>;
}

/** Every client of the caller by name; a person rarely has more than one page of 200, but nothing is cut off. */
async function listAll(signal?: AbortSignal): Promise<Client[]> {
  const clients: Client[] = [];
  for (let page = 1; ; page += 1) {
    const items = await callApi(clientsList, {
      body: { pagination: { page, itemsOnPage: MAX_PAGE_SIZE }, sort: { code: 'name', orderBy: 'asc' } },
      signal,
    });
    clients.push(...items);
    if (items.length < MAX_PAGE_SIZE) return clients;
  }
}

const realCalls: MyClientsCalls = { list: listAll };
const callsSlot = swappableCalls<MyClientsCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideMyClientsCalls = callsSlot.provide;
const myClientsCalls = callsSlot.current;

export function loadMyClients(signal?: AbortSignal): Promise<Client[]> {
  return myClientsCalls().list(signal);
}

/** Per user, so two people sharing a browser each come back to their own client. */
const storageKey = (userId: number) => `account-client-${userId}`;

export function readStoredClientId(userId: number | null): number | null {
  if (userId === null) return null;
  try {
    const value = Number(globalThis.localStorage?.getItem(storageKey(userId)));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function storeClientId(userId: number | null, clientId: number): void {
  if (userId === null) return;
  try {
    globalThis.localStorage?.setItem(storageKey(userId), String(clientId));
  } catch {
    // Private mode or a full storage: the URL still carries the choice.
  }
}

/** A `clientId` query value as an id, or null when it is missing or not one. */
export function clientIdOfQuery(search: string): number | null {
  const raw = new URLSearchParams(search).get('clientId');
  return raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/**
 * Which client the account tabs show: the one the link names, else the one chosen last time, else the first.
 * An id that is not among the user's clients (left it, or a stale link) is passed over.
 */
export function pickClient(clients: readonly Client[], fromQuery: number | null, stored: number | null): Client | null {
  const byId = (id: number | null) => (id === null ? undefined : clients.find((client) => client.id === id));
  return byId(fromQuery) ?? byId(stored) ?? clients[0] ?? null;
}
