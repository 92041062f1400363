/**
 * Which client modal is open, opened by id from anywhere (a notification today, the account pages later).
 * The access-request and invitation modals themselves belong to account management; a host view renders them.
 */
export type ClientModal = { kind: 'accessRequest'; id: number } | { kind: 'invitation'; id: number };

let current: ClientModal | null = null;
const listeners = new Set<() => void>();

function set(next: ClientModal | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function openAccessRequestModal(id: number): void {
  set({ kind: 'accessRequest', id });
}

export function openInvitationModal(id: number): void {
  set({ kind: 'invitation', id });
}

export function closeClientModal(): void {
  set(null);
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
