import { fromPromise } from 'xstate';
import type { Client, CreateClientRequest, RestorationStarted } from '../contract/clients';
import { clientCreationMachine } from '../machines/client-creation/client-creation';
import { clientRestorationMachine, type RestorationStartInput } from '../machines/client-restoration/client-restoration';
import { ApiError } from './api';
import { clientsCalls, type ConfirmedEmail } from './clients';

// The creation and restoration flows live apart from the clients list: the dashboard shows the list, not the flows.

/**
 * The api client keeps only message, field and code of an error, so the 409 `client_exists` of Create is
 * completed with the client FindByInn names: the form offers to request access to it.
 */
async function withExistingClient(error: unknown, inn: string | null | undefined): Promise<unknown> {
  if (!(error instanceof ApiError) || error.code !== 'client_exists' || !inn) return error;
  const found = await clientsCalls().findByInn(inn).catch(() => null);
  return found ? Object.assign(error, { clientId: found.id, clientName: found.name }) : error;
}

export const clientCreationFlow = clientCreationMachine.provide({
  actors: {
    createClient: fromPromise<Client, CreateClientRequest>(async ({ input }) => {
      try {
        return await clientsCalls().create(input);
      } catch (error) {
        throw await withExistingClient(error, input.inn);
      }
    }),
  },
});

export const clientRestorationFlow = clientRestorationMachine.provide({
  actors: {
    startRestoration: fromPromise<RestorationStarted, RestorationStartInput>(({ input }) => clientsCalls().startRestoration(input)),
    confirmEmail: fromPromise<ConfirmedEmail, { restorationId: string; code: string }>(({ input }) => clientsCalls().confirmEmail(input)),
    finishRestoring: fromPromise<Client, ConfirmedEmail>(({ input }) => clientsCalls().finishRestoring(input)),
  },
});
