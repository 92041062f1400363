import { changeListeners } from './listeners';

/**
 * Which client modal is open, opened by id from anywhere: a notification, the clients page's access panel, the
 * pending invitations. `opening` counts openings, so the host starts a fresh modal each time, even for the same id.
 */
export type ClientModal = { kind: 'accessRequest'; id: number; opening: number } | { kind: 'invitation'; id: number; opening: number };

let current: ClientModal | null = null;
let openings = 0;
const changes = changeListeners();

function set(next: ClientModal | null): void {
  current = next;
  changes.notify();
}

export function openAccessRequestModal(id: number): void {
  openings += 1;
  set({ kind: 'accessRequest', id, opening: openings });
}

export function openInvitationModal(id: number): void {
  openings += 1;
  set({ kind: 'invitation', id, opening: openings });
}

export function closeClientModal(): void {
  if (current !== null) set(null);
}

export function currentClientModal(): ClientModal | null {
  return current;
}

export const subscribeClientModals = changes.subscribe;
