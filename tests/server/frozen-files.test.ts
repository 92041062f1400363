import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fourLayerBoardZip } from '../../scripts/four-layer-board';
import { setLayers, type BoardAnalysis, type UploadState } from '../../src/contract/board-files';
import * as cart from '../../src/contract/cart';
import * as ordersContract from '../../src/contract/orders';
import { addProjectToCart, updateProject } from '../../src/contract/projects';
import { QUOTE_KEY_HEADER, setQuoteLayers } from '../../src/contract/quote';
import type { Gateway } from '../../server/app';
import { sweepUploads } from '../../server/board-jobs/retention';
import { uploadHolders } from '../../server/orders/upload-holders';
import { boardJobs, boardUploads } from '../../server/board-jobs/schema';
import { waitProcessed, uploadFiles } from './board-fixtures';
import { endpointOf, lineOf, orderingData, pcb, pricedProject, type OrderingData } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, createClock, startGateway } from './helpers';
import { makeUpload, storeUploadFiles } from './project-fixtures';

/**
 * What is ordered is what was checked. The attack: order a board with 0.03 mm tracks by marking its copper as a
 * drawing (DFM then measures nothing there), then set the copper back on the ordered upload. Files a cart or an
 * order holds do not change, and a layer correction that changes what DFM measures sends the board for an
 * engineer's review that only the operator's release ends.
 */

const OPERATOR_KEY = 'frozen-files-operator-key-for-tests';
const clock = createClock(new Date('2026-05-04T09:00:00Z'));
let gw: Gateway;
let owner: Person;
let clientId = 0;
let data: OrderingData;
let warehouse = 0;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, operatorKey: OPERATOR_KEY, orderSimulatorSeconds: 0 });
  owner = await person(gw, 'frozen-owner', 'Фёдор', 'Заморозов');
  clientId = await makeClient(gw, { name: 'Замороженные файлы' }, [[owner, 1]]);
  data = await orderingData(gw, clientId, 'Заморозка');
  warehouse = (await endpointOf(gw, 'warehouse')).id;
});
afterAll(async () => { await gw.close(); });

type Layer = Pick<BoardAnalysis['files'][number], 'id' | 'type' | 'side' | 'hidden' | 'order'>;

/** The four-layer test board, uploaded and measured whole (DFM included); 0.03 mm tracks on its top copper with `thin`. */
async function uploadBoard(thin: boolean): Promise<UploadState> {
  const zip = Buffer.from(fourLayerBoardZip(thin ? { traceWidthMm: 0.03 } : {}));
  const upload = await uploadFiles(gw, owner.token, clientId, zip, thin ? 'thin.zip' : 'clean.zip');
  expect(upload.status, JSON.stringify(upload.json)).toBe(200);
  return waitProcessed(gw, owner.token, String(upload.json.uploadId), 60_000, { dfm: true });
}

const layersOf = (state: UploadState): Layer[] =>
  (state.analysis?.files ?? []).map(({ id, type, side, hidden, order }) => ({ id, type, side, hidden, order }));
const fileNamed = (state: UploadState, suffix: string) => {
  const file = state.analysis?.files.find((one) => one.name.endsWith(suffix));
  if (!file) throw new Error(`no file ${suffix}`);
  return file.id;
};
/** The layers as they are, with `change` made to one file. */
const changed = (state: UploadState, fileId: string, change: Partial<Layer>): Layer[] =>
  layersOf(state).map((layer) => (layer.id === fileId ? { ...layer, ...change } : layer));

/** SetLayers as the wizard sends it; once answered, waits for the DFM that comes after the pictures. */
async function correct(uploadId: string, files: Layer[], lang: 'ru' | 'en' = 'en') {
  const answer = await call(gw, 'POST', setLayers.path, { token: owner.token, lang, body: { uploadId, files } });
  const state = answer.status === 200 ? await waitProcessed(gw, owner.token, uploadId, 60_000, { dfm: true }) : null;
  return { ...answer, state };
}
const getUpload = async (uploadId: string) => waitProcessed(gw, owner.token, uploadId, 60_000, { dfm: true });
const findings = (state: UploadState | null) => (state?.analysis?.dfm?.places ?? []).filter((place) => place.rule === 'trackWidth' && place.valueMm < 0.05);

const add = (projectId: number, dfmReview?: boolean) =>
  call(gw, 'POST', addProjectToCart.path, { token: owner.token, lang: 'en', body: { projectId, ...(dfmReview ? { dfmReview } : {}) } });
