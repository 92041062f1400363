import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import * as boardFileCalls from '../../src/contract/board-files';
import * as projectCalls from '../../src/contract/projects';
import * as quoteCalls from '../../src/contract/quote';
import type { Gateway } from '../../server/app';
import { cartItems } from '../../server/cart/schema';
import { boardJobs, boardUploads } from '../../server/board-jobs/schema';
import { projects, projectVersions } from '../../server/projects/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { call, startGateway } from './helpers';
import { callsOf, itRefusesAnonymous, itRefusesEachRow, tableText, type AuthzRow } from './authz-table';
import { makeProject, makeUpload, PAGE } from './project-fixtures';

/**
 * Every projects call, tried by an anonymous caller, by a member of another client, by a buyer (who may
 * not change projects) and by an engineer (who may not order). Each refusal must leave the client's projects,
 * versions and carts as they were. The run prints the table of what was checked.
 */

/** Who may make the call inside the client: any member, roles 1–4 (edit), or roles 1, 2, 3, 5 (cart). */
type Need = 'member' | 'edit' | 'cart';
type Ids = { client: number; project: number; upload: string };
type Row = AuthzRow<Need, Ids>;

const save = (ids: Ids) => ({ clientId: ids.client, title: 'Проверка', params: defaultParams('pcb'), uploadId: ids.upload, status: 'actual' });

const ROWS: Row[] = [
  { call: projectCalls.getProject, need: 'member', input: (ids) => ({ query: { id: ids.project } }) },
  { call: projectCalls.createProject, need: 'edit', input: (ids) => ({ body: save(ids) }) },
  { call: projectCalls.updateProject, need: 'edit', input: (ids) => ({ body: { id: ids.project, ...save(ids), title: 'Изменено' } }) },
  { call: projectCalls.setProjectStatus, need: 'edit', input: (ids) => ({ body: { id: ids.project, status: 'archive' } }) },
  { call: projectCalls.setProjectFavorite, need: 'member', input: (ids) => ({ body: { id: ids.project, isFavorite: true } }) },
  { call: projectCalls.duplicateProject, need: 'edit', input: (ids) => ({ body: { id: ids.project } }) },
  { call: projectCalls.addProjectToCart, need: 'cart', input: (ids) => ({ body: { projectId: ids.project } }) },
  // Carrying an instant quote into the client makes a project, so it needs what Create needs.
  {
    call: quoteCalls.claimQuote,
    need: 'edit',
    input: (ids) => ({ body: { uploadId: ids.upload, clientId: ids.client, title: 'Из расчёта', params: defaultParams('pcb') } }),
  },
  // The board files of a client's projects, read and corrected by its members, uploaded by roles 1–4.
  { call: boardFileCalls.uploadBoardFiles, need: 'edit', input: (ids) => ({ query: { clientId: ids.client, fileName: 'board.zip' } }) },
  { call: boardFileCalls.getUpload, need: 'member', input: (ids) => ({ query: { uploadId: ids.upload } }) },
  {
    call: boardFileCalls.setLayers,
    need: 'edit',
    input: (ids) => ({ body: { uploadId: ids.upload, files: [{ id: 'f1', type: 'copper', side: 'top', hidden: false, order: 0 }] } }),
  },
];

let gw: Gateway;
const ids = {} as Ids;
const people = {} as Record<'owner' | 'engineer' | 'buyer' | 'outsider', Person>;
const table: string[] = [];

async function snapshot(): Promise<string> {
  const rows = await gw.db.select().from(projects).where(eq(projects.clientId, ids.client));
  const projectIds = rows.map((row) => row.id);
  const [versions, lines, uploads, jobs] = await Promise.all([
    gw.db.select().from(projectVersions).where(inArray(projectVersions.projectId, projectIds)),
    gw.db.select().from(cartItems).where(inArray(cartItems.projectId, projectIds)),
    gw.db.select().from(boardUploads).where(eq(boardUploads.clientId, ids.client)),
    gw.db.select().from(boardJobs),
  ]);
  return JSON.stringify([rows, versions, lines, uploads, jobs]);
}

