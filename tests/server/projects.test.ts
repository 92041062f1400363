import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import type { Project } from '../../src/contract/projects';
import type { Gateway } from '../../server/app';
import { cartItems } from '../../server/cart/schema';
import { projects } from '../../server/projects/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { createClock, get, post, startGateway } from './helpers';
import { makeUpload } from './project-fixtures';

/** Saving projects — create, get, update and versions, statuses, favourite, duplicate, cart. */

const clock = createClock();
let gw: Gateway;
let owner: Person;
let buyer: Person;
let clientId = 0;
let otherClientId = 0;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  owner = await person(gw, 'saver', 'Сергей', 'Сохранов');
  buyer = await person(gw, 'buyer', 'Борис', 'Покупкин');
  const stranger = await person(gw, 'another', 'Анна', 'Другая');
  clientId = await makeClient(gw, { name: 'Сохраняющий клиент' }, [[owner, 1], [buyer, 5]]);
  otherClientId = await makeClient(gw, { name: 'Другой клиент' }, [[stranger, 1], [owner, 1]]);
});
afterAll(() => gw.close());

const FOUR_LAYERS: ProjectParams = {
  ...defaultParams('pcb'), quantity: 25, board: { ...defaultParams('pcb').board, layers: 4, finish: 'enig', widthMm: 120, heightMm: 85 },
};
const body = (changes: Record<string, unknown> = {}) =>
  ({ clientId, title: 'Контроллер', params: FOUR_LAYERS, uploadId: null, status: 'draft', ...changes });

