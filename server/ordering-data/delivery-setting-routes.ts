import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/delivery-settings';
import { clientRowReader } from '../client-access/check';
import type { GatewayContext } from '../context';
import { deliverySettings } from './schema';
import { registerCall, signedIn } from '../http/register-call';
import { ORDERING_DATA_NEEDS, requireOrderingData, type Access } from './access';
import {
  createDeliverySettingRow, deleteDeliverySettingRow, deliverySettingToWire, listDeliverySettings, updateDeliverySettingRow,
  validDeliverySetting,
} from './delivery-settings';

const readDeliverySetting = clientRowReader(deliverySettings, ORDERING_DATA_NEEDS, 'deliverySettingNotFound');

/** Delivery settings. Access is checked before the body's values. */
export function registerDeliverySettingRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const owned = async (id: number, userId: number, access: Access) => (await readDeliverySetting(ctx.db, userId, id, access)).row;

  registerCall(app, ctx, contract.getDeliverySettings, async (input) => {
    const clientId = Number(input.query.clientId);
    await requireOrderingData(ctx.db, signedIn(input).userId, clientId, 'read');
    return listDeliverySettings(ctx.db, clientId);
  });

  registerCall(app, ctx, contract.createDeliverySetting, async (input) => {
    const { clientId, isDefault, ...fields } = input.body;
    await requireOrderingData(ctx.db, signedIn(input).userId, clientId, 'write');
    const values = await validDeliverySetting(ctx.db, { ...fields, isDefault });
    return deliverySettingToWire(await createDeliverySettingRow(ctx.db, clientId, values, isDefault, ctx.now()));
  });

  registerCall(app, ctx, contract.updateDeliverySetting, async (input) => {
    const { id, isDefault, ...fields } = input.body;
    const existing = await owned(id, signedIn(input).userId, 'write');
    const values = await validDeliverySetting(ctx.db, { ...fields, isDefault });
    return deliverySettingToWire(await updateDeliverySettingRow(ctx.db, existing, values, isDefault, ctx.now()));
  });

  registerCall(app, ctx, contract.deleteDeliverySetting, async (input) => {
    const existing = await owned(input.body.id, signedIn(input).userId, 'write');
    await deleteDeliverySettingRow(ctx.db, existing);
    return { ok: true as const };
  });
}