beforeAll(async () => {
  gw = await startGateway();
  people.owner = await person(gw, 'p-owner', 'Олег', 'Владельцев');
  people.engineer = await person(gw, 'p-engineer', 'Инна', 'Инженерова');
  people.buyer = await person(gw, 'p-buyer', 'Богдан', 'Закупкин');
  people.outsider = await person(gw, 'p-outsider', 'Фёдор', 'Сторонний');
  ids.client = await makeClient(gw, { name: 'Проверяемый' }, [[people.owner, 1], [people.engineer, 4], [people.buyer, 5]]);
  await makeClient(gw, { name: 'Чужой' }, [[people.outsider, 1]]);
  ids.upload = await makeUpload(gw, { clientId: ids.client, userId: people.owner.id });
  ids.project = await makeProject(gw, { clientId: ids.client, ownerUserId: people.owner.id, title: 'Секрет', status: 'actual', uploadId: ids.upload });
});

afterAll(async () => {
  console.log(tableText('Projects calls: who is refused (status answered, the client\'s projects unchanged)',
    ['Call', 'Needs', 'Anonymous', 'Member of another client', 'Buyer (5)', 'Engineer (4)'], table));
  await gw.close();
});

const NEED_LABEL: Record<Need, string> = { member: 'any member', edit: 'roles 1–4', cart: 'roles 1, 2, 3, 5' };

describe('every projects call that names a client or a project refuses callers without access and changes nothing', () => {
  itRefusesEachRow({
    gateway: () => gw, ids, rows: ROWS, outsider: () => people.outsider, needLabel: NEED_LABEL, snapshot, table,
    refused: [{ who: () => people.buyer, needs: ['edit'] }, { who: () => people.engineer, needs: ['cart'] }],
  });
});

describe('the list shows only the projects of the caller\'s clients', () => {
  it('a member of another client neither counts nor sees them', async () => {
    for (const path of [projectCalls.projectsListCount.path, projectCalls.projectsList.path]) {
      expect((await call(gw, 'POST', path, { body: PAGE() })).status).toBe(401);
    }
    const count = await call(gw, 'POST', projectCalls.projectsListCount.path, { token: people.outsider.token, body: {} });
    expect(count.json).toEqual({ count: 0 });
    const list = await call(gw, 'POST', projectCalls.projectsList.path, { token: people.outsider.token, body: { ...PAGE(), search: `#${ids.project}` } });
    expect(list.body).toEqual([]);
    const mine = await call(gw, 'POST', projectCalls.projectsList.path, { token: people.buyer.token, body: PAGE() });
    expect((mine.body as Array<{ id: number }>).map((item) => item.id)).toEqual([ids.project]);
    table.push('| POST /catalog-viewer/v2/projects/ListCount, List | any member (own clients only) | 401 | 200, none of them | allowed | allowed |');
  });

  it('the allowed roles do get through (the refusals above are about the role, not the request)', async () => {
    const buyerCart = await call(gw, 'POST', projectCalls.addProjectToCart.path, { token: people.buyer.token, body: { projectId: ids.project } });
    expect(buyerCart.status).toBe(200);
    const engineerEdit = await call(gw, 'POST', projectCalls.updateProject.path, { token: people.engineer.token, body: { id: ids.project, ...save(ids) } });
    expect(engineerEdit.status, JSON.stringify(engineerEdit.body)).toBe(200);
    expect(engineerEdit.json.isEditable).toBe(true);
    const buyerView = await call(gw, 'GET', `${projectCalls.getProject.path}?id=${ids.project}`, { token: people.buyer.token });
    expect([buyerView.status, buyerView.json.isEditable]).toEqual([200, false]);
  });
});

describe('every projects call refuses an anonymous caller', () => {
  itRefusesAnonymous(() => gw, callsOf([projectCalls, quoteCalls], 'user'), (count) => expect(count).toBe(13));
});
