/**
 * Which client modal is open, opened by id from anywhere: a notification, the clients page's access panel, the
 * pending invitations. `opening` counts openings, so the host starts a fresh modal each time, even for the same id.
 */
export type ClientModal = { kind: 'accessRequest'; id: number; opening: number } | { kind: 'invitation'; id: number; opening: number };

let current: ClientModal | null = null;
let openings = 0;
const listeners = new Set<() => void>();

function set(next: ClientModal | null): void {
  current = next;
  for (const listener of listeners) listener();
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

export function subscribeClientModals(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
