import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { fromPromise } from 'xstate';
import type { Bank } from '../../src/contract/banks';
import type { Client, ClientRole } from '../../src/contract/clients';
import type { Contact, ContactFields } from '../../src/contract/contacts';
import type { Payer, PayerFields } from '../../src/contract/payers';
import type { DeliverySetting, DeliverySettingFields } from '../../src/contract/delivery-settings';
import type { FetchPageInput, ListFilterQuery } from '../../src/machines/list-paging/list-paging-types';
import { ApiError } from '../../src/services/api';
import { provideMyClientsCalls } from '../../src/services/my-clients';
import { provideOrderingDataCalls, type DeliveryReference, type OrderingDataCalls, type PagedArea } from '../../src/services/ordering-data';
import { createSessionActor } from '../../src/services/session';
import { testCounters, testToken, testUser } from './app-harness';
import { renderWithSession } from './harness-parts';

const AT = '2025-09-01T10:00:00.000Z';

export function testClient(id: number, name: string, role: ClientRole = 1): Client {
  return {
    id, name, fullName: name, firstName: '', lastName: '', middleName: '', siteUrl: '', accessibleThroughAdmin: false,
    avatarUrl: null, activityId: null, regionId: null, countryId: null, clientType: 'corporate', isLegal: true, officeId: null,
    inn: null, kpp: null, ogrn: null, isVerified: false, role, usersCount: 1, pendingRequestsCount: 0, pendingUpdate: null,
    createdAt: AT,
  };
}

/** Valid requisites of the brief (a bank in Moscow and a legal entity). */
export const validPayer: PayerFields = {
  legalForm: 'ooo', name: 'Ромашка', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', legalAddress: 'Москва, ул. Вавилова, 19',
  bik: '044525225', bankName: 'ПАО Сбербанк', settlementAccount: '40702810938000000001', correspondentAccount: '30101810400000000225',
};

export function payer(id: number, clientId: number, changes: Partial<PayerFields> = {}): Payer {
  return { id, clientId, ...validPayer, ...changes, createdAt: AT, updatedAt: AT };
}

export function contactOf(id: number, clientId: number, changes: Partial<ContactFields> = {}): Contact {
  return {
    id, clientId, firstName: 'Анна', lastName: 'Петрова', middleName: '', position: '', phone: '+79991234567', email: null, comment: '',
    ...changes, createdAt: AT, updatedAt: AT,
  };
}

interface Stored { id: number; clientId: number }

/** One paged area answered from memory: items of the asked client, search over `text`, pages; every call recorded. */
function pagedArea<Item extends Stored, Fields>(items: Item[], text: (item: Item) => string, make: (id: number, clientId: number, fields: Fields) => Item) {
  const calls = {
    count: [] as { clientId: number; query: ListFilterQuery }[],
    list: [] as { clientId: number; input: FetchPageInput }[],
    create: [] as { clientId: number; fields: Fields }[],
    update: [] as { id: number; fields: Fields }[],
    remove: [] as number[],
  };
  let refusal: ApiError | null = null;
  const matching = (clientId: number, query: ListFilterQuery) =>
    items.filter((item) => item.clientId === clientId && (!query.search || text(item).toLowerCase().includes(query.search.toLowerCase())));
  const answer = <T,>(value: () => T): Promise<T> => {
    const error = refusal;
    refusal = null;
    return error ? Promise.reject(error) : Promise.resolve(value());
  };
  const area: PagedArea<Item, Fields> = {
    count: (clientId, query) => {
      calls.count.push({ clientId, query });
      return Promise.resolve(matching(clientId, query).length);
    },
    list: (clientId, input) => {
      calls.list.push({ clientId, input });
      const start = (input.page - 1) * input.itemsOnPage;
      return Promise.resolve(matching(clientId, input.query).slice(start, start + input.itemsOnPage));
    },
    create: (clientId, fields) => {
      calls.create.push({ clientId, fields });
      return answer(() => {
        const item = make(Math.max(0, ...items.map((candidate) => candidate.id)) + 1, clientId, fields);
        items.push(item);
        return item;
      });
    },
    update: (id, fields) => {
      calls.update.push({ id, fields });
      return answer(() => {
        const index = items.findIndex((item) => item.id === id);
        const item = make(id, items[index]?.clientId ?? 0, fields);
        items.splice(index, 1, item);
        return item;
      });
    },
    remove: (id) => {
      calls.remove.push(id);
      return answer(() => {
        items.splice(items.findIndex((item) => item.id === id), 1);
      });
    },
  };
  return { area, calls, refuseNext: (error: ApiError) => { refusal = error; } };
}

