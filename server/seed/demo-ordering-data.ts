import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { clients } from '../db/schema';
import { contacts, payers, deliverySettings } from '../ordering-data/schema';
import { DEMO_CLIENTS } from './demo-data';
import { DELIVERY_ENDPOINTS, DELIVERY_METHODS } from './reference-data';

type ClientKey = 'es' | 'kuz';
type Demo<Row> = Omit<Row, 'id' | 'clientId' | 'createdAt' | 'updatedAt'> & { client: ClientKey };

/** Requisites with valid control digits (checked by tests/server/payers.test.ts against requisites.ts). */
export const DEMO_PAYERS: Array<Demo<typeof payers.$inferInsert>> = [
  {
    client: 'es', legalForm: 'ooo', name: 'ООО «Электронные системы»', inn: '7707083893', kpp: '773601001',
    ogrn: '1027700132195', legalAddress: '117312, г. Москва, ул. Вавилова, д. 19', bik: '044525225',
    bankName: 'ПАО Сбербанк', settlementAccount: '40702810938000000001', correspondentAccount: '30101810400000000225',
  },
  {
    client: 'es', legalForm: 'ip', name: 'ИП Смирнов Иван Петрович', inn: '500100732259', kpp: null,
    ogrn: '304500116000157', legalAddress: '141070, Московская обл., г. Королёв, ул. Ленина, д. 5, кв. 12', bik: '044525225',
    bankName: 'ПАО Сбербанк', settlementAccount: '40802810438000000456', correspondentAccount: '30101810400000000225',
  },
  {
    client: 'kuz', legalForm: 'ip', name: 'ИП Кузнецов Алексей Викторович', inn: '540612345667', kpp: null,
    ogrn: '305540100001232', legalAddress: '630099, г. Новосибирск, ул. Советская, д. 10, кв. 4', bik: '045004641',
    bankName: 'Сибирский банк ПАО Сбербанк', settlementAccount: '40802810644050012345', correspondentAccount: '30101810500000000641',
  },
];

export const DEMO_CONTACTS: Array<Demo<typeof contacts.$inferInsert>> = [
  {
    client: 'es', firstName: 'Анна', lastName: 'Соколова', middleName: 'Дмитриевна', position: 'Главный бухгалтер',
    phone: '+79161234567', email: 'buh@elsys.example.ru', comment: 'Счета и закрывающие документы',
  },
  {
    client: 'es', firstName: 'Павел', lastName: 'Орлов', middleName: '', position: 'Инженер-конструктор',
    phone: null, email: 'orlov@elsys.example.ru', comment: '',
  },
];

const methodId = (code: string) => DELIVERY_METHODS.find((method) => method.code === code)?.id ?? 0;
const endpointId = (name: string) => DELIVERY_ENDPOINTS.find((endpoint) => endpoint.name === name)?.id ?? null;

export const DEMO_DELIVERY_SETTINGS: Array<Demo<typeof deliverySettings.$inferInsert>> = [
  {
    client: 'es', kind: 'warehouse', methodId: methodId('warehouse'), endpointId: endpointId('Склад Москва'), name: 'Самовывоз, Москва',
    address: '', postalCode: '', recipientName: 'Орлов Павел', recipientPhone: '+79161234567', comment: '', isDefault: true,
  },
  {
    client: 'es', kind: 'express_post', methodId: methodId('express_post'), endpointId: null, name: 'Курьером в офис',
    address: 'г. Москва, ул. Профсоюзная, д. 65, корп. 1, офис 402', postalCode: '117342', recipientName: 'Соколова Анна Дмитриевна',
    recipientPhone: '+79161234567', comment: 'Звонить за час до доставки', isDefault: false,
  },
];

/**
 * Payers, contacts and delivery settings of the demo clients. Added once: skipped when the demo clients are missing
 * (a database without the demo accounts) or already own any of these rows, so a restart changes nothing.
 */
export async function seedDemoOrderingData(db: Db, now: Date): Promise<void> {
  const names = DEMO_CLIENTS.filter((client) => client.key === 'es' || client.key === 'kuz');
  const rows = await db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.name, names.map((one) => one.name)));
  const ids = new Map<string, number>();
  for (const { key, name } of names) {
    const row = rows.find((one) => one.name === name);
    if (row) ids.set(key, row.id);
  }
  const es = ids.get('es');
  const kuz = ids.get('kuz');
  if (es === undefined || kuz === undefined) return;
  const owned = [es, kuz];
  const [existing] = await db.select({ count: sql`
    (select count(*) from ${payers} where ${inArray(payers.clientId, owned)}) +
    (select count(*) from ${contacts} where ${inArray(contacts.clientId, owned)}) +
    (select count(*) from ${deliverySettings} where ${inArray(deliverySettings.clientId, owned)})`.mapWith(Number) }).from(sql`(select 1) as one`);
  if ((existing?.count ?? 0) > 0) return;
  const idOf = (key: ClientKey) => (key === 'es' ? es : kuz);
  // Older rows first, a minute apart, so the "newest first" lists have a stable order.
  const at = (index: number) => new Date(now.getTime() - (10 - index) * 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(payers).values(DEMO_PAYERS.map(({ client, ...values }, index) => ({
      ...values, clientId: idOf(client), createdAt: at(index), updatedAt: at(index),
    })));
    await tx.insert(contacts).values(DEMO_CONTACTS.map(({ client, ...values }, index) => ({
      ...values, clientId: idOf(client), createdAt: at(index), updatedAt: at(index),
    })));
    await tx.insert(deliverySettings).values(DEMO_DELIVERY_SETTINGS.map(({ client, ...values }, index) => ({
      ...values, clientId: idOf(client), createdAt: at(index), updatedAt: at(index),
    })));
  });
}
