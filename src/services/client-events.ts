/**
 * "The user's clients or their access changed": fired after an invitation or access request is accepted, declined
 * or canceled, so whatever lists clients, invitations or requests (the clients page, its access panel, the pending
 * invitations) loads again without knowing who changed it.
 */

type Listener = () => void;

const listeners = new Set<Listener>();

export function notifyClientsChanged(): void {
  for (const listener of [...listeners]) listener();
}

/** Returns the unsubscribe. */
export function subscribeClientsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