export const deliveryReference: DeliveryReference = {
  methods: [
    { id: 1, code: 'express_post', name: 'Курьерская служба', nameEn: 'Courier' },
    { id: 2, code: 'pickup_point', name: 'Пункт выдачи', nameEn: 'Pickup point' },
    { id: 3, code: 'russian_post', name: 'Почта России', nameEn: 'Russian Post' },
    { id: 4, code: 'warehouse', name: 'Склад производителя', nameEn: "Manufacturer's warehouse" },
  ],
  endpoints: [
    { id: 11, methodId: 2, name: 'ПВЗ на Тверской', nameEn: 'Tverskaya point', address: 'Москва, Тверская, 1' },
    { id: 12, methodId: 2, name: 'ПВЗ на Арбате', nameEn: 'Arbat point', address: 'Москва, Арбат, 10' },
    { id: 21, methodId: 4, name: 'Склад в Зеленограде', nameEn: 'Zelenograd warehouse', address: 'Зеленоград, корп. 2' },
  ],
  divisions: [{ id: 31, name: 'Московский офис', nameEn: 'Moscow office', officeId: 1, address: 'Москва, Лесная, 5' }],
};

export function deliveryOf(id: number, clientId: number, changes: Partial<DeliverySettingFields> = {}): DeliverySetting {
  const fields: DeliverySettingFields = {
    kind: 'pickup_point', name: '', endpointId: 11, divisionId: null, address: '', postalCode: '', recipientName: '',
    recipientPhone: null, comment: '', isDefault: false, ...changes,
  };
  const methodId = deliveryReference.methods.find((method) => method.code === fields.kind)?.id ?? 0;
  return { id, clientId, methodId, ...fields, createdAt: AT, updatedAt: AT };
}

/** The three areas answered from memory. */
/** The banks the fake reference knows by BIK (the shipped reference's Sberbank), and the lookups asked. */
export const FAKE_BANKS: Record<string, Bank> = {
  '044525225': { bik: '044525225', name: 'ПАО Сбербанк', place: 'г. Москва', correspondentAccount: '30101810400000000225' },
};

export function fakeOrderingData(initial: {
  payers?: Payer[]; contacts?: Contact[]; delivery?: DeliverySetting[]; banks?: Record<string, Bank>;
} = {}) {
  const bankLookups: string[] = [];
  const payers = pagedArea<Payer, PayerFields>(
    initial.payers ?? [], (item) => `${item.name} ${item.inn}`, (id, clientId, fields) => ({ id, clientId, ...fields, createdAt: AT, updatedAt: AT }),
  );
  const contacts = pagedArea<Contact, ContactFields>(
    initial.contacts ?? [],
    (item) => `${item.lastName} ${item.firstName}`,
    (id, clientId, fields) => ({ id, clientId, ...fields, createdAt: AT, updatedAt: AT }),
  );
  const deliveryItems = pagedArea<DeliverySetting, DeliverySettingFields>(
    initial.delivery ?? [],
    () => '',
    (id, clientId, fields) => deliveryOf(id, clientId, fields),
  );
  const deliveryLists: number[] = [];
  const gateway: OrderingDataCalls = {
    payers: payers.area,
    contacts: contacts.area,
    delivery: {
      list: (clientId) => {
        deliveryLists.push(clientId);
        return deliveryItems.area.list(clientId, { query: {}, page: 1, itemsOnPage: 200 });
      },
      create: deliveryItems.area.create,
      update: deliveryItems.area.update,
      remove: deliveryItems.area.remove,
      reference: () => Promise.resolve(deliveryReference),
    },
    banks: {
      byBik: (bik) => {
        bankLookups.push(bik);
        return Promise.resolve((initial.banks ?? {})[bik] ?? null);
      },
    },
  };
  return { gateway, payers, contacts, delivery: { ...deliveryItems, lists: deliveryLists }, bankLookups };
}

/** Renders an account tab with my clients and the fake gateway, in an in-memory router at `path`. */
export function renderAccountTab(page: ReactElement, options: { clients: Client[]; fake: ReturnType<typeof fakeOrderingData>; path?: string }) {
  const undo = [provideMyClientsCalls({ list: () => Promise.resolve(options.clients) }), provideOrderingDataCalls(options.fake.gateway)];
  const session = createSessionActor(
    {
      actors: {
        loadUser: fromPromise(() => Promise.resolve(testUser)),
        loadCounters: fromPromise(() => Promise.resolve(testCounters)),
        terminateCurrentSession: fromPromise<unknown, void>(() => Promise.resolve({ ok: true })),
        refreshToken: fromPromise<{ accessToken: string }, { token: string }>(() => Promise.resolve({ accessToken: testToken('s2') })),
      },
      actions: { persistToken: () => undefined, removeToken: () => undefined, clearUserData: () => undefined },
    },
    { token: testToken(), tokenAgeMs: 0, online: true },
  ).start();
  const { location, ...view } = renderWithSession(session, page, options.path ?? '/account');
  return {
    ...view,
    // No pause between keys: the forms have many long digit fields.
    user: userEvent.setup({ delay: null }),
    currentUrl: () => location.history?.at(-1),
    restore: () => {
      for (const step of undo) step();
    },
  };
}
