import { changeListeners } from './listeners';

/**
 * "The user's clients or their access changed": fired after an invitation or access request is accepted, declined
 * or canceled, so whatever lists clients, invitations or requests (the clients page, its access panel, the pending
 * invitations) loads again without knowing who changed it.
 */
const clientsChanged = changeListeners();

export const notifyClientsChanged = clientsChanged.notify;
/** Returns the unsubscribe. */
export const subscribeClientsChanged = clientsChanged.subscribe;
