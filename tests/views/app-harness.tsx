import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { App } from '../../src/app/app';
import type { Counters } from '../../src/contract/counters';
import type { UserSummary } from '../../src/contract/user';
import { applyLocale, localeOfPath, loadLocale } from '../../src/services/i18n';
import { createSessionActor, type SessionActor } from '../../src/services/session';
import { SessionProvider } from '../../src/views/components/session-context';

// English is loaded lazily in the app; the tests switch to it synchronously.
await loadLocale('en');

/** A token the session machine accepts (it checks shape, exp and Secret, not the signature). */
export function testToken(secret = 's1'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: '7', sid: 'sid', Secret: secret, exp: 4102444800 })}.sig`;
}

export const testUser: UserSummary = {
  id: 7, email: 'demo@example.ru', phone: '+79990000000', firstName: 'Иван', patronymic: 'Петрович', lastName: 'Смирнов',
  avatar: null, isMale: true, notificationsCount: 0, isFilled: true, isStranger: false,
};

export const testCounters: Counters = {
  projects: { totalActual: 4, totalDraft: 2 },
  orders: { total: 3, waitingForPayment: 1 },
  basket: { price: 0, total: 0 },
  favorite: { totalProject: 0, totalOrder: 0 },
  updatedAt: 1_760_000_000,
};

interface Options {
  /** null: the summary fails to load; a promise: it loads when that settles. */
  user?: UserSummary | null | Promise<UserSummary>;
  counters?: Counters;
  signedIn?: boolean;
}

/** A real session machine whose gateway actors answer from memory. */
export function testSession({ user = testUser, counters = testCounters, signedIn = true }: Options = {}): SessionActor {
  return createSessionActor(
    {
      actors: {
        loadUser: fromPromise<UserSummary, void>(() => (user ? Promise.resolve(user) : Promise.reject(new Error('summary failed')))),
        loadCounters: fromPromise<Counters, void>(() => Promise.resolve(counters)),
        terminateCurrentSession: fromPromise<unknown, void>(() => Promise.resolve({ ok: true })),
        refreshToken: fromPromise<{ accessToken: string }, { token: string }>(() => Promise.resolve({ accessToken: testToken('s2') })),
      },
      actions: { persistToken: () => undefined, removeToken: () => undefined, clearUserData: () => undefined },
    },
    { token: signedIn ? testToken() : null, tokenAgeMs: 0, online: true },
  ).start();
}

/** Renders the whole app frame at `path` with an in-memory location. */
export function renderApp(path: string, session: SessionActor = testSession()) {
  applyLocale(localeOfPath(path.split('?')[0] ?? '/'));
  // The v2 layout's what's-new modal would cover the frame; a test that wants it stores its own 'updates' value first.
  if (localStorage.getItem('updates') === null) localStorage.setItem('updates', 'disabled');
  const location = memoryLocation({ path, record: true });
  const view = render(
    <SessionProvider value={session}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <App />
      </Router>
    </SessionProvider>,
  );
  return { ...view, location, session };
}
