import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { CLIENT_ROLE_IDS, CLIENT_TYPES, type Client, type ClientRole } from '../../src/contract/clients';
import { isOneOf } from '../../src/contract/fields';
import type { ListQuery } from '../../src/contract/list';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { clients, clientUsers } from '../db/schema';
import { ApiError } from '../http/errors';

type ClientRow = typeof clients.$inferSelect;
type Conditions = Pick<ListQuery, 'search' | 'filters'>;

const usersCount = sql<number>`(select count(*)::int from client_users as members where members.client_id = ${clients.id})`;
/** Pending access requests are shown only to those who decide them. */
const pendingRequestsCount = sql<number>`case when ${clientUsers.role} <= 2 then (
  select count(*)::int from access_requests as requests
  where requests.client_id = ${clients.id} and requests.accepted_at is null and requests.declined_at is null) else 0 end`;

/** LIKE treats '%', '_' and '\' specially; the user's search text means them literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const isClientType = isOneOf(CLIENT_TYPES);

/** Only clients the user belongs to; types are alternatives, `managed` and the search narrow further. */
function whereOf(userId: number, query: Conditions): SQL | undefined {
  const search = query.search?.trim() ?? '';
  const types = (query.filters ?? []).filter(isClientType);
  return and(
    eq(clientUsers.userId, userId),
    search === '' ? undefined
      : or(ilike(clients.name, likePattern(search)), ilike(clients.fullName, likePattern(search)), ilike(clients.inn, likePattern(search))),
    types.length > 0 ? inArray(clients.clientType, types) : undefined,
    query.filters?.includes('managed') ? lte(clientUsers.role, 2) : undefined,
  );
}

/** A stored role outside 1–5 is a bug, not something to show. */
export function asClientRole(role: number): ClientRole {
  const known = CLIENT_ROLE_IDS.find((id) => id === role);
  if (known === undefined) throw new Error(`unknown client role ${role}`);
  return known;
}

const membersJoin = eq(clientUsers.clientId, clients.id);

export function toClient(row: ClientRow, role: number, users: number, pendingRequests: number): Client {
  const pending = row.pendingUpdate;
  return {
    id: row.id,
    name: row.name,
    fullName: row.fullName,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    siteUrl: row.siteUrl,
    accessibleThroughAdmin: row.accessibleThroughAdmin,
    avatarUrl: row.avatarUrl,
    activityId: row.activityId,
    regionId: row.regionId,
    countryId: row.countryId,
    clientType: row.clientType,
    isLegal: row.isLegal,
    officeId: row.officeId,
    inn: row.inn,
    kpp: row.kpp,
    ogrn: row.ogrn,
    isVerified: row.isVerified,
    role: asClientRole(role),
    usersCount: users,
    pendingRequestsCount: pendingRequests,
    // Who asked stays on the server: the card shows only what is waiting for review.
    pendingUpdate: pending
      ? { fullName: pending.fullName, regionId: pending.regionId, officeId: pending.officeId, requestedAt: pending.requestedAt }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const selection = { client: clients, role: clientUsers.role, usersCount, pendingRequestsCount };

export async function countClients(db: Db, userId: number, query: Conditions): Promise<number> {
  const [row] = await db.select({ count: count() }).from(clients).innerJoin(clientUsers, membersJoin).where(whereOf(userId, query));
  return row?.count ?? 0;
}

const SORTS = {
  name: sql`lower(${clients.name})`,
  createdAt: clients.createdAt,
  role: clientUsers.role,
} as const;

/** One page; by name unless asked otherwise, the id breaking ties so pages never overlap. */
export async function listClients(db: Db, userId: number, query: ListQuery): Promise<Client[]> {
  const { page, itemsOnPage } = query.pagination;
  const direction = query.sort?.orderBy === 'desc' ? desc : asc;
  const code = query.sort?.code;
  const column = code === 'createdAt' || code === 'role' ? SORTS[code] : SORTS.name;
  const rows = await db.select(selection).from(clients).innerJoin(clientUsers, membersJoin)
    .where(whereOf(userId, query))
    .orderBy(direction(column), direction(clients.id))
    .limit(itemsOnPage)
    .offset((page - 1) * itemsOnPage);
  return rows.map((row) => toClient(row.client, row.role, row.usersCount, row.pendingRequestsCount));
}

/** The client as the user sees it; a client the user is not a member of answers 404 like a missing one. */
export async function clientForUser(db: Db, userId: number, clientId: number, field = 'id'): Promise<Client> {
  const id = asDbId(clientId);
  const [row] = id === null ? [] : await db.select(selection).from(clients).innerJoin(clientUsers, membersJoin)
    .where(and(eq(clients.id, id), eq(clientUsers.userId, userId)));
  if (!row) throw new ApiError(404, 'clientNotFound', {}, { field, code: 'not_found' });
  return toClient(row.client, row.role, row.usersCount, row.pendingRequestsCount);
}
