import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countersV2 } from '../../src/contract/counters';
import { login } from '../../src/contract/auth';
import { getMySummary, type UserSummary } from '../../src/contract/user';
import { ApiError, callApi } from '../../src/services/api';
import { applyLocale, loadLocale } from '../../src/services/i18n';

// English is loaded lazily in the app; the tests switch to it synchronously.
await loadLocale('en');
import { bindSession, createSessionActor, type SessionActor } from '../../src/services/session';

function token(secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', sid: 's', Secret: secret, exp: 4102444800 })}.sig`;
}

const OLD = token('old');
const NEW = token('new');
const user: UserSummary = {
  id: 1, email: 'demo@example.ru', phone: '+79990000000', firstName: 'Иван', patronymic: 'Петрович', lastName: 'Смирнов',
  avatar: null, isMale: true, notificationsCount: 0, isFilled: true, isStranger: false,
};

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: { path: string; authorization: string | null; language: string | null }[];
let unbind: () => void;
let session: SessionActor;
let redirectToAuth: ReturnType<typeof vi.fn<() => void>>;

function stubGateway(handler: Handler) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test').pathname;
    const headers = new Headers(init.headers);
    calls.push({ path, authorization: headers.get('authorization'), language: headers.get('accept-language') });
    return handler(path, init);
  });
}

/** The real session machine; only the user and counter loads are stubbed so they do not hit the fetch log. */
function startSession(tokenAgeMs: number) {
  redirectToAuth = vi.fn<() => void>();
  session = createSessionActor(
    {
      actors: {},
      actions: { persistToken: () => undefined, removeToken: () => undefined, redirectToAuth },
    },
    { token: OLD, tokenAgeMs, online: true },
  );
  unbind = bindSession(session);
  session.start();
}

const refreshCount = () => calls.filter((call) => call.path === '/api/Authentification/Refresh').length;
const summaryCalls = () => calls.filter((call) => call.path === '/api/account/user/getMySummary');

beforeEach(() => {
  calls = [];
  applyLocale('ru');
});

