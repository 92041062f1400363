import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { clients } from '../../server/db/schema';
import { PROCESSING_STEPS } from '../../src/contract/board-files';
import { uploadFiles, waitProcessed, zipBoard } from './board-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { createClock, decodeToken, get, login, post, startGateway } from './helpers';
import { openStream } from './streaming-client';

const clock = createClock();
let gw: Gateway;
let base: string;
let demo: string;
let demoClient: number;
let outsider: Person;
let outsiderClient: number;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
  demo = await login(gw);
  const [es] = await gw.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Электронные системы'));
  if (!es) throw new Error('demo client missing');
  demoClient = es.id;
  outsider = await person(gw, 'stream-outsider', 'Олег', 'Сторонний');
  outsiderClient = await makeClient(gw, { name: 'Чужие платы' }, [[outsider, 1]]);
});
afterAll(() => gw.close());

async function streamingToken(token: string): Promise<string> {
  const answer = await post(gw, '/streaming/token', undefined, { token });
  expect(answer.status).toBe(200);
  expect(answer.response.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof answer.body).toBe('string');
  return String(answer.body);
}

const connect = (token: string | null) => openStream(base, token);

const upload = async (name: string) => {
  const answer = await uploadFiles(gw, demo, demoClient, zipBoard('arduino-uno'), name);
  expect(answer.status).toBe(200);
  return String(answer.json.uploadId);
};

describe('streaming token', () => {
  it('is a JSON string naming the user, valid for 60 s, of its own audience', async () => {
    const token = await streamingToken(demo);
    const claims = decodeToken(token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(60);
    expect(claims.aud).toBe('pcb-portal:streaming');
    expect((await post(gw, '/streaming/token')).status).toBe(401);
  });

  it('cannot be used as an access token, and an access token does not open the socket', async () => {
    const token = await streamingToken(demo);
    expect((await get(gw, '/account/user/getMySummary', token)).status).toBe(401);
    expect(await connect(demo).closed).toBe(4401);
  });

  it('closes sockets opened without, with a forged or with an expired token with 4401', async () => {
    expect(await connect(null).closed).toBe(4401);
    expect(await connect('nonsense').closed).toBe(4401);
    const token = await streamingToken(demo);
    const [head, payload] = token.split('.');
    expect(await connect(`${head}.${payload}.forged-signature`).closed).toBe(4401);
    clock.advance(61);
    expect(await connect(token).closed).toBe(4401);
    demo = await login(gw);
  });
});

describe('/streaming', () => {
  it('reports every step of a queued upload in order, then the final state', async () => {
    // The first two uploads keep the gateway's job slots busy, so the third waits in the queue while the socket subscribes.
    await upload('first.zip');
    await upload('second.zip');
    const uploadId = await upload('third.zip');
    const stream = connect(await streamingToken(demo));
    await stream.opened;
    stream.subscribe(uploadId);
    const messages = await stream.untilFinal(uploadId);
    // The state on subscribing (waiting for 'identify') may be followed by the same step once the job starts.
    const running = messages.filter((message) => message.state === 'running').map((message) => message.step);
    expect(running.filter((step, index) => step !== running[index - 1])).toEqual(['identify', 'render', 'measure', 'check']);
    const progress = messages.map((message) => message.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((value) => value >= 0 && value <= 100)).toBe(true);
    const last = messages.at(-1);
    expect(last).toMatchObject({ uploadId, state: 'done', progress: 100, final: { uploadId, status: 'done', clientId: demoClient } });
    expect(last?.final?.analysis?.files).toHaveLength(7);
    expect(last?.final).toEqual(await waitProcessed(gw, demo, uploadId));
    stream.socket.close();
  }, 60_000); // Three boards processed in turn, each in a runner process: over the default 20 s on a busy machine.

  it('keeps step order for every message it sends', async () => {
    const uploadId = await upload('order.zip');
    const stream = connect(await streamingToken(demo));
    await stream.opened;
    stream.subscribe(uploadId);
    const steps = (await stream.untilFinal(uploadId)).map((message) => PROCESSING_STEPS.indexOf(message.step));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    stream.socket.close();
  });

  it('sends the final state at once for an upload already processed, to one socket watching several', async () => {
    const first = await upload('done-1.zip');
    const second = await upload('done-2.zip');
    await waitProcessed(gw, demo, first);
    await waitProcessed(gw, demo, second);
    const stream = connect(await streamingToken(demo));
    await stream.opened;
    stream.subscribe(first);
    stream.subscribe(second);
    expect(await stream.untilFinal(first)).toMatchObject([{ state: 'done', final: { status: 'done', uploadId: first } }]);
    const [secondFinal] = await stream.untilFinal(second);
    expect(secondFinal?.final?.uploadId).toBe(second);
    stream.socket.close();
  });

  it('refuses uploads of other clients and unknown ones, and survives bad messages', async () => {
    const answer = await uploadFiles(gw, outsider.token, outsiderClient, zipBoard('arduino-uno'), 'theirs.zip');
    expect(answer.status).toBe(200);
    const theirs = String(answer.json.uploadId);
    const stream = connect(await streamingToken(demo));
    await stream.opened;
    stream.subscribe(theirs);
    expect(await stream.next()).toEqual({ error: 'notFound', uploadId: theirs });
    stream.subscribe('00000000-0000-4000-8000-000000000000');
    expect(await stream.next()).toEqual({ error: 'notFound', uploadId: '00000000-0000-4000-8000-000000000000' });
    stream.send('{not json');
    expect(await stream.next()).toEqual({ error: 'badMessage', uploadId: null });
    stream.send(JSON.stringify({ subscribe: 'not-a-uuid' }));
    expect(await stream.next()).toEqual({ error: 'badMessage', uploadId: null });
    const mine = await upload('mine.zip');
    stream.subscribe(mine);
    expect((await stream.untilFinal(mine)).at(-1)?.final?.status).toBe('done');
    await waitProcessed(gw, outsider.token, theirs);
    stream.socket.close();
  });

  it('does not open for a session that ended after the token was issued', async () => {
    const token = await login(gw);
    const streaming = await streamingToken(token);
    expect((await get(gw, '/account/Authorization/TerminateCurrentSession', token)).status).toBe(200);
    expect(await connect(streaming).closed).toBe(4401);
  });
});
