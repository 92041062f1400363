import { eq } from 'drizzle-orm';
import { CLIENT_ROLES, isLegalType, type ClientType } from '../../src/contract/clients';
import type { Db } from '../db/connect';
import { clients, clientUsers } from '../db/schema';
import { ApiError, uniqueViolation } from '../http/errors';
import { assertNames, assertPersonNames, assertPlaces, assertRequisites, requisitesOf, type Requisites } from './client-input';

/** What a new client is made of, by Create or by finishing a restoration. */
export interface NewClient {
  clientType: ClientType;
  name: string;
  fullName: string;
  firstName?: string;
  lastName?: string;
  middleName?: string;
  siteUrl?: string;
  accessibleThroughAdmin?: boolean;
  avatarUrl?: string | null;
  activityId?: number | null;
  regionId?: number | null;
  countryId?: number | null;
  officeId?: number | null;
  inn?: string | null;
  kpp?: string | null;
  ogrn?: string | null;
}

/**
 * The type of a client the spec's Create describes only by `isLegal` (and the INN, when our field is sent):
 * a legal client with a 12-digit INN is an entrepreneur, any other a corporate one (which then needs its INN);
 * a private one with an INN is self-employed, without one an individual. A type sent along decides, and isLegal
 * follows from it, as it always has.
 */
export function clientTypeOf(input: { clientType?: ClientType | undefined; isLegal?: boolean | undefined; inn?: string | null | undefined }): ClientType {
  if (input.clientType !== undefined) return input.clientType;
  const inn = (input.inn ?? '').trim();
  if (input.isLegal === true) return inn.length === 12 ? 'entrepreneur' : 'corporate';
  return inn === '' ? 'individual' : 'selfemployed';
}

/** 409 of Create: the app offers to request access to the client that has this INN. */
export const clientExists = (found: { id: number; name: string }) => new ApiError(409, 'clientExists', { name: found.name }, {
  field: 'inn', code: 'client_exists', data: { clientId: found.id, clientName: found.name },
});

async function clientWithInn(db: Db, inn: string | null): Promise<{ id: number; name: string } | null> {
  if (inn === null) return null;
  const [row] = await db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.inn, inn));
  return row ?? null;
}

export interface CheckedClient {
  values: typeof clients.$inferInsert;
  requisites: Requisites;
}

/**
 * Everything Create refuses before touching the database: names, requisites by type, reference ids.
 * `personNames`: a restored client has no person's name to give, so only Create asks for it.
 */
export async function checkNewClient(db: Db, input: NewClient, personNames: boolean): Promise<CheckedClient> {
  const type = input.clientType;
  assertNames(input);
  if (personNames) assertPersonNames(type, input);
  const requisites = requisitesOf(type, input);
  assertRequisites(type, requisites);
  await assertPlaces(db, input);
  const values: typeof clients.$inferInsert = {
    name: input.name.trim(),
    fullName: input.fullName.trim(),
    clientType: type,
    isLegal: isLegalType(type),
    firstName: (input.firstName ?? '').trim(),
    lastName: (input.lastName ?? '').trim(),
    middleName: (input.middleName ?? '').trim(),
    siteUrl: (input.siteUrl ?? '').trim(),
    accessibleThroughAdmin: input.accessibleThroughAdmin ?? false,
    avatarUrl: input.avatarUrl ?? null,
    activityId: input.activityId ?? null,
    regionId: input.regionId ?? null,
    countryId: input.countryId ?? null,
    officeId: input.officeId ?? null,
    ...requisites,
  };
  return { values, requisites };
}

/**
 * Inserts the client with the user as its owner inside `run`'s transaction (which may do more, e.g. mark a
 * restored legacy client). A taken INN answers 409 `client_exists`, also when another request took it a moment
 * earlier (the unique index decides); nothing is stored then.
 */
export async function insertClient(
  db: Db, userId: number, checked: CheckedClient, now: Date, more: (tx: Db, clientId: number) => Promise<void> = async () => {},
): Promise<number> {
  const taken = await clientWithInn(db, checked.requisites.inn);
  if (taken) throw clientExists(taken);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(clients).values({ ...checked.values, createdAt: now }).returning({ id: clients.id });
      if (!row) throw new Error('client not stored');
      await tx.insert(clientUsers).values({ clientId: row.id, userId, role: CLIENT_ROLES.owner, createdAt: now });
      await more(tx, row.id);
      return row.id;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'clients_inn_unique') {
      const winner = await clientWithInn(db, checked.requisites.inn);
      if (winner) throw clientExists(winner);
    }
    throw error;
  }
}
