import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/client-access';
import {
  answerInvitation, cancelInvitation, getClientInvitations, getInvitation, getMyInvitations, invite,
} from './invitations';
import { loadCaller } from './people';
import {
  decideAccessRequest, getAccessRequest, getClientAccessRequests, getMyAccessRequests, requestAccess,
} from './requests';
import type { GatewayContext } from '../context';
import { registerCall, signedIn } from '../http/register-call';

/** Access requests and invitations (the product spec's entities and states); who may do what is the role matrix of docs/decisions.md. */
export function registerClientAccessRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const caller = (input: Parameters<typeof signedIn>[0]) => loadCaller(ctx.db, signedIn(input).userId);

  registerCall(app, ctx, contract.requestAccessFromAdmins, async (input) =>
    requestAccess(ctx, await caller(input), input.body.clientId, input.body.message));
  registerCall(app, ctx, contract.getAccessRequest, async (input) =>
    getAccessRequest(ctx.db, await caller(input), Number(input.query.id)));
  registerCall(app, ctx, contract.getAccessRequests, async (input) =>
    getClientAccessRequests(ctx.db, await caller(input), Number(input.query.clientId)));
  registerCall(app, ctx, contract.getMyAccessRequests, async (input) => getMyAccessRequests(ctx.db, await caller(input)));
  registerCall(app, ctx, contract.acceptAccessRequest, async (input) =>
    decideAccessRequest(ctx, await caller(input), Number(input.query.accessRequestId), true));
  registerCall(app, ctx, contract.declineAccessRequest, async (input) =>
    decideAccessRequest(ctx, await caller(input), Number(input.query.accessRequestId), false));

  registerCall(app, ctx, contract.invite, async (input) => invite(ctx, await caller(input), input.body, input.lang));
  registerCall(app, ctx, contract.getInvitation, async (input) =>
    getInvitation(ctx.db, await caller(input), Number(input.query.id)));
  registerCall(app, ctx, contract.getInvitations, async (input) =>
    getClientInvitations(ctx.db, await caller(input), Number(input.query.clientId)));
  registerCall(app, ctx, contract.getMyInvitations, async (input) => getMyInvitations(ctx.db, await caller(input)));
  registerCall(app, ctx, contract.acceptInvitation, async (input) =>
    answerInvitation(ctx, await caller(input), Number(input.query.invitationId), true));
  registerCall(app, ctx, contract.declineInvitation, async (input) =>
    answerInvitation(ctx, await caller(input), Number(input.query.invitationId), false));
  registerCall(app, ctx, contract.cancelInvitation, async (input) =>
    cancelInvitation(ctx, await caller(input), Number(input.query.invitationId)));
}