const cartLine = async (projectId: number) =>
  ((await call(gw, 'GET', cart.getCart.path, { token: owner.token })).body as cart.Cart).lines.find((line) => line.projectId === projectId);
async function checkout(projectIds: number[]) {
  const lineIds = await Promise.all(projectIds.map((id) => lineOf(gw, owner.id, id)));
  return call(gw, 'POST', cart.checkout.path, {
    token: owner.token, lang: 'en',
    body: {
      idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
      delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '', lineIds,
    },
  });
}
const getOrder = async (id: number) =>
  (await call(gw, 'GET', `${ordersContract.getOrder.path}?id=${id}`, { token: owner.token, lang: 'en' })).body as ordersContract.Order;
const operatorAction = (order: number, action: 'release' | 'approve', authorization = `Operator ${OPERATOR_KEY}`) =>
  call(gw, 'POST', ordersContract.operatorOrderAction.path, { headers: { authorization }, body: { order: String(order), action } });
const jobsOf = async (uploadId: string) => (await gw.db.select({ id: boardJobs.id }).from(boardJobs).where(eq(boardJobs.uploadId, uploadId))).length;
const projectOf = (uploadId: string, title: string) => pricedProject(gw, { clientId, ownerUserId: owner.id, title, uploadId, params: pcb(10, 4) });

