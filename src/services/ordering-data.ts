import { bankByBik, type Bank } from '../contract/banks';
import {
  CONTACT_FILTER_CODES, CONTACT_SORT_CODES, contactsList, contactsListCount, createContact, deleteContact, updateContact,
  type Contact, type ContactFields,
} from '../contract/contacts';
import {
  PAYER_FILTER_CODES, PAYER_SORT_CODES, payersList, payersListCount, createPayer,
  deletePayer, updatePayer, type Payer, type PayerFields,
} from '../contract/payers';
import {
  createDeliverySetting, deleteDeliverySetting, getDeliverySettings, updateDeliverySetting,
  type DeliverySetting, type DeliverySettingFields,
} from '../contract/delivery-settings';
import type { DeliveryEndpointItem, DivisionEndpointItem, StatusItem } from '../contract/dicts';
import type { FetchPageInput, ListFilterQuery } from '../machines/list-paging/list-paging-types';
import { callApi, sendingBody } from './api';
import { dictionaries, loadDivisionEndpoints } from './dictionaries';
import { narrowListQuery, listCallsOf } from './list-query';
import { listFlowFor, swappableCalls, type ListCalls } from './swappable-calls';

/**
 * Payers, contacts and delivery settings of one client: what an order is billed to, who is called about it and
 * where it goes. Tests replace the calls with `provideOrderingDataCalls`.
 */
export interface PagedArea<Item, Fields> {
  count(clientId: number, query: ListFilterQuery, signal?: AbortSignal): Promise<number>;
  list(clientId: number, input: FetchPageInput, signal?: AbortSignal): Promise<Item[]>;
  create(clientId: number, fields: Fields): Promise<Item>;
  update(id: number, fields: Fields): Promise<Item>;
  remove(id: number): Promise<void>;
}

export interface DeliveryReference {
  methods: StatusItem[];
  endpoints: DeliveryEndpointItem[];
  divisions: DivisionEndpointItem[];
}

export interface OrderingDataCalls {
  payers: PagedArea<Payer, PayerFields>;
  contacts: PagedArea<Contact, ContactFields>;
  delivery: {
    list(clientId: number, signal?: AbortSignal): Promise<DeliverySetting[]>;
    create(clientId: number, fields: DeliverySettingFields): Promise<DeliverySetting>;
    update(id: number, fields: DeliverySettingFields): Promise<DeliverySetting>;
    remove(id: number): Promise<void>;
    reference(): Promise<DeliveryReference>;
  };
  /** The banks' reference: the bank a BIK names, null when the reference does not hold it. */
  banks: { byBik(bik: string, signal?: AbortSignal): Promise<Bank | null> };
}

export { editsOrderingData } from '../contract/clients';

const payerQuery = narrowListQuery(PAYER_SORT_CODES, PAYER_FILTER_CODES);
const contactQuery = narrowListQuery(CONTACT_SORT_CODES, CONTACT_FILTER_CODES);

/** A client's list calls, the client named in each call's body beside the query. */
type ClientListCalls<Item> = Pick<PagedArea<Item, never>, 'count' | 'list'>;
const ofClient = <Item>(calls: (clientId: number) => ListCalls<Item>): ClientListCalls<Item> => ({
  count: (clientId, query, signal) => calls(clientId).count(query, signal),
  list: (clientId, input, signal) => calls(clientId).list(input, signal),
});

/** A client's record's Create (for the client), Update and Delete (by id), as the pages call them. */
const recordCalls = <Fields, Item>(
  create: (body: { clientId: number } & Fields) => Promise<Item>,
  update: (body: { id: number } & Fields) => Promise<Item>,
  remove: (body: { id: number }) => Promise<unknown>,
) => ({
  create: (clientId: number, fields: Fields) => create({ clientId, ...fields }),
  update: (id: number, fields: Fields) => update({ id, ...fields }),
  remove: async (id: number): Promise<void> => {
    await remove({ id });
  },
});

const realCalls: OrderingDataCalls = {
  payers: {
    ...ofClient((clientId) => listCallsOf((query: ListFilterQuery) => ({ clientId, ...payerQuery(query) }),
      sendingBody(payersListCount), sendingBody(payersList))),
    ...recordCalls(sendingBody(createPayer), sendingBody(updatePayer), sendingBody(deletePayer)),
  },
  contacts: {
    ...ofClient((clientId) => listCallsOf((query: ListFilterQuery) => ({ clientId, ...contactQuery(query) }),
      sendingBody(contactsListCount), sendingBody(contactsList))),
    ...recordCalls(sendingBody(createContact), sendingBody(updateContact), sendingBody(deleteContact)),
  },
  delivery: {
    list: (clientId, signal) => callApi(getDeliverySettings, { query: { clientId: String(clientId) }, signal }),
    ...recordCalls(sendingBody(createDeliverySetting), sendingBody(updateDeliverySetting), sendingBody(deleteDeliverySetting)),
    reference: async () => {
      const [methods, endpoints, divisions] = await Promise.all([
        dictionaries.get('deliveryMethods'), dictionaries.get('deliveryEndpoints'), loadDivisionEndpoints(),
      ]);
      return { methods, endpoints, divisions };
    },
  },
  banks: {
    byBik: async (bik, signal) => (await callApi(bankByBik, { query: { bik }, signal })).bank,
  },
};

const callsSlot = swappableCalls<OrderingDataCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideOrderingDataCalls = callsSlot.provide;
export const orderingDataCalls = callsSlot.current;

/** A client's list of one area on the list machine; a new client is a new list (the picker remounts it). */
const clientListFlow = <Item extends { id: number }>(name: string, area: () => ClientListCalls<Item>, clientId: number) =>
  listFlowFor<Item>(name, () => ({
    count: (query, signal) => area().count(clientId, query, signal),
    list: (input, signal) => area().list(clientId, input, signal),
  }));

/** A client's payers, page by page; the list keeps the name its sort cookies have in browsers (sort-type-counteragents). */
export const payersListFlowFor = (clientId: number) =>
  clientListFlow<Payer>('counteragents', () => orderingDataCalls().payers, clientId);
export const contactsListFlowFor = (clientId: number) => clientListFlow<Contact>('contacts', () => orderingDataCalls().contacts, clientId);

