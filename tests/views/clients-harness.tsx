import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Client, ClientUser, CreateClientRequest, RestorationClientData } from '../../src/contract/clients';
import type { RestorationStartInput } from '../../src/machines/client-restoration/client-restoration';
import type { FetchPageInput, ListFilterQuery } from '../../src/machines/list-paging/list-paging-types';
import { ApiError } from '../../src/services/api';
import { provideClientsCalls, type ClientsCalls } from '../../src/services/clients';
import ClientsPage from '../../src/views/pages/account/clients-page';
import V2ClientsPage from '../../src/views/pages/account/v2-clients-page';
import { fakePages, withQueryClient } from './harness-parts';

/** A client as the gateway sends it; the caller's role and the rest by `fields`. */
export function client(id: number, fields: Partial<Client> = {}): Client {
  return {
    id, name: `Клиент ${id}`, fullName: `ООО «Клиент ${id}»`, firstName: '', lastName: '', middleName: '', siteUrl: '',
    accessibleThroughAdmin: false, avatarUrl: null, activityId: null, regionId: null, countryId: 1, clientType: 'corporate',
    isLegal: true, officeId: null, inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', isVerified: false, role: 1,
    usersCount: 1, pendingRequestsCount: 0, pendingUpdate: null, createdAt: `2025-09-0${id % 9 + 1}T10:00:00.000Z`, ...fields,
  };
}

export function member(userId: number, role: ClientUser['role'], fields: Partial<ClientUser> = {}): ClientUser {
  return {
    userId, firstName: `Имя${userId}`, lastName: `Фамилия${userId}`, patronymic: '', email: `user${userId}@example.ru`, phone: null,
    avatar: null, isMale: true, role, isCurrent: false, joinedAt: '2025-08-01T10:00:00.000Z', ...fields,
  };
}

interface FakeOptions {
  clients: Client[];
  users?: Record<number, ClientUser[]>;
  /** Create fails with this (after recording the request). */
  createError?: Error;
  found?: { id: number; name: string; isMember: boolean } | null;
  /** What the old cabinet knew, for restoration. */
  restorable?: RestorationClientData;
}

/** The clients calls answered from memory, each one recorded. */
export function fakeClients({ clients, users = {}, createError, found = null, restorable }: FakeOptions) {
  let items = clients.map((item) => ({ ...item }));
  const calls = {
    count: [] as ListFilterQuery[],
    list: [] as FetchPageInput[],
    create: [] as CreateClientRequest[],
    changeRole: [] as { clientId: number; userId: number; role: number }[],
    removeUser: [] as { clientId: number; userId: number }[],
    leave: [] as number[],
    update: [] as Parameters<ClientsCalls['update']>[0][],
    requestUpdate: [] as Parameters<ClientsCalls['requestUpdate']>[0][],
    restoration: [] as Array<RestorationStartInput | { code: string } | { clientData: RestorationClientData }>,
  };
  const restorationId = '3f2b8c1d-6a4e-4b7f-9c2d-1e5a7b9c0d21';
  const byId = (id: number) => {
    const item = items.find((candidate) => candidate.id === id);
    return item ? Promise.resolve({ ...item }) : Promise.reject(new ApiError(404, 'Клиент не найден'));
  };
  const gateway: ClientsCalls = {
    ...fakePages(() => items, (item) => ({ ...item }), calls),
    get: byId,
    update: (body) => {
      calls.update.push(body);
      items = items.map((item) => (item.id === body.id ? { ...item, ...body } : item));
      return byId(body.id);
    },
    requestUpdate: (body) => {
      calls.requestUpdate.push(body);
      const pendingUpdate = { fullName: body.fullName, regionId: body.regionId, officeId: body.officeId, requestedAt: '2025-09-03T10:00:00.000Z' };
      items = items.map((item) => (item.id === body.id ? { ...item, pendingUpdate } : item));
      return byId(body.id);
    },
    create: (body) => {
      calls.create.push(body);
      if (createError) return Promise.reject(createError);
      const made = client(100, { ...body, inn: body.inn ?? null, kpp: body.kpp ?? null, ogrn: body.ogrn ?? null, isLegal: true });
      items = [...items, made];
      return Promise.resolve(made);
    },
    findByInn: () => Promise.resolve(found),
    users: (clientId) => Promise.resolve((users[clientId] ?? []).map((user) => ({ ...user }))),
    changeRole: (body) => {
      calls.changeRole.push(body);
      const list = (users[body.clientId] ?? []).map((user) => (user.userId === body.userId ? { ...user, role: body.role } : user));
      users[body.clientId] = list;
      return Promise.resolve(list);
    },
    removeUser: (body) => {
      calls.removeUser.push(body);
      return Promise.resolve({ ok: true });
    },
    leave: (clientId) => {
      calls.leave.push(clientId);
      items = items.filter((item) => item.id !== clientId);
      return Promise.resolve({ ok: true });
    },
    startRestoration: (input) => {
      calls.restoration.push(input);
      return restorable
        ? Promise.resolve({ restorationId, sentTo: 'o***@example.ru', codeLength: 6, resendAfterSeconds: 60 })
        : Promise.reject(new ApiError(404, 'Клиент старого кабинета с таким e-mail не найден', 'oldLKEmail', 'not_found'));
    },
    confirmEmail: (body) => {
      calls.restoration.push({ code: body.code });
      return restorable ? Promise.resolve({ restorationId, clientData: restorable }) : Promise.reject(new Error('no process'));
    },
    finishRestoring: (body) => {
      calls.restoration.push({ clientData: body.clientData });
      const made = client(200, { ...body.clientData });
      items = [...items, made];
      return Promise.resolve(made);
    },
    countries: () => Promise.resolve([{ id: 1, name: 'Россия', nameEn: 'Russia' }]),
    regions: (countryId) => Promise.resolve([{ id: 77, name: 'Москва', nameEn: 'Moscow', countryId }]),
    activities: () => Promise.resolve([{ id: 3, name: 'Электроника', nameEn: 'Electronics' }]),
    offices: () => Promise.resolve([{ id: 2, name: 'Офис на Ленинском', nameEn: 'Leninsky office', address: '', phone: '' }]),
  };
  return { gateway, calls, install: () => provideClientsCalls(gateway) };
}

export function renderClientsPage(path = '/account/clients') {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {withQueryClient(<ClientsPage title="Клиенты" />)}
    </Router>,
  );
  return { ...view, location };
}

export function renderV2ClientsPage() {
  const location = memoryLocation({ path: '/v2/account/clients', record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {withQueryClient(<V2ClientsPage />)}
    </Router>,
  );
  return { ...view, location };
}
