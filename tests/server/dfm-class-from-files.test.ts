import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fourLayerBoardZip, type Violations } from '../../scripts/four-layer-board';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import { paramsFromMeasurements } from '../../src/contract/board-checks';
import type { BoardAnalysis } from '../../src/contract/board-files';
import * as cart from '../../src/contract/cart';
import { withNeededClasses } from '../../src/contract/dfm-classes';
import {
  addProjectToCart, createProject, projectsList, setProjectStatus, type Project, type ProjectSummary,
} from '../../src/contract/projects';
import { claimQuote, getQuoteUpload, QUOTE_KEY_HEADER, quotePrice, uploadQuoteFiles } from '../../src/contract/quote';
import type { Gateway } from '../../server/app';
import { activeCapabilities } from '../../server/board-jobs/capability-table';
import { quoteFor } from '../../server/pricing/quote';
import { uploadFiles, waitProcessed } from './board-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, post, startGateway } from './helpers';

/**
 * The class a board's files need is chosen from them where its parameters are set — the wizard and /quote
 * read it with `withNeededClasses`, as they read its size — and the gateway prices and judges the order with the same
 * class: the fine class's price, nothing refused. A class coarser than the files need is saved (a customer may choose
 * it), listed as needing an option, and refused at the cart naming the class that cures it; a finding no class cures
 * is refused without sending the customer to a class, and listed as needing an engineer's review.
 */

let gw: Gateway;
let owner: Person;
let clientId = 0;

beforeAll(async () => {
  gw = await startGateway();
  owner = await person(gw, 'class-from-files', 'Кира', 'Классова');
  clientId = await makeClient(gw, { name: 'Класс по файлам' }, [[owner, 1]]);
});
afterAll(async () => { await gw.close(); });

/** The parameters the wizard proposes from the files' measurements (size, layers, smallest hole), DFM not yet read. */
const proposed = (analysis: BoardAnalysis): ProjectParams => {
  if (!analysis.measurements) throw new Error('the test board was not measured');
  return paramsFromMeasurements(analysis.measurements, defaultParams('pcb'));
};

