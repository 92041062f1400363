import { eq } from 'drizzle-orm';
import type { Infer } from 'superstruct';
import type { Client, requestClientUpdateRequest, updateClientRequest } from '../../src/contract/clients';
import { MANAGE_USERS, requireClientAccess } from '../client-access/check';
import type { GatewayContext } from '../context';
import { clients } from '../db/schema';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../http/messages';
import { assertNames, assertPersonNames, assertPlaces } from './client-input';
import { clientForUser } from './client-view';

type UpdateInput = Infer<typeof updateClientRequest>;
type RequestUpdateInput = Infer<typeof requestClientUpdateRequest>;

async function managedClient(ctx: GatewayContext, userId: number, clientId: number) {
  const membership = await requireClientAccess(ctx.db, { clientId }, userId, MANAGE_USERS, { key: 'clientNotFound', field: 'id' });
  const [row] = await ctx.db.select().from(clients).where(eq(clients.id, membership.clientId));
  if (!row) throw new ApiError(404, 'clientNotFound', {}, { field: 'id', code: 'not_found' });
  return row;
}

/** What a verified client keeps until the manufacturer accepts a RequestUpdate. */
const VERIFIED_FIELDS: Array<{ field: 'fullName' | 'regionId' | 'officeId'; key: MessageKey }> = [
  { field: 'fullName', key: 'verifiedFullName' },
  { field: 'regionId', key: 'verifiedRegion' },
  { field: 'officeId', key: 'verifiedOffice' },
];

/** Owner and admin edit the card; a verified client's full name, region and office answer 409 when changed. */
export async function updateClient(ctx: GatewayContext, userId: number, input: UpdateInput): Promise<Client> {
  const row = await managedClient(ctx, userId, input.id);
  assertNames(input);
  assertPersonNames(row.clientType, input);
  const fullName = input.fullName.trim();
  if (row.isVerified) {
    const wanted = { fullName, regionId: input.regionId, officeId: input.officeId };
    const changed = VERIFIED_FIELDS.find(({ field }) => wanted[field] !== row[field]);
    if (changed) throw new ApiError(409, changed.key, {}, { field: changed.field, code: 'verified_fields' });
  }
  await assertPlaces(ctx.db, input);
  await ctx.db.update(clients).set({
    name: input.name.trim(),
    fullName,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    middleName: input.middleName.trim(),
    siteUrl: input.siteUrl.trim(),
    accessibleThroughAdmin: input.accessibleThroughAdmin,
    avatarUrl: input.avatarUrl,
    activityId: input.activityId,
    regionId: input.regionId,
    countryId: input.countryId,
    officeId: input.officeId,
  }).where(eq(clients.id, row.id));
  return clientForUser(ctx.db, userId, row.id);
}

/**
 * A verified client's full name, region and office are changed by the manufacturer after review: the request is
 * kept as the client's pending update (a newer request replaces it). An unverified client is simply edited.
 */
export async function requestClientUpdate(ctx: GatewayContext, userId: number, input: RequestUpdateInput): Promise<Client> {
  const row = await managedClient(ctx, userId, input.id);
  if (!row.isVerified) throw new ApiError(409, 'clientNotVerified', {}, { field: 'id', code: 'not_verified' });
  const fullName = input.fullName.trim();
  if (fullName === '') throw new ApiError(400, 'fieldEmpty', { field: 'fullName' }, { field: 'fullName', code: 'empty' });
  await assertPlaces(ctx.db, { countryId: row.countryId, regionId: input.regionId, officeId: input.officeId });
  await ctx.db.update(clients).set({
    pendingUpdate: {
      fullName, regionId: input.regionId, officeId: input.officeId, requestedAt: ctx.now().toISOString(), requestedBy: userId,
    },
  }).where(eq(clients.id, row.id));
  return clientForUser(ctx.db, userId, row.id);
}
