import { fromPromise } from 'xstate';
import type { Notification, ReadStatus } from '../../src/contract/notifications';
import type { UserSummary } from '../../src/contract/user';
import type { FetchPageInput, ListFilterQuery } from '../../src/machines/list-paging/list-paging-types';
import { provideNotificationsCalls, type NotificationsCalls } from '../../src/services/notifications';
import { createSessionActor, type SessionActor } from '../../src/services/session';
import { testCounters, testToken, testUser } from './app-harness';
import { fakePages } from './harness-parts';

/** A notification as the gateway would send it; read ones carry a readAt. */
export function note(id: number, type: string, content: Record<string, unknown>, read = false): Notification {
  const createdAt = new Date(Date.UTC(2025, 7, 28, 9, 0) + id * 60_000).toISOString();
  return { id, type, createdAt, readAt: read ? createdAt : null, content };
}

/** The notification calls answered from memory, as the gateway does: filter, newest first, pages; every call recorded. */
export function fakeNotifications(initial: Notification[]) {
  const items = initial.map((item) => ({ ...item }));
  const calls = {
    count: [] as ListFilterQuery[],
    list: [] as FetchPageInput[],
    changeReadStatus: [] as { id: number; read: boolean }[],
  };
  let failChange = false;
  const filtered = (query: ListFilterQuery) =>
    items
      .filter((item) => !query.filters?.includes('NotRead') || item.readAt === null)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const gateway: NotificationsCalls = {
    ...fakePages(filtered, (item) => ({ ...item }), calls),
    changeReadStatus: (id, read): Promise<ReadStatus> => {
      calls.changeReadStatus.push({ id, read });
      if (failChange) return Promise.reject(new Error('gateway down'));
      const item = items.find((candidate) => candidate.id === id);
      if (!item) return Promise.reject(new Error('not found'));
      item.readAt = read ? '2025-09-01T10:00:00.000Z' : null;
      return Promise.resolve({ id, readAt: item.readAt, unreadCount: items.filter((c) => c.readAt === null).length });
    },
  };
  return {
    gateway,
    calls,
    unread: () => items.filter((item) => item.readAt === null).length,
    /** A notification the gateway made meanwhile (an order moved, a request came). */
    arrive: (item: Notification) => {
      items.push({ ...item });
    },
    failChanges: () => {
      failChange = true;
    },
    install: () => provideNotificationsCalls(gateway),
  };
}

export type FakeNotifications = ReturnType<typeof fakeNotifications>;

/** A real session whose user summary reports the fake's unread count, and counts its loads. */
export function notificationsSession(fake: FakeNotifications, user: Partial<UserSummary> = {}) {
  const loads = { count: 0 };
  const session: SessionActor = createSessionActor(
    {
      actors: {
        loadUser: fromPromise<UserSummary, void>(() => {
          loads.count += 1;
          return Promise.resolve({ ...testUser, ...user, notificationsCount: fake.unread() });
        }),
        loadCounters: fromPromise(() => Promise.resolve(testCounters)),
        terminateCurrentSession: fromPromise<unknown, void>(() => Promise.resolve({ ok: true })),
        refreshToken: fromPromise<{ accessToken: string }, { token: string }>(() => Promise.resolve({ accessToken: testToken('s2') })),
      },
      actions: { persistToken: () => undefined, removeToken: () => undefined, clearUserData: () => undefined },
    },
    { token: testToken(), tokenAgeMs: 0, online: true },
  ).start();
  return { session, loads };
}


/** IntersectionObserver under test control: nothing is in view until `show(element)` (or `report`). */
export function controlIntersections() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element>; self: IntersectionObserver }>();
  class ObserverStandIn {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
    private readonly entry: { callback: IntersectionObserverCallback; elements: Set<Element>; self: IntersectionObserver };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: new Set(), self: this as unknown as IntersectionObserver };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.add(element);
    }
    unobserve(element: Element) {
      this.entry.elements.delete(element);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  const previous = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = ObserverStandIn as unknown as typeof IntersectionObserver;
  /** Reports the elements entering (or leaving) the view to every observer watching them. */
  const report = (elements: Element[], isIntersecting: boolean) => {
    for (const observer of [...observers]) {
      const entries = elements.filter((element) => observer.elements.has(element))
        .map((target) => ({ target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 }) as unknown as IntersectionObserverEntry);
      if (entries.length) observer.callback(entries, observer.self);
    }
  };
  return {
    show: (element: Element) => report([element], true),
    report,
    /** How many elements are watched now. */
    watched: () => [...observers].reduce((sum, observer) => sum + observer.elements.size, 0),
    restore() {
      globalThis.IntersectionObserver = previous;
    },
  };
}