afterEach(() => {
  session?.stop();
  unbind?.();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('sends the fresh token and the language, and returns the validated response', async () => {
    stubGateway((path) => (path.endsWith('getMySummary') ? json(200, user) : new Promise<Response>(() => undefined)));
    startSession(0);
    applyLocale('en');
    await expect(callApi(getMySummary)).resolves.toEqual(user);
    const own = summaryCalls().at(-1);
    expect(own).toEqual({ path: '/api/account/user/getMySummary', authorization: `Bearer ${OLD}`, language: 'en' });
    expect(refreshCount()).toBe(0);
  });

  it('sends no Authorization header on an anonymous call and reads the gateway error text', async () => {
    stubGateway(() => json(400, { error: 'Неверный логин или пароль', field: 'password', code: 'bad_credentials' }));
    const error = await callApi(login, { body: { fingerprint: 'f', login: 'a@b.ru', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Неверный логин или пароль', field: 'password', code: 'bad_credentials' });
    expect(calls[0]?.authorization).toBeNull();
  });

  it('refreshes once and retries once after a 401', async () => {
    let rejectedOld = false;
    stubGateway((path, init) => {
      const auth = new Headers(init.headers).get('authorization');
      if (path.endsWith('/Refresh')) return json(200, { accessToken: NEW });
      if (path.endsWith('getMySummary') && auth === `Bearer ${OLD}`) {
        rejectedOld = true;
        return json(401, { error: 'expired' });
      }
      return path.endsWith('getMySummary') ? json(200, user) : new Promise<Response>(() => undefined);
    });
    startSession(0);
    await expect(callApi(getMySummary)).resolves.toEqual(user);
    expect(rejectedOld).toBe(true);
    expect(refreshCount()).toBe(1);
    expect(session.getSnapshot().context.token).toBe(NEW);
  });

  it('signs out after the retry is rejected too, without a second refresh', async () => {
    stubGateway((path) => (path.endsWith('/Refresh') ? json(200, { accessToken: NEW }) : json(401, { error: 'Сессия завершена' })));
    startSession(0);
    const error = await callApi(countersV2).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Сессия завершена' });
    expect(refreshCount()).toBe(1);
    expect(session.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(redirectToAuth).toHaveBeenCalled();
  });

  it('refreshes an expired token before the request, once for fifty concurrent calls', async () => {
    stubGateway(async (path) => {
      if (path.endsWith('/Refresh')) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { accessToken: NEW });
      }
      return path.endsWith('getMySummary') ? json(200, user) : new Promise<Response>(() => undefined);
    });
    startSession(200_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => callApi(getMySummary)));
    expect(results).toHaveLength(50);
    expect(refreshCount()).toBe(1);
    expect(summaryCalls().every((call) => call.authorization === `Bearer ${NEW}`)).toBe(true);
  });

  it('shares one refresh between fifty calls that all get a 401', async () => {
    stubGateway(async (path, init) => {
      if (path.endsWith('/Refresh')) return json(200, { accessToken: NEW });
      const auth = new Headers(init.headers).get('authorization');
      if (!path.endsWith('getMySummary')) return new Promise<Response>(() => undefined);
      return auth === `Bearer ${NEW}` ? json(200, user) : json(401, { error: 'expired' });
    });
    startSession(0);
    await Promise.all(Array.from({ length: 50 }, () => callApi(getMySummary)));
    expect(refreshCount()).toBe(1);
  });

  it('signs out and does not retry when the refresh itself fails', async () => {
    stubGateway((path) => json(401, { error: path.endsWith('/Refresh') ? 'refresh denied' : 'expired' }));
    startSession(0);
    const error = await callApi(countersV2).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'expired' });
    expect(refreshCount()).toBe(1);
    expect(calls.filter((call) => call.path.endsWith('/counters'))).toHaveLength(2);
    expect(session.getSnapshot().hasTag('anonymous')).toBe(true);
  });

  it('turns a network failure into status 0 with a localised message and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await callApi(login, { body: { fingerprint: 'f', login: 'a@b.ru', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: 'Нет связи с сервером. Проверьте подключение к интернету.' });
    expect(log).toHaveBeenCalled();
  });

  it('rejects a response that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubGateway(() => json(200, { result: 0 }));
    const error = await callApi(login, { body: { fingerprint: 'f', login: 'a@b.ru', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_response' });
  });

  describe('a gateway at its limit (503 busy)', () => {
    const busy = (retryAfter: string) => new Response(JSON.stringify({ error: 'Сервер перегружен, повторите через секунду', code: 'busy' }), {
      status: 503, headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
    });
    const signInBody = { body: { fingerprint: 'f', login: 'a@b.ru', password: 'x' } };
    const tokens = { result: 0, accessToken: NEW };
    afterEach(() => vi.useRealTimers());

    it('sends the call again after the pause it asks for, and returns the answer', async () => {
      vi.useFakeTimers();
      stubGateway(() => (calls.length < 3 ? busy('2') : json(200, tokens)));
      const answer = callApi(login, signInBody);
      await vi.advanceTimersByTimeAsync(1900);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1200);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(3100);
      await expect(answer).resolves.toMatchObject({ accessToken: NEW });
      expect(calls).toHaveLength(3);
    });

    it('gives up after three more tries with the gateway\'s message', async () => {
      vi.useFakeTimers();
      stubGateway(() => busy('1'));
      const answer = callApi(login, signInBody).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await answer).toMatchObject({ status: 503, code: 'busy', message: 'Сервер перегружен, повторите через секунду' });
      expect(calls).toHaveLength(4);
    });

    it('does not send again a 503 that is not busy: a lost database may have run part of a write', async () => {
      stubGateway(() => json(503, { error: 'Нет связи с базой данных', code: 'database_unavailable' }));
      const error = await callApi(login, signInBody).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 503, code: 'database_unavailable' });
      expect(calls).toHaveLength(1);
    });

    it('stops waiting when the caller aborts, and sends nothing more', async () => {
      vi.useFakeTimers();
      stubGateway(() => busy('1'));
      const controller = new AbortController();
      const answer = callApi(login, { ...signInBody, signal: controller.signal }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(100);
      controller.abort();
      expect(await answer).toMatchObject({ name: 'AbortError' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toHaveLength(1);
    });
  });
});
