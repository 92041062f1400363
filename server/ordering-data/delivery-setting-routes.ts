import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/delivery-settings';
import type { GatewayContext } from '../context';
import { deliverySettings } from '../db/schema-business';
import { registerCall, signedIn } from '../http/register-call';
import { requireOrderingData, requireOwnedItem } from './access';
import {
  createDeliverySettingRow, deleteDeliverySettingRow, deliverySettingToWire, listDeliverySettings, updateDeliverySettingRow,
  validDeliverySetting, type DeliverySettingRow,
} from './delivery-settings';

/** Issue 5: delivery settings. Access is checked before the body's values. */
export function registerDeliverySettingRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const owned = (id: number, userId: number, access: 'read' | 'write') =>
    requireOwnedItem<DeliverySettingRow>(ctx.db, deliverySettings, id, userId, access, 'deliverySettingNotFound');

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
