import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { echoRequestId, genReqId, loggerOptions, redactUrl, serializeError } from '../../server/http/logging';

/** What reaches a log line — the gateway's logger options on a small app whose log stream the test reads. */

function appWithCapturedLog() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)); done(); } });
  const app = Fastify({ logger: { ...loggerOptions('info'), stream }, genReqId });
  echoRequestId(app);
  app.post('/echo', async (request) => {
    request.log.info({ body: request.body, headers: request.headers }, 'handler saw');
    request.log.error({ err: new Error('Failed query: insert into outbox values ($1)\nparams: sms,123456') }, 'failed');
    return { ok: true };
  });
  return { app, lines };
}

const request = (headers: Record<string, string>) => ({ headers } as unknown as IncomingMessage);

describe('log lines', () => {
  it('censor passwords, codes, tokens, keys, authorization and cookies, in bodies, headers, URLs and errors', async () => {
    const { app, lines } = appWithCapturedLog();
    const answer = await app.inject({
      method: 'POST',
      url: '/echo?token=query-secret&page=2',
      headers: { authorization: 'Bearer header-secret', cookie: 'sid=cookie-secret', 'content-type': 'application/json' },
      payload: JSON.stringify({
        password: 'body-password',
        newPassword: 'body-new',
        code: '654321',
        refreshToken: 'refresh-secret',
        key: 'stranger-key',
        login: 'someone',
      }),
    });
    expect(answer.statusCode).toBe(200);
    const text = lines.join('\n');
    for (const secret of [
      'query-secret',
      'header-secret',
      'cookie-secret',
      'body-password',
      'body-new',
      '654321',
      'refresh-secret',
      'stranger-key',
      '123456',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // What is not secret stays readable.
    expect(text).toContain('someone');
    expect(text).toContain('page=2');
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    await app.close();
  });

  it('keep an error\'s code, and mask only a failed query\'s parameters', () => {
    const error = Object.assign(new Error('Failed query: select 1\nparams: 111222'), { code: 'ECONNREFUSED' });
    expect(serializeError(error)).toMatchObject({ code: 'ECONNREFUSED', message: 'Failed query: select 1\nparams: [redacted]' });
    expect(redactUrl('/api/x?a=1&code=999999&key=k')).toBe('/api/x?a=1&code=[redacted]&key=[redacted]');
  });
});

describe('request ids', () => {
  it('are random UUIDs, or the proxy\'s own X-Request-Id when it is a sane token', () => {
    const ids = new Set(Array.from({ length: 100 }, () => genReqId(request({}))));
    expect(ids.size).toBe(100);
    expect(genReqId(request({ 'x-request-id': 'lb-7f3a9c21' }))).toBe('lb-7f3a9c21');
    for (const bad of ['short', 'has space 123456', 'x'.repeat(129), '{"level":60}']) {
      expect(genReqId(request({ 'x-request-id': bad }))).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('are named in the answer\'s x-request-id', async () => {
    const { app, lines } = appWithCapturedLog();
    const answer = await app.inject({ method: 'POST', url: '/echo', headers: { 'x-request-id': 'lb-0000abcd' }, payload: {} });
    expect(answer.headers['x-request-id']).toBe('lb-0000abcd');
    expect(lines.some((line) => (JSON.parse(line) as { reqId?: string }).reqId === 'lb-0000abcd')).toBe(true);
    await app.close();
  });
});
