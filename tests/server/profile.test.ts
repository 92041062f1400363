import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../src/contract/credentials';
import type { Gateway } from '../../server/app';
import { images } from '../../server/files/schema';
import { createClock, createUser, decodeToken, get, login, post, startGateway } from './helpers';

const clock = createClock();
let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, refreshWindowSeconds: 3600 });
});
afterAll(() => gw.close());

let made = 0;
async function freshUser() {
  made += 1;
  const email = `profile${made}@example.ru`;
  await createUser(gw, email, `+7917000${String(made).padStart(4, '0')}`);
  return login(gw, email, 'password-123');
}

const summary = async (token: string) => (await get(gw, '/account/user/getMySummary', token)).json;

/** A real 1×1 PNG; JPEG and WebP need only their signatures, which is all the gateway looks at. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

const upload = (token: string, url: string) => post(gw, '/account/user/UploadAvatar', { dataUrl: url }, { token });
const fetchFile = (gateway: Gateway, url: string) => gateway.app.inject({ method: 'GET', url });

describe('UpdateMainInfo', () => {
  it('stores trimmed names, patronymic and gender', async () => {
    const token = await freshUser();
    const answer = await post(
      gw,
      '/account/user/UpdateMainInfo',
      { firstName: ' Мария ', patronymic: ' Ивановна ', lastName: ' Кузнецова', isMale: false },
      { token },
    );
    expect(answer.json).toEqual({ ok: true });
    expect(await summary(token)).toMatchObject({ firstName: 'Мария', patronymic: 'Ивановна', lastName: 'Кузнецова', isMale: false, isFilled: true });
    await post(gw, '/account/user/UpdateMainInfo', { firstName: 'Мария', patronymic: '', lastName: 'Кузнецова', isMale: null }, { token });
    expect(await summary(token)).toMatchObject({ patronymic: '', isMale: null });
  });

  it('refuses blank first or last names on the field and keeps the stored ones', async () => {
    const token = await freshUser();
    for (const field of ['firstName', 'lastName'] as const) {
      const body = { firstName: 'Иван', patronymic: '', lastName: 'Иванов', isMale: true, [field]: '   ' };
      const answer = await post(gw, '/account/user/UpdateMainInfo', body, { token });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ field, code: 'empty' });
    }
    expect(await summary(token)).toMatchObject({ firstName: 'Тест', lastName: 'Тестов' });
  });
});

describe('avatar', () => {
  it('stores a PNG, serves it with its type, and replaces and removes it, deleting the old image', async () => {
    const token = await freshUser();
    const first = await upload(token, dataUrl('image/png', PNG));
    expect(first.status).toBe(200);
    const url = first.json.avatar as string;
    expect(url).toMatch(/^\/files\/images\/[0-9a-f-]{36}$/);
    expect((await summary(token)).avatar).toBe(url);
    const served = await fetchFile(gw, url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = await upload(token, dataUrl('image/webp', WEBP));
    const replaced = second.json.avatar as string;
    expect(replaced).not.toBe(url);
    expect((await fetchFile(gw, url)).statusCode).toBe(404);
    expect((await fetchFile(gw, replaced)).headers['content-type']).toBe('image/webp');

    expect((await post(gw, '/account/user/RemoveAvatar', undefined, { token })).json).toEqual({ avatar: null });
    expect((await summary(token)).avatar).toBeNull();
    expect((await fetchFile(gw, replaced)).statusCode).toBe(404);
  });

  it('trusts the bytes, not the declared type', async () => {
    const token = await freshUser();
    const pngAsJpeg = await upload(token, dataUrl('image/jpeg', PNG));
    expect(pngAsJpeg.status).toBe(200);
    expect((await fetchFile(gw, pngAsJpeg.json.avatar as string)).headers['content-type']).toBe('image/png');
    const jpeg = await upload(token, dataUrl('image/jpeg', JPEG));
    expect((await fetchFile(gw, jpeg.json.avatar as string)).headers['content-type']).toBe('image/jpeg');

    const refused = [
      dataUrl('image/png', Buffer.from('just some text, not a picture')),
      dataUrl('text/plain', PNG),
      dataUrl('image/gif', Buffer.from('GIF89a\u0001\u0000\u0001\u0000')),
      dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      dataUrl('image/png', PNG.subarray(0, 3)),
      'data:image/png;base64,%%%not-base64%%%',
      'https://example.ru/avatar.png',
    ];
    for (const url of refused) {
      const answer = await upload(token, url);
      expect({ url: url.slice(0, 40), status: answer.status, ...answer.json }).toMatchObject({
        url: url.slice(0, 40), status: 400, field: 'dataUrl', error: 'Файл не является изображением PNG, JPEG или WebP',
      });
    }
    expect((await summary(token)).avatar).toBe(jpeg.json.avatar);
  });

  it('takes an image of exactly the limit and refuses a larger one with a clear message', async () => {
    const token = await freshUser();
    const atLimit = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(AVATAR_MAX_BYTES - 8, 7)]);
    expect((await upload(token, dataUrl('image/png', atLimit))).status).toBe(200);
    const over = await upload(token, dataUrl('image/png', Buffer.concat([atLimit, Buffer.from([1])])));
    expect(over.status).toBe(413);
    expect(over.json).toMatchObject({ field: 'dataUrl', error: 'Файл слишком большой: не больше 2 МБ' });
    const en = await post(gw, '/account/user/UploadAvatar', { dataUrl: dataUrl('image/png', Buffer.alloc(3 * 1024 * 1024)) }, { token, lang: 'en' });
    expect(en.json).toMatchObject({ error: 'The file is too large: at most 2 MB' });
    const huge = await upload(token, `data:image/png;base64,${'A'.repeat(9 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
    const other = await post(gw, '/account/user/UpdateMainInfo', { firstName: 'И', patronymic: 'x'.repeat(70_000), lastName: 'И', isMale: null }, { token });
    expect(other.status).toBe(413);
  });

  it("does not touch another user's image, and serves unknown ids as 404 without a token", async () => {
    const mine = await freshUser();
    const theirs = await freshUser();
    const url = (await upload(mine, dataUrl('image/png', PNG))).json.avatar as string;
    await upload(theirs, dataUrl('image/png', PNG));
    await post(gw, '/account/user/RemoveAvatar', undefined, { token: theirs });
    expect((await fetchFile(gw, url)).statusCode).toBe(200);
    const [stored] = await gw.db.select().from(images).where(eq(images.id, url.split('/').pop() ?? ''));
    expect(stored?.mime).toBe('image/png');
    expect((await fetchFile(gw, '/files/images/44444444-4444-4444-8444-444444444444')).statusCode).toBe(404);
    expect((await fetchFile(gw, '/files/images/not-an-id')).statusCode).toBe(404);
  });
});

describe('images next to the built app', () => {
  it('are served by their own route, not by the static files or the index.html fallback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    const withApp = await startGateway({ staticDir: dir });
    try {
      const token = await login(withApp);
      const answer = await withApp.app.inject({
        method: 'POST', url: '/api/account/user/UploadAvatar', payload: { dataUrl: dataUrl('image/png', PNG) },
        headers: { authorization: `Bearer ${token}` },
      });
      const url = (answer.json() as { avatar: string }).avatar;
      const served = await fetchFile(withApp, url);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      const missing = await fetchFile(withApp, '/files/images/55555555-5555-4555-8555-555555555555');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
      expect((await fetchFile(withApp, '/account/profile')).body).toContain('<title>app</title>');
    } finally {
      await withApp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sessions seen from the profile', () => {
  const refresh = (token: string) => post(gw, '/Authentification/Refresh', undefined, { token });
  const terminate = (sessionId: unknown, token: string) =>
    get(gw, `/account/Authorization/TerminateSession?sessionId=${String(sessionId)}`, token);

  it('ends another session of mine: its next request and its refresh get 401', async () => {
    await createUser(gw, 'two-devices@example.ru', '+79170009001');
    const laptop = await login(gw, 'two-devices@example.ru', 'password-123');
    const phone = await login(gw, 'two-devices@example.ru', 'password-123');
    expect((await terminate(decodeToken(phone).sid, laptop)).json).toEqual({ ok: true });
    expect((await summary(laptop)).email).toBe('two-devices@example.ru');
    expect((await get(gw, '/account/user/getMySummary', phone)).status).toBe(401);
    expect((await refresh(phone)).status).toBe(401);
    const left = (await get(gw, '/account/Authorization/GetSessions', laptop)).body as Array<{ sessionId: string }>;
    expect(left.map((one) => one.sessionId)).toEqual([decodeToken(laptop).sid]);
  });

  it("answers 404 for another user's session and leaves it working", async () => {
    const mine = await freshUser();
    const theirs = await freshUser();
    const answer = await terminate(decodeToken(theirs).sid, mine);
    expect(answer.status).toBe(404);
    expect(answer.json.field).toBe('sessionId');
    expect((await get(gw, '/account/user/getMySummary', theirs)).status).toBe(200);
    clock.advance(2);
    expect((await refresh(theirs)).status).toBe(200);
  });

  it("ends the caller's own session with TerminateCurrentSession", async () => {
    const token = await freshUser();
    expect((await get(gw, '/account/Authorization/TerminateCurrentSession', token)).json).toEqual({ ok: true });
    expect((await get(gw, '/account/user/getMySummary', token)).status).toBe(401);
    expect((await refresh(token)).status).toBe(401);
  });
});
