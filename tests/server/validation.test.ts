import Fastify from 'fastify';
import { object, string } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCall } from '../../src/contract/call';
import type { Gateway } from '../../server/app';
import { resolveConfig } from '../../server/config';
import type { GatewayContext } from '../../server/context';
import { registerCall } from '../../server/http/register-call';
import { setupHttp, setupStaticAndFallback } from '../../server/http/setup';
import { call, login, post, startGateway } from './helpers';

let gw: Gateway;
let token: string;

beforeAll(async () => {
  gw = await startGateway();
  token = await login(gw);
});
afterAll(() => gw.close());

const LOGIN = '/Authentification/Login';
const valid = { fingerprint: 'f', login: 'demo@example.ru', password: 'demo12345' };

describe('input validation', () => {
  it('names a missing field, in Russian by default and in English on request', async () => {
    const ru = await post(gw, LOGIN, { fingerprint: 'f', login: 'demo@example.ru' });
    expect(ru.status).toBe(400);
    expect(ru.json).toMatchObject({ field: 'password', error: 'Поле «password» обязательно', code: 'missing_field' });
    const en = await post(gw, LOGIN, { fingerprint: 'f', login: 'demo@example.ru' }, { lang: 'en' });
    expect(en.json.error).toBe("Field 'password' is required");
  });

  it('names a field of the wrong type', async () => {
    const answer = await post(gw, LOGIN, { ...valid, password: 12345678 });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field: 'password', error: 'Поле «password» должно быть строкой' });
  });

  it('names an oversized string with its limit', async () => {
    const answer = await post(gw, LOGIN, { ...valid, login: 'x'.repeat(255) }, { lang: 'en' });
    expect(answer.json).toMatchObject({ field: 'login', error: "Field 'login' is too long: at most 254 characters" });
  });

  it('names an unknown field', async () => {
    const answer = await post(gw, LOGIN, { ...valid, isAdmin: true });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field: 'isAdmin', code: 'unknown_field' });
  });

  it('names an empty required string, a bad format and a bad enum value', async () => {
    expect((await post(gw, LOGIN, { ...valid, fingerprint: '' })).json).toMatchObject({ field: 'fingerprint', code: 'empty' });
    const phone = await post(gw, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: false, phone: '12345' });
    expect(phone.json).toMatchObject({ field: 'phone' });
    const factor = await post(gw, '/Authentification/SendCode', { secondFactorId: '00000000-0000-4000-8000-000000000000', secondFactorType: 7 });
    expect(factor.json).toMatchObject({ field: 'secondFactorType', code: 'bad_value' });
    const short = await post(gw, '/account/Credentials/ResetPasswordWithOld', { oldPassword: 'x', newPassword: 'short' }, { token });
    expect(short.json).toMatchObject({ field: 'newPassword', code: 'too_short' });
  });

  it('refuses a body that is not an object, or missing, or holds a NUL character', async () => {
    expect((await post(gw, LOGIN, [valid])).json.code).toBe('invalid_body');
    expect((await post(gw, LOGIN)).status).toBe(400);
    const nul = await post(gw, LOGIN, { ...valid, login: 'demo\u0000@example.ru' });
    expect(nul.status).toBe(400);
    expect(nul.json.field).toBe('login');
  });

  it('answers malformed JSON with a JSON 400, an oversized body with 413 and a wrong type with 415', async () => {
    const malformed = await call(gw, 'POST', LOGIN, { rawBody: '{"login": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe('bad_json');
    const huge = await call(gw, 'POST', LOGIN, { rawBody: JSON.stringify({ ...valid, login: 'x'.repeat(70_000) }) });
    expect(huge.status).toBe(413);
    expect(huge.json.error).toBe('Слишком большой запрос');
    const text = await call(gw, 'POST', LOGIN, { rawBody: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(typeof text.json.error).toBe('string');
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const answer = await call(gw, method, '/no/such/call');
      expect(answer.status).toBe(404);
      expect(answer.json.error).toBe('Не найдено');
    }
  });

  it('checks access before input: a user call without a token is 401 whatever the body', async () => {
    const answer = await post(gw, '/user-profile/fill', { nonsense: 1 });
    expect(answer.status).toBe(401);
  });
});

describe('response validation', () => {
  it('turns an answer that breaks the contract into a 500 outside production', async () => {
    const app = Fastify({ logger: false });
    const config = resolveConfig({ logger: false, production: false, staticDir: null }, {});
    const ctx: GatewayContext = { ...gw.context, config, log: app.log };
    const broken = defineCall({ method: 'GET', path: '/broken', access: 'anonymous', response: object({ name: string() }) });
    setupHttp(app);
    registerCall(app, ctx, broken, async () => ({ name: 42 }) as unknown as { name: string });
    await setupStaticAndFallback(app, null);
    const answer = await app.inject({ method: 'GET', url: '/api/broken' });
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'contract_violation' });
    await app.close();
  });
});