/** The generated four-layer board with one violation, uploaded on /quote by a visitor, its DFM measured. */
async function quoteOf(violations: Violations): Promise<{ uploadId: string; key: string; analysis: BoardAnalysis }> {
  const upload = await gw.app.inject({
    method: 'POST', url: `/api${uploadQuoteFiles.path}?fileName=board.zip`, payload: Buffer.from(fourLayerBoardZip(violations)),
    headers: { 'content-type': 'application/zip' }, remoteAddress: '10.9.0.30',
  });
  const { quoteKey, state } = JSON.parse(upload.body) as { quoteKey: string; state: { uploadId: string } };
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    const answer = await call(gw, 'GET', `${getQuoteUpload.path}?uploadId=${state.uploadId}`, { headers: { [QUOTE_KEY_HEADER]: quoteKey } });
    const got = answer.body as { status: string; analysis: BoardAnalysis | null };
    if (got.status === 'done' && got.analysis && got.analysis.dfmStatus !== 'running')
      return { uploadId: state.uploadId, key: quoteKey, analysis: got.analysis };
    if (got.status === 'failed') throw new Error(`the quote failed: ${JSON.stringify(got)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the quote was not measured in time');
}

const addToCart = (projectId: number, lang: 'ru' | 'en', dfmReview?: boolean) =>
  post(gw, addProjectToCart.path, { projectId, ...(dfmReview ? { dfmReview } : {}) }, { token: owner.token, lang });
const listed = async (id: number): Promise<ProjectSummary | undefined> => {
  const body = { search: '', pagination: { page: 1, itemsOnPage: 50 }, clientId };
  return ((await post(gw, projectsList.path, body, { token: owner.token })).body as ProjectSummary[]).find((each) => each.id === id);
};
const cartLine = async (projectId: number) =>
  ((await call(gw, 'GET', cart.getCart.path, { token: owner.token })).body as cart.Cart).lines.find((line) => line.projectId === projectId);
const create = async (params: ProjectParams, uploadId: string, title: string): Promise<Project> => {
  const answer = await post(gw, createProject.path, { clientId, title, params, uploadId, status: 'actual' }, { token: owner.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Project;
};

describe('a board whose 0.08 mm tracks need the fine class', () => {
  let thin: Awaited<ReturnType<typeof quoteOf>>;
  beforeAll(async () => { thin = await quoteOf({ traceWidthMm: 0.08 }); }, 90_000);

  it('is claimed from /quote with the class chosen from its files, priced as the fine class, and ordered as it is', async () => {
    const base = proposed(thin.analysis);
    const chosen = withNeededClasses(base, thin.analysis.dfm, activeCapabilities());
    expect([base.board.minTrackMm, chosen.board.minTrackMm]).toEqual([0.15, 0.075]);

    // The price the visitor sees is the one the claimed project keeps, fine features included.
    const shown = (await post(gw, quotePrice.path, { params: chosen })).body as Project['quote'];
    const claimed = await call(gw, 'POST', claimQuote.path, {
      token: owner.token, headers: { [QUOTE_KEY_HEADER]: thin.key }, body: { uploadId: thin.uploadId, clientId, title: 'Тонкие дорожки', params: chosen },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const project = claimed.body as Project;
    expect(project.quote?.lines.map((line) => line.code)).toContain('fineFeatures');
    expect(project.quote?.total).toBe(shown?.total);
    expect(project.quote?.total).toBeGreaterThan(quoteFor(base).total);
    expect(project.dfmVerdict).toBeNull();
    expect((await listed(project.id))?.dfmVerdict).toBeNull();

    // A claimed quote is a draft; made ready to order, it is added as it is.
    expect((await post(gw, setProjectStatus.path, { id: project.id, status: 'actual' }, { token: owner.token })).status).toBe(200);
    const added = await addToCart(project.id, 'en');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await cartLine(project.id)).toMatchObject({ dfmReview: false });
  });

  it('saved with a coarser class is priced without it, listed as needing an option, and refused at the cart naming the class', async () => {
    // Saving is not refused: a customer may choose otherwise; the class is judged where the order is made.
    const coarse = await create(proposed(thin.analysis), thin.uploadId, 'Класс грубее');
    expect(coarse.quote?.lines.map((line) => line.code)).not.toContain('fineFeatures');
    expect((await listed(coarse.id))?.dfmVerdict).toBe('option');

    const en = await addToCart(coarse.id, 'en');
    expect(en.status).toBe(400);
    expect(en.json).toMatchObject({ field: 'projectId', code: 'dfm.trackWidth' });
    expect(en.json.error).toBe('The board cannot be ordered as is: a track 0.08 mm wide, narrower than 0.1 mm. '
      + "Choose the class with tracks from 0.075 mm (it costs more), correct the files, or order the board with an engineer's review");
    const ru = await addToCart(coarse.id, 'ru');
    expect(ru.json.error).toBe('Плату нельзя заказать в таком виде: дорожка шириной 0,08 мм — тоньше 0,1 мм. '
      + 'Выберите класс с дорожками от 0,075 мм (он дороже), исправьте файлы или закажите плату с проверкой инженером');

    // Ordered for the engineer's review it goes, marked.
    expect((await addToCart(coarse.id, 'en', true)).status).toBe(200);
    expect(await cartLine(coarse.id)).toMatchObject({ dfmReview: true });
  });
});

describe('a board whose tracks are 0.05 mm apart, which no class makes', () => {
  it('keeps the class its parameters have, is listed as needing a review, and is refused without a class to choose', async () => {
    const upload = await uploadFiles(gw, owner.token, clientId, Buffer.from(fourLayerBoardZip({ trackSpacingMm: 0.05 })), 'close.zip');
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    const state = await waitProcessed(gw, owner.token, String(upload.json.uploadId), 60_000, { dfm: true });
    if (!state.analysis) throw new Error('the board was not analysed');
    const base = proposed(state.analysis);
    expect(withNeededClasses(base, state.analysis.dfm, activeCapabilities())).toEqual(base);

    const project = await create(base, state.uploadId, 'Близкие дорожки');
    expect(project.dfmVerdict).toBe('review');
    expect((await listed(project.id))?.dfmVerdict).toBe('review');
    const en = await addToCart(project.id, 'en');
    expect(en.json).toMatchObject({ field: 'projectId', code: 'dfm.trackSpacing' });
    expect(en.json.error).toBe('The board cannot be ordered as is: conductors 0.05 mm apart, closer than 0.1 mm. '
      + "No class or option cures this: correct the files, or order the board with an engineer's review, who decides whether it can be made");
    const ru = await addToCart(project.id, 'ru');
    expect(String(ru.json.error)).toContain('проводники в 0,05 мм друг от друга — ближе 0,1 мм. Выбором класса или опции этого не исправить');
    expect(String(ru.json.error)).not.toContain('Выберите класс');
  });
});
