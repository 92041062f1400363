import type { PlacedOrder } from '../../contract/cart';
import type { Contact } from '../../contract/contacts';
import type { Payer } from '../../contract/payers';
import type { DeliverySetting } from '../../contract/delivery-settings';
import type { CheckoutClientData } from './checkout-types';

// Sample payloads of the checkout machine: the registry's path walks and the unit tests.
// The carts are the cart machine's (../cart/samples.ts).

const AT = '2025-09-01T10:00:00.000Z';

function payer(id: number, name: string, inn: string): Payer {
  return {
    id, clientId: 1, legalForm: 'ooo', name, inn, kpp: '770101001', ogrn: '1027700132195', legalAddress: 'Москва, ул. Тверская, 1',
    bik: '044525225', bankName: 'ПАО Сбербанк', settlementAccount: '40702810938000000001', correspondentAccount: '30101810400000000225',
    createdAt: AT, updatedAt: AT,
  };
}

const contact: Contact = {
  id: 21, clientId: 1, firstName: 'Анна', lastName: 'Смирнова', middleName: 'Игоревна', position: 'Снабжение',
  phone: '+79991234567', email: 'anna@example.ru', comment: '', createdAt: AT, updatedAt: AT,
};

function setting(id: number, kind: DeliverySetting['kind'], fields: Partial<DeliverySetting> = {}): DeliverySetting {
  return {
    id, clientId: 1, kind, methodId: kind === 'express_post' ? 1 : 3, name: '', endpointId: null, divisionId: null,
    address: 'Москва, ул. Тверская, 1', postalCode: '125009', recipientName: 'Анна Смирнова', recipientPhone: '+79991234567',
    comment: '', isDefault: false, createdAt: AT, updatedAt: AT, ...fields,
  };
}

/** Two payers (none chosen for the user), one contact (taken), a default courier address, a pickup point and a warehouse. */
export const SAMPLE_CLIENT_DATA: CheckoutClientData = {
  payers: [payer(11, 'ООО «Электронные системы»', '7701234567'), payer(12, 'ООО «Электронные системы — Север»', '7707083893')],
  contacts: [contact],
  deliverySettings: [setting(41, 'express_post', { name: 'Офис', isDefault: true }), setting(42, 'russian_post', { name: 'Склад' })],
  endpoints: [
    { id: 31, kind: 'pickup_point', name: 'ПВЗ на Тверской', nameEn: 'Tverskaya pickup point', address: 'Москва, ул. Тверская, 7' },
    { id: 32, kind: 'warehouse', name: 'Склад в Зеленограде', nameEn: 'Zelenograd warehouse', address: 'Зеленоград, корп. 2' },
  ],
};

/** A client that has not entered any payer, contact or address yet. */
export const SAMPLE_CLIENT_DATA_BARE: CheckoutClientData = {
  payers: [], contacts: [], deliverySettings: [], endpoints: SAMPLE_CLIENT_DATA.endpoints,
};

export const SAMPLE_PLACED: PlacedOrder = { orderId: 501, number: 'ES-2025-000501' };