describe('the DFM bypass of the security report', () => {
  it('is refused or sent for review at every step, the ordered files never change, and only the operator releases the order', async () => {
    const uploaded = await uploadBoard(true);
    const { uploadId } = uploaded;
    const topCopper = fileNamed(uploaded, 'F_Cu.gbr');
    expect(findings(uploaded)).not.toEqual([]);
    const projectId = await projectOf(uploadId, 'Тонкие дорожки');

    // 1. As uploaded, the board is refused for its tracks.
    const refused = await add(projectId);
    expect([refused.status, refused.json.code]).toEqual([400, 'dfm.trackWidth']);

    // 2. The copper marked as a drawing: DFM no longer sees the tracks, but the correction marks the board for review.
    const hidden = await correct(uploadId, changed(uploaded, topCopper, { type: 'drawing' }));
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(findings(hidden.state)).toEqual([]);
    expect(hidden.state?.analysis).toMatchObject({ dfmReviewReason: 'layersCorrected' });

    // 3. Into the cart without a refusal, but for an engineer's review, which the cart line says.
    expect((await add(projectId)).status).toBe(200);
    expect(await cartLine(projectId)).toMatchObject({ dfmReview: true, dfmReviewReason: 'layersCorrected' });

    // 4. In the cart its files are frozen: the copper cannot come back before the order either.
    const whileCarted = await correct(uploadId, changed(uploaded, topCopper, { type: 'copper' }));
    expect([whileCarted.status, whileCarted.json.code, whileCarted.json.field]).toEqual([409, 'uploadFrozen', 'uploadId']);

    // 5. The checkout places it held at the check for the engineer.
    const placed = await checkout([projectId]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = (placed.body as cart.PlacedOrder).orderId;
    const order = await getOrder(orderId);
    expect(order).toMatchObject({ status: 'on_check', holdReason: expect.stringContaining('layers corrected by hand') });
    expect(order.lines[0]).toMatchObject({ dfmReview: true, dfmReviewReason: 'layersCorrected' });

    // 6. The ordered upload does not change: 409 in the caller's language, no job queued, the same layers.
    const jobsBefore = await jobsOf(uploadId);
    const afterOrder = await correct(uploadId, changed(uploaded, topCopper, { type: 'copper' }), 'ru');
    expect([afterOrder.status, afterOrder.json.code]).toEqual([409, 'uploadFrozen']);
    expect(String(afterOrder.json.error)).toContain('загрузите файлы заново');
    expect(String((await correct(uploadId, changed(uploaded, topCopper, { type: 'copper' }))).json.error)).toContain('upload the files again');
    expect(await jobsOf(uploadId)).toBe(jobsBefore);
    const stillOrdered = await getUpload(uploadId);
    expect(layersOf(stillOrdered)).toEqual(layersOf(hidden.state as UploadState));
    expect(stillOrdered.analysis?.files.find((file) => file.id === topCopper)).toMatchObject({ type: 'drawing' });

    // 7. The customer cannot move it on; the operator's release after the review does.
    expect((await operatorAction(orderId, 'release', `Bearer ${owner.token}`)).status).toBe(401);
    expect((await operatorAction(orderId, 'approve')).status).toBe(409);
    expect(await getOrder(orderId)).toMatchObject({ status: 'on_check', holdReason: expect.any(String) });
    expect((await operatorAction(orderId, 'release')).status).toBe(200);
    expect(await getOrder(orderId)).toMatchObject({ status: 'on_check', holdReason: null });
    expect((await operatorAction(orderId, 'approve')).status).toBe(200);
  }, 180_000);
});

describe('a layer correction that changes what DFM measures', () => {
  it('keeps the board under review once the layers are set back, even with no error left', async () => {
    const uploaded = await uploadBoard(false);
    const silk = fileNamed(uploaded, 'F_SilkS.gbr');
    const projectId = await projectOf(uploaded.uploadId, 'Шёлк туда и обратно');
    const hiddenSilk = await correct(uploaded.uploadId, changed(uploaded, silk, { hidden: true }));
    expect(hiddenSilk.state?.analysis).toMatchObject({ dfmReviewReason: 'layersCorrected' });
    const back = await correct(uploaded.uploadId, layersOf(uploaded));
    expect(back.status).toBe(200);
    expect(layersOf(back.state as UploadState)).toEqual(layersOf(uploaded));
    expect(back.state?.analysis).toMatchObject({ dfmReviewReason: 'layersCorrected' });
    expect((await add(projectId)).status).toBe(200);
    expect(await cartLine(projectId)).toMatchObject({ dfmReview: true, dfmReviewReason: 'layersCorrected' });
  }, 120_000);

  it('is not made by a new order of the inner layers, which DFM does not read, but is by a copper layer moved to another side', async () => {
    const uploaded = await uploadBoard(false);
    const inner1 = fileNamed(uploaded, 'In1_Cu.gbr');
    const inner2 = fileNamed(uploaded, 'In2_Cu.gbr');
    const order = (id: string) => uploaded.analysis?.files.find((file) => file.id === id)?.order ?? 0;
    const swapped = layersOf(uploaded).map((layer) =>
      layer.id === inner1 ? { ...layer, order: order(inner2) } : layer.id === inner2 ? { ...layer, order: order(inner1) } : layer,
    );
    const reordered = await correct(uploaded.uploadId, swapped);
    expect(reordered.status).toBe(200);
    expect(reordered.state?.analysis?.files.find((file) => file.id === inner1)?.order).toBe(order(inner2));
    expect(reordered.state?.analysis).not.toHaveProperty('dfmReviewReason');

    const bottom = fileNamed(uploaded, 'B_Cu.gbr');
    const moved = await correct(
      uploaded.uploadId,
      layersOf(reordered.state as UploadState).map((layer) => (layer.id === bottom ? { ...layer, side: 'top' as const } : layer)),
    );
    expect(moved.state?.analysis).toMatchObject({ dfmReviewReason: 'layersCorrected' });
    const projectId = await projectOf(uploaded.uploadId, 'Медь на другой стороне');
    expect((await add(projectId)).status).toBe(200);
    expect(await cartLine(projectId)).toMatchObject({ dfmReview: true, dfmReviewReason: 'layersCorrected' });
  }, 120_000);
});

describe('files in a cart', () => {
  /** A processed upload straight in the database (no job runs on it), for rules that need no real board. */
  const madeUpload = () => makeUpload(gw, { clientId, userId: owner.id });

  it('are frozen while the line is there and free again once it is removed', async () => {
    const uploadId = await madeUpload();
    await storeUploadFiles(gw, uploadId, [{ name: 'board.gtl', content: 'G04 one copper file*\n%MOMM*%\nM02*\n' }]);
    const projectId = await projectOf(uploadId, 'Из корзины обратно');
    expect((await add(projectId)).status).toBe(200);
    const files = [{ id: 'f1', type: 'copper' as const, side: 'bottom' as const, hidden: false, order: 0 }];
    expect((await call(gw, 'POST', setLayers.path, { token: owner.token, body: { uploadId, files } })).json).toMatchObject({ code: 'uploadFrozen' });
    expect(await jobsOf(uploadId)).toBe(0);
    const lineId = await lineOf(gw, owner.id, projectId);
    expect((await call(gw, 'DELETE', cart.removeCartLine.path, { token: owner.token, body: { lineId } })).status).toBe(200);
    // Free again: SetLayers processes the files with the correction.
    expect((await call(gw, 'POST', setLayers.path, { token: owner.token, body: { uploadId, files } })).status).toBe(200);
    expect(await jobsOf(uploadId)).toBe(1);
  });

  it('cannot be reached through the instant quote once claimed, whatever key is shown', async () => {
    const uploadId = await madeUpload();
    await gw.db.update(boardUploads).set({ quoteKeyHash: null }).where(eq(boardUploads.id, uploadId));
    const projectId = await projectOf(uploadId, 'Из расчёта');
    expect((await add(projectId)).status).toBe(200);
    const answer = await call(gw, 'POST', setQuoteLayers.path, {
      headers: { [QUOTE_KEY_HEADER]: 'A'.repeat(43) },
      body: { uploadId, files: [{ id: 'f1', type: 'drawing', side: null, hidden: false, order: 0 }] },
    });
    expect(answer.status).toBe(404);
    expect(await jobsOf(uploadId)).toBe(0);
  });

  it('being processed again are not put in the cart, ordered or attached until the job is over', async () => {
    const uploadId = await madeUpload();
    const projectId = await projectOf(uploadId, 'Обрабатывается заново');
    expect((await add(projectId)).status).toBe(200);
    // A re-run another gateway holds (its lease runs far past this test's clock), as if SetLayers came just before.
    const [job] = await gw.db.insert(boardJobs).values({
      uploadId, overrides: [], status: 'running', runAfter: clock.now(), createdAt: clock.now(), leaseOwner: 'elsewhere',
      leaseUntil: new Date(clock.now().getTime() + 86_400_000), attempts: 1,
    }).returning({ id: boardJobs.id });
    const again = await add(projectId);
    expect([again.status, again.json.code, again.json.field]).toEqual([409, 'dfm.running', 'projectId']);
    const refused = await checkout([projectId]);
    expect([refused.status, refused.json.code, refused.json.field]).toEqual([409, 'dfm.running', 'lineIds']);

    const handEntered = await pricedProject(gw, { clientId, ownerUserId: owner.id, title: 'Файлы позже', uploadId: null });
    expect((await add(handEntered)).status).toBe(200);
    const lineIds = [await lineOf(gw, owner.id, handEntered)];
    const placed = await call(gw, 'POST', cart.checkout.path, {
      token: owner.token,
      body: {
        idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
        delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '', lineIds, filesLater: true,
      },
    });
    const order = await getOrder((placed.body as cart.PlacedOrder).orderId);
    const attach = () => call(gw, 'POST', ordersContract.attachOrderFiles.path, {
      token: owner.token, body: { orderId: order.id, lineId: order.lines[0]?.id ?? 0, uploadId },
    });
    expect((await attach()).json).toMatchObject({ code: 'dfm.running', field: 'uploadId' });

    await gw.db.update(boardJobs).set({ status: 'done', leaseOwner: null, leaseUntil: null }).where(eq(boardJobs.id, job?.id ?? 0));
    expect((await checkout([projectId])).status).toBe(200);
    expect((await attach()).status).toBe(200);
  });

  it('whose project took other files since are judged again at the checkout, a correction of layers included', async () => {
    const projectId = await projectOf(await madeUpload(), 'Новая версия в корзине');
    expect((await add(projectId)).status).toBe(200);
    expect(await cartLine(projectId)).toMatchObject({ dfmReview: false });
    const corrected = await madeUpload();
    await gw.db.update(boardUploads).set({ dfmReviewReason: 'layersCorrected' }).where(eq(boardUploads.id, corrected));
    const updated = await call(gw, 'POST', updateProject.path, {
      token: owner.token, body: { id: projectId, clientId, title: 'Новая версия в корзине', params: pcb(10, 4), uploadId: corrected, status: 'actual' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const placed = await checkout([projectId]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await getOrder((placed.body as cart.PlacedOrder).orderId);
    expect(order).toMatchObject({ status: 'on_check', holdReason: expect.stringContaining("engineer's review") });
    expect(order.lines[0]).toMatchObject({ dfmReview: true, dfmReviewReason: 'layersCorrected' });
  });

  it('ordered are kept by the retention sweep however old', async () => {
    const ordered = await madeUpload();
    const projectId = await projectOf(ordered, 'Старый заказ');
    expect((await add(projectId)).status).toBe(200);
    expect((await checkout([projectId])).status).toBe(200);
    await sweepUploads(gw.db, gw.context.files, uploadHolders, new Date(clock.now().getTime() + 365 * 86_400_000), 1, 1);
    expect(await gw.db.select({ id: boardUploads.id }).from(boardUploads).where(eq(boardUploads.id, ordered))).toEqual([{ id: ordered }]);
  });
});
