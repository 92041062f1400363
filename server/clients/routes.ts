import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/clients';
import { CLIENT_NOT_FOUND, requireClientAccess } from '../client-access/check';
import { checkNewClient, clientTypeOf, insertClient } from './client-create';
import { requestClientUpdate, updateClient } from './client-update';
import { clientForUser, countClients, listClients } from './client-view';
import { changeRole, leaveClient, listClientUsers, removeUser } from './members';
import { findMembership } from '../client-access/membership';
import {
  confirmRestoration, findByOldLkEmail, findByOrder, finishRestoration, startRestoration,
} from './restoration';
import type { GatewayContext } from '../context';
import { clients } from '../db/schema';
import { registerCall, signedIn } from '../http/register-call';

const OK = { ok: true as const };

/** Clients core, creation and restoration. Who may do what: the role matrix in docs/decisions.md. */
export function registerClientRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const { db } = ctx;

  registerCall(app, ctx, contract.clientsListCount, async (input) => ({ count: await countClients(db, signedIn(input).userId, input.body) }));

  registerCall(app, ctx, contract.clientsList, (input) => listClients(db, signedIn(input).userId, input.body));

  registerCall(app, ctx, contract.getClient, (input) => clientForUser(db, signedIn(input).userId, Number(input.query.id)));

  registerCall(app, ctx, contract.updateClient, (input) => updateClient(ctx, signedIn(input).userId, input.body));

  registerCall(app, ctx, contract.requestClientUpdate, (input) => requestClientUpdate(ctx, signedIn(input).userId, input.body));

  registerCall(app, ctx, contract.createClient, async (input) => {
    const { userId } = signedIn(input);
    const clientType = clientTypeOf(input.body);
    const clientId = await insertClient(db, userId, await checkNewClient(db, { ...input.body, clientType }, true), ctx.now());
    return clientForUser(db, userId, clientId);
  });

  registerCall(app, ctx, contract.findClientByInn, async (input) => {
    const { userId } = signedIn(input);
    const [row] = await db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.inn, input.query.inn.trim()));
    if (!row) return null;
    return { id: row.id, name: row.name, isMember: (await findMembership(db, userId, row.id)) !== null };
  });

  registerCall(app, ctx, contract.clientUsers, async (input) => {
    const { userId } = signedIn(input);
    const member = await requireClientAccess(db, { clientId: Number(input.query.clientId) }, userId, 'member', CLIENT_NOT_FOUND);
    return listClientUsers(db, member.clientId, userId);
  });

  registerCall(app, ctx, contract.changeRole, (input) => changeRole(ctx, signedIn(input).userId, input.body));

  registerCall(app, ctx, contract.removeUser, async (input) => {
    await removeUser(ctx, signedIn(input).userId, input.body);
    return OK;
  });

  registerCall(app, ctx, contract.leaveClient, async (input) => {
    await leaveClient(ctx, signedIn(input).userId, Number(input.query.clientId));
    return OK;
  });

  // Looking old clients up by e-mail is limited per user, so the old cabinet's addresses cannot be probed in bulk.
  const perUser = { rateLimitKey: ({ auth }: { auth: { userId: number } | null }) => `user:${auth?.userId ?? 0}` };

  registerCall(app, ctx, contract.restoreFromOldLk, async (input) => {
    const found = await findByOldLkEmail(db, input.body.oldLKEmail);
    return startRestoration(ctx, signedIn(input).userId, input.lang, found);
  }, perUser);

  registerCall(app, ctx, contract.restoreByOrderNumber, async (input) => {
    const found = await findByOrder(db, input.body.orderEmail, input.body.orderNumber);
    return startRestoration(ctx, signedIn(input).userId, input.lang, found);
  }, perUser);

  registerCall(app, ctx, contract.confirmRestorationEmail, (input) =>
    confirmRestoration(ctx, signedIn(input).userId, input.body.restorationId, input.body.code));

  registerCall(app, ctx, contract.finishRestoring, async (input) => {
    const { userId } = signedIn(input);
    const clientId = await finishRestoration(ctx, userId, input.body.restorationId, input.body.clientData);
    return clientForUser(db, userId, clientId);
  });
}
