import { eq } from 'drizzle-orm';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import * as cart from '../../src/contract/cart';
import { addProjectToCart } from '../../src/contract/projects';
import type { Gateway } from '../../server/app';
import { cartItems } from '../../server/cart/schema';
import { contacts, payers, deliverySettings } from '../../server/ordering-data/schema';
import { projects } from '../../server/projects/schema';
import { deliveryEndpoints, deliveryMethods } from '../../server/db/reference/schema';
import { quoteFor } from '../../server/pricing/quote';
import { call } from './helpers';
import { makeProject, makeUpload } from './project-fixtures';

/** Shared by the cart and checkout tests: priced projects, a client's ordering data, cart calls. */

export const pcb = (quantity: number, layers: 1 | 2 | 4 = 2): ProjectParams =>
  ({ ...defaultParams('pcb'), quantity, board: { ...defaultParams('pcb').board, layers } });

/**
 * A project priced by the real price table, as saving it through the wizard would leave it: with processed files
 * unless `uploadId: null` makes it a project entered by hand (ordered only with 'files later').
 */
export async function pricedProject(gw: Gateway, values: {
  clientId: number; ownerUserId: number; title: string; status?: 'actual' | 'draft' | 'archive'; params?: ProjectParams;
  uploadId?: string | null;
}): Promise<number> {
  const params = values.params ?? pcb(10);
  const quote = quoteFor(params);
  const uploadId = values.uploadId === undefined
    ? await makeUpload(gw, { clientId: values.clientId, userId: values.ownerUserId })
    : values.uploadId;
  const id = await makeProject(gw, {
    ...values, uploadId, status: values.status ?? 'actual', productType: params.productType, params, price: quote.total,
  });
  await gw.db.update(projects).set({ quote }).where(eq(projects.id, id));
  return id;
}

export interface OrderingData { payerId: number; contactId: number; courierId: number; postId: number }

/** A payer, a contact and two saved addresses (courier and post) of the client, straight in the database. */
export async function orderingData(gw: Gateway, clientId: number, tag = 'Тест'): Promise<OrderingData> {
  const [payer] = await gw.db.insert(payers).values({
    clientId, legalForm: 'ooo', name: `ООО «${tag}»`, inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
    legalAddress: '117312, г. Москва, ул. Вавилова, д. 19', bik: '044525225', bankName: 'ПАО Сбербанк',
    settlementAccount: '40702810938000000001', correspondentAccount: '30101810400000000225',
  }).returning({ id: payers.id });
  const [contact] = await gw.db.insert(contacts).values({
    clientId, firstName: 'Анна', lastName: 'Соколова', middleName: 'Дмитриевна', phone: '+79161234567', email: 'anna@example.ru',
  }).returning({ id: contacts.id });
  const methodId = async (code: string) => (await gw.db.select().from(deliveryMethods).where(eq(deliveryMethods.code, code)))[0]?.id ?? 0;
  const [courier] = await gw.db.insert(deliverySettings).values({
    clientId, kind: 'express_post', methodId: await methodId('express_post'), name: 'Курьером в офис',
    address: 'г. Москва, ул. Профсоюзная, д. 65', postalCode: '117342', recipientName: 'Соколова Анна Дмитриевна',
  }).returning({ id: deliverySettings.id });
  const [post] = await gw.db.insert(deliverySettings).values({
    clientId, kind: 'russian_post', methodId: await methodId('russian_post'), name: 'Почтой на склад',
    address: 'г. Тверь, ул. Советская, д. 1', postalCode: '170100', recipientName: '',
  }).returning({ id: deliverySettings.id });
  if (!payer || !contact || !courier || !post) throw new Error('ordering data not inserted');
  return { payerId: payer.id, contactId: contact.id, courierId: courier.id, postId: post.id };
}

/** The first reference endpoint of a delivery method ('pickup_point' or 'warehouse'). */
export async function endpointOf(gw: Gateway, code: 'pickup_point' | 'warehouse') {
  const [row] = await gw.db
    .select({ id: deliveryEndpoints.id, name: deliveryEndpoints.name, nameEn: deliveryEndpoints.nameEn, address: deliveryEndpoints.address })
    .from(deliveryEndpoints)
    .innerJoin(deliveryMethods, eq(deliveryMethods.id, deliveryEndpoints.methodId))
    .where(eq(deliveryMethods.code, code))
    .orderBy(deliveryEndpoints.id)
    .limit(1);
  if (!row) throw new Error(`no ${code} endpoint`);
  return row;
}

export async function addToCart(gw: Gateway, token: string, projectId: number): Promise<void> {
  const answer = await call(gw, 'POST', addProjectToCart.path, { token, body: { projectId } });
  if (answer.status !== 200) throw new Error(`AddProject ${answer.status}: ${JSON.stringify(answer.body)}`);
}

export async function cartOf(gw: Gateway, token: string): Promise<cart.Cart> {
  const answer = await call(gw, 'GET', cart.getCart.path, { token });
  if (answer.status !== 200) throw new Error(`cart ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as cart.Cart;
}

/** The line id of a project in the user's cart. */
export async function lineOf(gw: Gateway, userId: number, projectId: number): Promise<number> {
  const rows = await gw.db.select({ id: cartItems.id, projectId: cartItems.projectId }).from(cartItems)
    .where(eq(cartItems.userId, userId));
  const row = rows.find((one) => one.projectId === projectId);
  if (!row) throw new Error(`project ${projectId} is not in the cart of user ${userId}`);
  return row.id;
}
