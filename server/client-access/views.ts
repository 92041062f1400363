import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccessRequest, Invitation } from '../../src/contract/client-access';
import { CLIENT_ROLE_IDS, managesUsers, type ClientRole } from '../../src/contract/clients';
import type { Db } from '../db/connect';
import { clients, clientUsers, users } from '../db/schema';
import { accessRequests, invitations } from './schema';
import { personColumns, personName, type Caller } from './people';

const requester = alias(users, 'requester');
const solver = alias(users, 'solver');
const creator = alias(users, 'creator');
const canceler = alias(users, 'canceler');

/** The clients among `clientIds` where the user is owner or admin: what canDecide and canCancel depend on. */
export async function managedClientIds(db: Db, userId: number, clientIds: readonly number[]): Promise<Set<number>> {
  if (clientIds.length === 0) return new Set();
  const rows = await db.select({ clientId: clientUsers.clientId, role: clientUsers.role }).from(clientUsers)
    .where(and(eq(clientUsers.userId, userId), inArray(clientUsers.clientId, [...new Set(clientIds)])));
  return new Set(rows.filter((row) => managesUsers(row.role)).map((row) => row.clientId));
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function asClientRole(role: number): ClientRole {
  const found = CLIENT_ROLE_IDS.find((id) => id === role);
  if (found === undefined) throw new Error(`invitation holds an unknown role ${role}`);
  return found;
}

export type InvitationRow = typeof invitations.$inferSelect;

/** Newest first; the id breaks ties of requests made within the same instant. */
export async function selectAccessRequests(db: Db, where: SQL | undefined) {
  return db.select({
    request: accessRequests,
    clientName: clients.name,
    requester: { ...personColumns(requester), phone: requester.phone },
    solver: personColumns(solver),
  }).from(accessRequests)
    .innerJoin(clients, eq(clients.id, accessRequests.clientId))
    .innerJoin(requester, eq(requester.id, accessRequests.requesterUserId))
    .leftJoin(solver, eq(solver.id, accessRequests.solverUserId))
    .where(where)
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id));
}

type AccessRequestSelection = Awaited<ReturnType<typeof selectAccessRequests>>[number];

export function toAccessRequest(row: AccessRequestSelection, managed: ReadonlySet<number>): AccessRequest {
  const { request } = row;
  const status = request.acceptedAt ? 'accepted' : request.declinedAt ? 'declined' : 'pending';
  return {
    id: request.id,
    clientId: request.clientId,
    clientName: row.clientName,
    createdAt: request.createdAt.toISOString(),
    requesterName: personName(row.requester),
    requesterEmail: row.requester.email,
    requesterPhone: row.requester.phone,
    message: request.message,
    acceptedAt: iso(request.acceptedAt),
    declinedAt: iso(request.declinedAt),
    solverName: row.solver ? personName(row.solver) : null,
    status,
    canDecide: status === 'pending' && managed.has(request.clientId),
  };
}

/** Requests as `caller` sees them. */
export async function accessRequestViews(db: Db, caller: Caller, where: SQL | undefined): Promise<AccessRequest[]> {
  const rows = await selectAccessRequests(db, where);
  const managed = await managedClientIds(db, caller.userId, rows.map((row) => row.request.clientId));
  return rows.map((row) => toAccessRequest(row, managed));
}

export async function selectInvitations(db: Db, where: SQL | undefined) {
  return db.select({
    invitation: invitations,
    clientName: clients.name,
    creator: personColumns(creator),
    canceler: personColumns(canceler),
  }).from(invitations)
    .innerJoin(clients, eq(clients.id, invitations.clientId))
    .innerJoin(creator, eq(creator.id, invitations.creatorUserId))
    .leftJoin(canceler, eq(canceler.id, invitations.cancelerUserId))
    .where(where)
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

type InvitationSelection = Awaited<ReturnType<typeof selectInvitations>>[number];

export function toInvitation(row: InvitationSelection, caller: Caller, managed: ReadonlySet<number>): Invitation {
  const { invitation } = row;
  const status = invitation.acceptedAt ? 'accepted' : invitation.declinedAt ? 'declined' : invitation.canceledAt ? 'canceled' : 'pending';
  const pending = status === 'pending';
  return {
    id: invitation.id,
    clientId: invitation.clientId,
    clientName: row.clientName,
    createdAt: invitation.createdAt.toISOString(),
    creatorName: personName(row.creator),
    email: invitation.email,
    role: asClientRole(invitation.role),
    acceptedAt: iso(invitation.acceptedAt),
    declinedAt: iso(invitation.declinedAt),
    canceledAt: iso(invitation.canceledAt),
    cancelerName: row.canceler ? personName(row.canceler) : null,
    status,
    canAnswer: pending && caller.email === invitation.email,
    canCancel: pending && invitation.creatorUserId === caller.userId && managed.has(invitation.clientId),
  };
}

export async function invitationViews(db: Db, caller: Caller, where: SQL | undefined): Promise<Invitation[]> {
  const rows = await selectInvitations(db, where);
  const managed = await managedClientIds(db, caller.userId, rows.map((row) => row.invitation.clientId));
  return rows.map((row) => toInvitation(row, caller, managed));
}

/** The one view a read by id finds; finding none is the 404 of a missing id. */
export async function onlyView<View>(views: Promise<View[]>, notFound: () => Error): Promise<View> {
  const [view] = await views;
  if (!view) throw notFound();
  return view;
}
