import { and, eq } from 'drizzle-orm';
import type { Gateway } from '../../server/app';
import { notifications } from '../../server/notifications/schema';
import { clients, clientUsers, users } from '../../server/db/schema';
import { createUser, login } from './helpers';

/** Shared by the clients tests: people with names of their own (notifications carry names), clients, members. */

export interface Person {
  id: number;
  token: string;
  email: string;
  /** As notifications name a person: first and last name (no patronymic here). */
  name: string;
}

let phoneCounter = 0;

export async function person(gw: Gateway, key: string, firstName: string, lastName: string): Promise<Person> {
  phoneCounter += 1;
  const email = `${key}@clients.example.ru`;
  const id = await createUser(gw, email, `+7998${String(phoneCounter).padStart(7, '0')}`);
  await gw.db.update(users).set({ firstName, lastName, patronymic: '' }).where(eq(users.id, id));
  return { id, email, token: await login(gw, email, 'password-123'), name: `${firstName} ${lastName}` };
}

type ClientValues = Partial<typeof clients.$inferInsert> & { name: string };

/** A client straight in the database, with its members and their roles. */
export async function makeClient(gw: Gateway, values: ClientValues, members: Array<[Person, number]>): Promise<number> {
  const [row] = await gw.db.insert(clients).values({
    fullName: `ООО «${values.name}»`, clientType: 'corporate', isLegal: true, ...values,
  }).returning({ id: clients.id });
  if (!row) throw new Error('client not created');
  if (members.length > 0) await gw.db.insert(clientUsers).values(members.map(([who, role]) => ({ clientId: row.id, userId: who.id, role })));
  return row.id;
}

export async function roleOf(gw: Gateway, clientId: number, userId: number): Promise<number | null> {
  const [row] = await gw.db.select().from(clientUsers).where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, userId)));
  return row?.role ?? null;
}

export async function notificationsOf(gw: Gateway, userId: number, type: string) {
  const rows = await gw.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  return rows.map((row) => row.content);
}

/** A valid Create body of each type (requisites from the brief's test values). */
export const NEW_CLIENT = {
  corporate: {
    name: 'Плата-Сервис', fullName: 'ООО «Плата-Сервис»', firstName: '', lastName: '', middleName: '', siteUrl: '',
    accessibleThroughAdmin: false, avatarUrl: null, activityId: 1, regionId: 1, countryId: 1, officeId: 1,
    clientType: 'corporate', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
  },
  entrepreneur: {
    name: 'ИП Петров', fullName: 'Индивидуальный предприниматель Петров Пётр Петрович', firstName: 'Пётр', lastName: 'Петров',
    middleName: 'Петрович', siteUrl: '', accessibleThroughAdmin: false, avatarUrl: null, activityId: null, regionId: 3,
    countryId: 1, officeId: null, clientType: 'entrepreneur', inn: '500100732259', kpp: null, ogrn: '304500116000157',
  },
  individual: {
    name: 'Сидоров', fullName: 'Сидоров Семён', firstName: 'Семён', lastName: 'Сидоров', middleName: '', siteUrl: '',
    accessibleThroughAdmin: false, avatarUrl: null, activityId: null, regionId: null, countryId: null, officeId: null,
    clientType: 'individual', inn: null, kpp: null, ogrn: null,
  },
} as const;