async function save(path: 'Create' | 'Update', payload: Record<string, unknown>, token = owner.token, lang?: 'en') {
  return post(gw, `/catalog-viewer/v2/projects/${path}`, payload, { token, ...(lang ? { lang } : {}) });
}
async function created(payload: Record<string, unknown> = body()): Promise<Project> {
  const answer = await save('Create', payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Project;
}
const getProject = async (id: number, token = owner.token) => get(gw, `/catalog-viewer/v2/projects/Get?id=${id}`, token);
const setStatus = (id: number, status: string, token = owner.token) =>
  post(gw, '/catalog-viewer/v2/projects/SetStatus', { id, status }, { token });
const counters = async (token = owner.token) => (await get(gw, '/catalog-viewer/v2/other/counters', token)).json as {
  projects: { totalActual: number; totalDraft: number }; basket: { total: number; price: number }; favorite: { totalProject: number };
};
const projectCount = async () => (await gw.db.select().from(projects)).length;

describe('create and get', () => {
  it('prices the parameters and keeps them with version 1', async () => {
    const draftsBefore = (await counters()).projects.totalDraft;
    const project = await created(body({ title: '  Контроллер  ' }));
    expect(project).toMatchObject({
      title: 'Контроллер', status: 'draft', productType: 'pcb', clientId, clientName: 'Сохраняющий клиент', quantity: 25,
      widthMm: 120, heightMm: 85, layers: 4, versionNumber: 1, params: FOUR_LAYERS, isEditable: true, analysis: null, previewUrl: null,
    });
    expect(project.quote?.total).toBeGreaterThan(0);
    expect(project.price).toBe(project.quote?.total);
    expect(project.versions).toEqual([
      { id: project.versionId, number: 1, createdAt: clock.now().toISOString(), uploadId: null, archiveName: null, boardName: null, fileCount: 0 },
    ]);
    expect((await getProject(project.id)).body).toEqual(project);
    expect((await counters()).projects.totalDraft).toBe(draftsBefore + 1);
  });

  it('saves nothing when the parameters cannot be made, naming the field', async () => {
    const before = await projectCount();
    const aluminium = await save('Create', body({ params: { ...FOUR_LAYERS, board: { ...FOUR_LAYERS.board, material: 'aluminium' } } }));
    expect(aluminium.status).toBe(400);
    expect(aluminium.json.field).toBe('params.board.layers');
    const layers = await save('Create', body({ params: { ...FOUR_LAYERS, board: { ...FOUR_LAYERS.board, layers: 3 } } }));
    expect([layers.status, layers.json.field]).toEqual([400, 'params.board.layers']);
    const blank = await save('Create', body({ title: '   ' }));
    expect([blank.status, blank.json.field]).toEqual([400, 'title']);
    const status = await save('Create', body({ status: 'archive' }));
    expect([status.status, status.json.field]).toEqual([400, 'status']);
    const upload = await save('Create', body({ uploadId: 'not-a-uuid' }));
    expect([upload.status, upload.json.field]).toEqual([400, 'uploadId']);
    expect(await projectCount()).toBe(before);
  });

  it('attaches only processed files of the same client', async () => {
    const before = await projectCount();
    const foreign = await makeUpload(gw, { clientId: otherClientId, userId: owner.id });
    const busy = await makeUpload(gw, { clientId, userId: owner.id, status: 'processing' });
    const failed = await makeUpload(gw, { clientId, userId: owner.id, status: 'failed' });
    const wrong = await save('Create', body({ uploadId: foreign }));
    expect([wrong.status, wrong.json.field]).toEqual([404, 'uploadId']);
    const unknown = await save('Create', body({ uploadId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(404);
    for (const uploadId of [busy, failed]) {
      const answer = await save('Create', body({ uploadId }));
      expect([answer.status, answer.json.code, answer.json.field]).toEqual([409, 'uploadNotReady', 'uploadId']);
    }
    expect(await projectCount()).toBe(before);
    const uploadId = await makeUpload(gw, { clientId, userId: owner.id, files: 3, name: 'board.zip' });
    const project = await created(body({ uploadId, status: 'actual' }));
    expect(project).toMatchObject({ status: 'actual', previewUrl: `/files/boards/${uploadId}/top.svg` });
    expect(project.versions[0]).toMatchObject({ uploadId, archiveName: 'board.zip', fileCount: 3 });
    expect(project.analysis?.uploadId).toBe(uploadId);
  });

  it('answers 404 for an unknown project and for a project of a client the user is not a member of', async () => {
    expect((await getProject(999_999)).status).toBe(404);
    expect((await getProject(9_999_999_999)).status).toBe(400);
    const mine = await created();
    const outsider = await person(gw, 'outsider', 'Остап', 'Посторонний');
    const answer = await getProject(mine.id, outsider.token);
    expect([answer.status, answer.json.field]).toEqual([404, 'id']);
  });

  it('shows a project kept before parameters were with default parameters and no versions', async () => {
    const [row] = await gw.db
      .insert(projects)
      .values({ clientId, ownerUserId: owner.id, title: 'Старый', status: 'draft', productType: 'stencil', quantity: 3 })
      .returning({ id: projects.id });
    const project = (await getProject(row?.id ?? 0)).body as Project;
    expect(project).toMatchObject({ quote: null, price: null, versions: [], versionId: 0, versionNumber: 0, widthMm: null });
    expect(project.params).toEqual({ ...defaultParams('stencil'), quantity: 3 });
    const actual = await setStatus(project.id, 'actual');
    expect([actual.status, actual.json.code]).toEqual([409, 'projectNotReady']);
  });
});

describe('the edge connector option', () => {
  it('keeps it with the project and its copy, prices it, and reads a project saved before it as without', async () => {
    const withFingers = await created(body({ params: { ...FOUR_LAYERS, board: { ...FOUR_LAYERS.board, edgeConnector: true } } }));
    expect(withFingers.params.board.edgeConnector).toBe(true);
    expect(withFingers.quote?.lines.map((line) => line.code)).toContain('edgeConnector');
    const copy = (await post(gw, '/catalog-viewer/v2/projects/Duplicate', { id: withFingers.id }, { token: owner.token })).body as Project;
    expect(copy.params.board.edgeConnector).toBe(true);

    // An app of before the option sends no such member, and a stored project has none: both read as without.
    const { edgeConnector: _absent, ...oldBoard } = FOUR_LAYERS.board;
    const old = await created(body({ params: { ...FOUR_LAYERS, board: oldBoard } }));
    expect(old.quote?.lines.map((line) => line.code)).not.toContain('edgeConnector');
    const fetched = await getProject(old.id);
    expect(fetched.status).toBe(200);
    expect((fetched.body as Project).params.board).toEqual(oldBoard);
  });
});

describe('update and versions', () => {
  it('keeps the version for the same files, makes a new one for other files, and moves the activity date', async () => {
    const first = await makeUpload(gw, { clientId, userId: owner.id, name: 'v1.zip' });
    const project = await created(body({ uploadId: first }));
    clock.advance(60);
    const cheaper = { ...FOUR_LAYERS, quantity: 5 };
    const same = (await save('Update', { id: project.id, ...body({ uploadId: first, params: cheaper, title: 'Контроллер 2' }) })).body as Project;
    expect(same).toMatchObject({ title: 'Контроллер 2', quantity: 5, versionNumber: 1, versionId: project.versionId, updatedAt: clock.now().toISOString() });
    expect(same.versions).toHaveLength(1);
    expect(same.quote?.total).not.toBe(project.quote?.total);
    clock.advance(60);
    const second = await makeUpload(gw, { clientId, userId: owner.id, name: 'v2.zip', files: 4 });
    const next = (await save('Update', { id: project.id, ...body({ uploadId: second, params: cheaper }) })).body as Project;
    expect(next.versionNumber).toBe(2);
    expect(next.versions.map((version) => [version.number, version.archiveName, version.fileCount])).toEqual([[1, 'v1.zip', 2], [2, 'v2.zip', 4]]);
    expect(next.versionId).toBe(next.versions[1]?.id);
    expect(next.previewUrl).toBe(`/files/boards/${second}/top.svg`);
    const none = (await save('Update', { id: project.id, ...body({ uploadId: null, params: cheaper }) })).body as Project;
    expect([none.versionNumber, none.previewUrl, none.analysis]).toEqual([3, null, null]);
  });

  it('refuses another client, bad parameters and other clients\' files, changing nothing', async () => {
    const project = await created();
    const moved = await save('Update', { id: project.id, ...body({ clientId: otherClientId }) });
    expect([moved.status, moved.json.field]).toEqual([400, 'clientId']);
    const bad = await save('Update', { id: project.id, ...body({ params: { ...FOUR_LAYERS, board: { ...FOUR_LAYERS.board, thicknessMm: 0.4 } } }) });
    expect([bad.status, bad.json.field]).toEqual([400, 'params.board.thicknessMm']);
    const foreign = await makeUpload(gw, { clientId: otherClientId, userId: owner.id });
    expect((await save('Update', { id: project.id, ...body({ uploadId: foreign }) })).status).toBe(404);
    expect((await getProject(project.id)).body).toEqual(project);
  });
});

describe('statuses', () => {
  it('goes draft ↔ actual, any → archive, archive → draft only; an archived project cannot be edited', async () => {
    const project = await created();
    expect((await setStatus(project.id, 'actual')).json).toMatchObject({ status: 'actual', isEditable: true });
    expect((await setStatus(project.id, 'draft')).json.status).toBe('draft');
    expect((await setStatus(project.id, 'archive')).json).toMatchObject({ status: 'archive', isEditable: false });
    const edit = await save('Update', { id: project.id, ...body() });
    expect([edit.status, edit.json.code]).toEqual([409, 'projectArchived']);
    const toActual = await setStatus(project.id, 'actual');
    expect([toActual.status, toActual.json.code]).toEqual([409, 'statusNotAllowed']);
    expect((await setStatus(project.id, 'draft')).json).toMatchObject({ status: 'draft', isEditable: true });
    expect((await save('Update', { id: project.id, ...body({ status: 'actual' }) })).json.status).toBe('actual');
  });

  it('counts in the menu counters by status', async () => {
    const before = await counters();
    const project = await created(body({ status: 'actual' }));
    expect((await counters()).projects.totalActual).toBe(before.projects.totalActual + 1);
    await setStatus(project.id, 'archive');
    expect((await counters()).projects).toEqual(before.projects);
  });
});

describe('favourite and duplicate', () => {
  it('marks a favourite for any member without moving the activity date', async () => {
    const project = await created();
    clock.advance(60);
    const answer = await post(gw, '/catalog-viewer/v2/projects/SetFavorite', { id: project.id, isFavorite: true }, { token: buyer.token });
    expect(answer.json).toEqual({ ok: true });
    const after = (await getProject(project.id)).body as Project;
    expect([after.isFavorite, after.updatedAt]).toEqual([true, project.updatedAt]);
    const favourites = await post(
      gw,
      '/catalog-viewer/v2/projects/List',
      { pagination: { page: 1, itemsOnPage: 50 }, filters: ['favorite'] },
      { token: owner.token },
    );
    expect((favourites.body as Project[]).map((item) => item.id)).toContain(project.id);
  });

  it('copies a project as a draft with the same files and parameters, the suffix in the caller\'s language', async () => {
    const uploadId = await makeUpload(gw, { clientId, userId: owner.id });
    const project = await created(body({ uploadId, status: 'actual' }));
    await post(gw, '/catalog-viewer/v2/projects/SetFavorite', { id: project.id, isFavorite: true }, { token: owner.token });
    const copy = (await post(gw, '/catalog-viewer/v2/projects/Duplicate', { id: project.id }, { token: owner.token })).body as Project;
    expect(copy).toMatchObject({
      title: 'Контроллер (копия)',
      status: 'draft',
      isFavorite: false,
      params: project.params,
      quote: project.quote,
      versionNumber: 1,
    });
    expect(copy.id).not.toBe(project.id);
    expect(copy.versions.map((version) => version.uploadId)).toEqual([uploadId]);
    const english = await post(gw, '/catalog-viewer/v2/projects/Duplicate', { id: project.id }, { token: owner.token, lang: 'en' });
    expect(english.json.title).toBe('Контроллер (copy)');
    const long = await created(body({ title: 'Д'.repeat(200) }));
    const longCopy = await post(gw, '/catalog-viewer/v2/projects/Duplicate', { id: long.id }, { token: owner.token });
    expect(String(longCopy.json.title)).toHaveLength(200);
    expect(String(longCopy.json.title).endsWith(' (копия)')).toBe(true);
  });
});

describe('cart', () => {
  const addToCart = (projectId: number, token = owner.token) => post(gw, '/cart/AddProject', { projectId }, { token });

  it('takes only actual projects with a price, once per project, at its quantity and quote', async () => {
    const before = await counters(buyer.token);
    const project = await created();
    const draft = await addToCart(project.id, buyer.token);
    expect([draft.status, draft.json.code, draft.json.field]).toEqual([409, 'projectNotReady', 'projectId']);
    await setStatus(project.id, 'actual');
    const added = await addToCart(project.id, buyer.token);
    expect(added.json).toEqual({ cartTotal: before.basket.total + 1 });
    const after = await counters(buyer.token);
    expect(after.basket.total).toBe(before.basket.total + 1);
    expect(after.basket.price).toBeCloseTo(before.basket.price + (project.quote?.total ?? 0), 2);
    const bigger = (await save('Update', { id: project.id, ...body({ status: 'actual', params: { ...FOUR_LAYERS, quantity: 100 } }) })).body as Project;
    expect((await addToCart(project.id, buyer.token)).json).toEqual({ cartTotal: before.basket.total + 1 });
    const lines = await gw.db.select().from(cartItems).where(eq(cartItems.projectId, project.id));
    expect(lines.map((line) => [line.userId, line.quantity, line.price])).toEqual([[buyer.id, 100, bigger.quote?.total]]);
    await setStatus(project.id, 'archive');
    expect((await addToCart(project.id, buyer.token)).status).toBe(409);
  });
});
