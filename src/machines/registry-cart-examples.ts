import type { Cart, CartLine } from '../contract/cart';
import type { Contact } from '../contract/contacts';
import type { Counteragent } from '../contract/counteragents';
import type { DeliverySetting } from '../contract/delivery-settings';
import { sumPrices } from './cart-types';
import type { QuantityResult } from './cart';
import type { CheckoutClientData } from './checkout-types';

// Sample payloads of the cart and checkout machines (issue 7): the registry's path walks and the unit tests.

const AT = '2025-09-01T10:00:00.000Z';

export function sampleCartLine(id: number, fields: Partial<CartLine> = {}): CartLine {
  return {
    id, projectId: 100 + id, title: `Плата ${id}`, productType: 'pcb', projectStatus: 'actual', clientId: 1,
    clientName: 'Электронные системы', quantity: 10, price: 12_000, unitPrice: 1_200, days: 7, previewUrl: null, ...fields,
  };
}

export const cartOf = (lines: CartLine[]): Cart => ({ lines, total: sumPrices(lines) });

/** Line 1 and 2 of «Электронные системы» (2 is a draft without a price), line 3 of «ИП Кузнецов». */
export const SAMPLE_LINES = {
  first: sampleCartLine(1),
  draft: sampleCartLine(2, { projectStatus: 'draft', price: null, unitPrice: null, days: null }),
  other: sampleCartLine(3, { clientId: 2, clientName: 'ИП Кузнецов А. В.', price: 5_000, unitPrice: 500 }),
};

export const SAMPLE_CART_TWO_CLIENTS = cartOf([SAMPLE_LINES.first, SAMPLE_LINES.draft, SAMPLE_LINES.other]);
export const SAMPLE_CART_ONE_CLIENT = cartOf([SAMPLE_LINES.first, SAMPLE_LINES.draft]);
export const SAMPLE_CART_NOTHING_TO_ORDER = cartOf([SAMPLE_LINES.draft]);
export const SAMPLE_CART_EMPTY = cartOf([]);
export const SAMPLE_CART = cartOf([SAMPLE_LINES.first, SAMPLE_LINES.other]);

/** SetQuantity answers for lines 1 and 3: priced again, or refused. */
export const SAMPLE_QUANTITY_SAVED: QuantityResult[] = [
  { lineId: 1, line: { ...SAMPLE_LINES.first, quantity: 20, price: 21_000, unitPrice: 1_050 } },
  { lineId: 3, line: { ...SAMPLE_LINES.other, quantity: 5, price: 3_000, unitPrice: 600 } },
];
export const SAMPLE_QUANTITY_REFUSED: QuantityResult[] = [
  { lineId: 1, error: 'Проект изменён: откройте его и сохраните снова' },
  { lineId: 3, error: 'Проект изменён: откройте его и сохраните снова' },
];

function payer(id: number, name: string, inn: string): Counteragent {
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

export const SAMPLE_PLACED = { orderId: 501, number: 'ES-2025-000501' };
