import { useSyncExternalStore } from 'react';
import { is } from 'superstruct';
import { staffMember, type StaffMember } from '../../contract/staff';
import { changeListeners } from '../listeners';

/**
 * The staff member signed in in this tab group: their token and who they are. Kept in sessionStorage
 * under keys of its own, never beside the customer's token, so neither side's calls can pick up the other's.
 */
export const STAFF_TOKEN_KEY = 'pcb.staffToken';
export const STAFF_MEMBER_KEY = 'pcb.staffMember';

export interface StaffSession {
  token: string;
  member: StaffMember;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function store(): Store | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage disabled by policy: the session lives as long as the page.
    return undefined;
  }
}

function readStored(): StaffSession | null {
  try {
    const token = store()?.getItem(STAFF_TOKEN_KEY) ?? null;
    const member: unknown = JSON.parse(store()?.getItem(STAFF_MEMBER_KEY) ?? 'null');
    return token && is(member, staffMember) ? { token, member } : null;
  } catch {
    return null;
  }
}

let current: StaffSession | null = readStored();
const changes = changeListeners();

function publish(next: StaffSession | null): void {
  current = next;
  try {
    if (next) {
      store()?.setItem(STAFF_TOKEN_KEY, next.token);
      store()?.setItem(STAFF_MEMBER_KEY, JSON.stringify(next.member));
    } else {
      store()?.removeItem(STAFF_TOKEN_KEY);
      store()?.removeItem(STAFF_MEMBER_KEY);
    }
  } catch {
    // Nothing kept: the session still lives in memory for this page.
  }
  changes.notify();
}

export const staffSession = (): StaffSession | null => current;
export const staffToken = (): string | null => current?.token ?? null;

export function startStaffSession(token: string, member: StaffMember): void {
  publish({ token, member });
}

export function endStaffSession(): void {
  publish(null);
}

/** Reads the storage again (tests, another tab of the group having signed in). */
export function reloadStaffSession(): void {
  publish(readStored());
}

const subscribe = changes.subscribe;

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, staffSession, staffSession);
}
