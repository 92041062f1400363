import type { Db } from '../db/connect';
import { legacyClients, legacyOrders } from '../clients/schema';

/**
 * Clients of the old cabinet for trying restoration: one found by the e-mail old@example.ru, one by the order
 * ЛК-2019-0042 with the e-mail orders@example.ru (the order's e-mail differs from the client's, as it often did),
 * one entrepreneur. Their requisites are valid and differ from the live demo clients'.
 */
export const DEMO_LEGACY_CLIENTS = [
  {
    email: 'old@example.ru', name: 'Микроволна', fullName: 'ООО «Микроволна»', clientType: 'corporate' as const,
    inn: '5029384711', kpp: '502901001', ogrn: '1055003098765', countryId: 1, regionId: 3,
    orders: [{ number: 'ЛК-2018-0107', email: 'old@example.ru' }],
  },
  {
    email: 'buh@uralpribor.ru', name: 'Уралприбор', fullName: 'АО «Уралприбор»', clientType: 'corporate' as const,
    inn: '6612048391', kpp: '661201001', ogrn: '1066658012343', countryId: 1, regionId: 6,
    orders: [{ number: 'ЛК-2019-0042', email: 'orders@example.ru' }, { number: 'ЛК-2019-0057', email: 'buh@uralpribor.ru' }],
  },
  {
    email: 'ip-old@example.ru', name: 'ИП Орлов Д. С.', fullName: 'Индивидуальный предприниматель Орлов Дмитрий Сергеевич',
    clientType: 'entrepreneur' as const, inn: '774398712349', kpp: null, ogrn: '311774600123450', countryId: 1, regionId: 1,
    orders: [],
  },
];

/** Once, into a database whose legacy tables are empty. */
export async function seedDemoLegacy(db: Db): Promise<void> {
  const existing = await db.select({ id: legacyClients.id }).from(legacyClients).limit(1);
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    for (const { orders, ...values } of DEMO_LEGACY_CLIENTS) {
      const [row] = await tx.insert(legacyClients).values(values).returning({ id: legacyClients.id });
      if (!row) throw new Error('legacy client not stored');
      if (orders.length > 0) await tx.insert(legacyOrders).values(orders.map((order) => ({ ...order, legacyClientId: row.id })));
    }
  });
}
