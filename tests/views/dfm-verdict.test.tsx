// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { ProjectParams } from '../../src/contract/board';
import type { BoardAnalysis, UploadState } from '../../src/contract/board-files';
import type { DfmPlace } from '../../src/contract/dfm';
import type { Project } from '../../src/contract/projects';
import { quoteMachine } from '../../src/machines/quote/quote';
import type { PendingQuote } from '../../src/machines/quote/quote-types';
import { provideDfmCalls } from '../../src/services/dfm';
import { provideQuoteCalls, quoteWizardBoardFlow } from '../../src/services/quote';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { QuoteFlowActor } from '../../src/views/pages/quote/quote-flow-actor';
import { QuoteSummaryStep } from '../../src/views/pages/quote/quote-summary-step';
import { WizardActor } from '../../src/views/pages/wizard/wizard-actor';
import { WizardDfm } from '../../src/views/pages/wizard/wizard-dfm';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { deferred } from '../deferred';
import { withQueryClient } from './harness-parts';
import { fakeProjects, project, projectsSession, renderProjectPage } from './projects-harness';
import { analysisOf, fakeWizardGateway, projectOf, renderWizard, uploadState } from './wizard-harness';

/**
 * Told before the cart: what ordering a board meets — the class chosen from its files and what it adds, an
 * engineer's review and why — is said on the wizard's summary, its saved page, /quote's summary and the project page,
 * above the buttons that save or order it; a board that goes for a review is never called ready to order.
 */

vi.mock('../../src/services/board-images', () => import('./board-images-stub'));

/** The wait for a DFM still running: held by the test that needs it, never asked by the others. */
const waitForDfm = vi.fn<(uploadId: string, asQuote: boolean, signal: AbortSignal) => Promise<UploadState>>();
vi.mock('../../src/services/board-dfm', () => ({ waitForDfm: (...args: [string, boolean, AbortSignal]) => waitForDfm(...args) }));

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  waitForDfm.mockReset();
  for (const step of undo) step();
  undo = [];
  clearToasts();
});

/** 1 500 ₽ dearer on the fine track class, whoever asks. */
const priceOf = (params: ProjectParams) => {
  const total = 10_000 + (params.board.minTrackMm < 0.1 ? 1_500 : 0);
  return { total, perUnit: total / params.quantity, days: 10, lines: [{ code: 'setup', amount: total }], tableVersion: 't' };
};
const tracks = (valueMm: number): DfmPlace => ({ rule: 'trackWidth', fileId: 'f1', valueMm, at: { x: 10, y: 15 } });
const spacing = (valueMm: number): DfmPlace => ({ rule: 'trackSpacing', fileId: 'f1', valueMm, at: { x: 12, y: 44 } });
const measured = (...places: DfmPlace[]) => ({
  ...analysisOf(), dfmStatus: 'done' as const, dfm: { places, moreByRule: [], pictureBoxMm: [0, 0, 68.58, 53.34] as [number, number, number, number] },
});
const tableAndPrices = () =>
  undo.push(provideDfmCalls({ capabilities: () => Promise.resolve(DEFAULT_CAPABILITIES), quote: (params) => Promise.resolve(priceOf(params)) }));
const verdict = () => within(screen.getByRole('region', { name: 'Перед заказом' }));
const precedes = (first: HTMLElement, second: HTMLElement) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

/** The signed-in wizard with the board uploaded and measured into these places, walked to its summary. */
async function wizardSummary(places: DfmPlace[], saved: Partial<Project> = {}) {
  tableAndPrices();
  const fake = fakeWizardGateway();
  fake.gateway.quote = (params) => Promise.resolve(priceOf(params));
  fake.gateway.saveProject = (input) => Promise.resolve(projectOf(77, input.body, { analysis: measured(...places), ...saved }));
  const view = renderWizard({ gateway: fake });
  undo.push(view.restore);
  await view.user.click(await screen.findByRole('button', { name: /Загрузить файлы/ }));
  await view.user.upload(screen.getByLabelText(/Перетащите файлы сюда/), [new File(['G04 x*\nM02*\n'], 'uno.GTL')]);
  view.fake.upload((callbacks) => callbacks.uploaded(uploadState('processing')));
  view.fake.processing((callbacks) => callbacks.processed(uploadState('done', { analysis: measured(...places) })));
  await screen.findByRole('heading', { name: 'Слои' });
  for (const heading of ['Стек слоёв', 'Параметры', 'Количество и срочность', 'Итог']) {
    await view.user.click(screen.getByRole('button', { name: 'Далее' }));
    await screen.findByRole('heading', { name: heading });
  }
  return view;
}

describe('the wizard\'s summary', () => {
  it('says the class chosen from the files with what it adds, above the buttons that save, priced with it', async () => {
    await wizardSummary([tracks(0.08)]);
    await waitFor(() => expect(verdict().getByText('Класс выбран по вашим файлам')).toBeTruthy());
    expect(verdict().getByText(/^Дорожки и зазоры от 0,075 мм/)).toBeTruthy();
    expect(await verdict().findByText('(+1 500,00 ₽ к цене)')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Сохранить как готовый к заказу' });
    expect(precedes(screen.getByRole('region', { name: 'Перед заказом' }), save)).toBe(true);
    // The price beside it is the order's: with the fine class.
    await waitFor(() => expect(screen.getAllByTestId('price-total').map((total) => total.textContent)).toContain('11\u00a0500,00\u00a0₽'));
  });

  it('says a board no class makes needs an engineer\'s review and why; saved, it is not called ready to order', async () => {
    const view = await wizardSummary([spacing(0.05)], { dfmVerdict: 'review' });
    await waitFor(() => expect(verdict().getByText('Нужна проверка инженером')).toBeTruthy());
    expect(verdict().getByText(/^Проводники в 0,05 мм друг от друга — ближе 0,1 мм: выбором класса или опции этого не исправить\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Сохранить как готовый к заказу' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Сохранить для заказа с проверкой инженером' }));

    await screen.findByRole('heading', { name: 'Проект «Arduino Uno» сохранён' });
    expect(screen.getByText(/^Он доступен для заказа, но только с проверкой инженером/)).toBeTruthy();
    expect(screen.queryByText(/готов к заказу/)).toBeNull();
    expect(verdict().getByText('Нужна проверка инженером')).toBeTruthy();
    expect(getToasts().map((toast) => toast.text)).toEqual(['Проект «Arduino Uno» сохранён: заказать его можно с проверкой инженером']);
  });
});

describe('/quote\'s summary', () => {
  /** The quote's last step over a board already measured, with the quote's own price call. */
  function quoteSummary(params: ProjectParams, ...places: DfmPlace[]) {
    tableAndPrices();
    undo.push(provideQuoteCalls({ price: (asked) => Promise.resolve(priceOf(asked)) }));
    const board = projectOf(5, { clientId: 0, title: 'uno', params, uploadId: null, status: 'draft' }, { analysis: measured(...places) });
    const flow = quoteMachine.provide({ actors: { restorePending: fromPromise<PendingQuote | null, undefined>(() => Promise.resolve(null)) } });
    render(withQueryClient(
      <QuoteFlowActor.Provider logic={flow} options={{ input: { signedIn: false } }}>
        <WizardActor.Provider logic={quoteWizardBoardFlow} options={{ input: { clientId: null, editing: board } }}>
          <QuoteSummaryStep />
        </WizardActor.Provider>
      </QuoteFlowActor.Provider>,
    ));
  }
  /** The quote's last step over a board picked up after a reload: its analysis is asked again and comes as given. */
  function quoteSummaryOf(params: ProjectParams, analysis: BoardAnalysis) {
    tableAndPrices();
    undo.push(provideQuoteCalls({ price: (asked) => Promise.resolve(priceOf(asked)) }));
    const resume = { way: 'files' as const, uploadId: analysis.uploadId, archiveName: 'uno.zip', title: 'uno', params };
    const wizard = quoteWizardBoardFlow.provide({
      actors: {
        watchProcessing: fromCallback(({ sendBack }) => {
          setTimeout(() => sendBack({ type: 'wizard.processed', state: uploadState('done', { analysis }) }), 0);
        }),
      },
    });
    const flow = quoteMachine.provide({ actors: { restorePending: fromPromise<PendingQuote | null, undefined>(() => Promise.resolve(null)) } });
    render(withQueryClient(
      <QuoteFlowActor.Provider logic={flow} options={{ input: { signedIn: false } }}>
        <WizardActor.Provider logic={wizard} options={{ input: { clientId: null, editing: null, resume } }}>
          <WizardDfm />
          <QuoteSummaryStep />
        </WizardActor.Provider>
      </QuoteFlowActor.Provider>,
    ));
  }
  const fine = (params: ProjectParams): ProjectParams => ({ ...params, board: { ...params.board, minTrackMm: 0.075 } });

  it('says the class chosen from the files and its price before \'Заказать\'', async () => {
    quoteSummary(fine(project(1).params), tracks(0.08));
    await waitFor(() => expect(verdict().getByText('Класс выбран по вашим файлам')).toBeTruthy());
    expect(await verdict().findByText('(+1 500,00 ₽ к цене)')).toBeTruthy();
    expect(precedes(screen.getByRole('region', { name: 'Перед заказом' }), screen.getByRole('button', { name: 'Заказать' }))).toBe(true);
  });

  it('calls the price provisional and orders nothing while the files are checked; the class they choose is then priced', async () => {
    const measuring = deferred<UploadState>();
    waitForDfm.mockReturnValue(measuring.promise);
    const running = { ...analysisOf(), dfmStatus: 'running' as const };
    quoteSummaryOf(project(1).params, running);
    const order = screen.getByRole('button', { name: 'Заказать' });
    expect(await screen.findByText(/^Предварительно: идёт проверка файлов/)).toBeTruthy();
    expect((await screen.findByTestId('price-total')).textContent?.replace(/\s/g, ' ')).toBe('10 000,00 ₽');
    expect(order).toHaveProperty('disabled', true);
    expect(screen.getByText(/^Заказать можно, когда закончится проверка файлов/)).toBeTruthy();

    measuring.resolve({ uploadId: running.uploadId, clientId: 0, status: 'done', step: 'check', error: null, message: null, analysis: measured(tracks(0.08)) });
    await waitFor(() => expect(screen.getByTestId('price-total').textContent?.replace(/\s/g, ' ')).toBe('11 500,00 ₽'));
    expect(screen.queryByText(/^Предварительно: идёт проверка файлов/)).toBeNull();
    expect(order).toHaveProperty('disabled', false);
    expect(verdict().getByText('Класс выбран по вашим файлам')).toBeTruthy();
  });

  it('holds nothing up when the wait for the check fails: the gateway judges the order at the cart', async () => {
    waitForDfm.mockRejectedValue(new Error('Failed to fetch'));
    quoteSummaryOf(project(1).params, { ...analysisOf(), dfmStatus: 'running' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Заказать' })).toHaveProperty('disabled', false));
    expect(screen.queryByText(/^Предварительно: идёт проверка файлов/)).toBeNull();
  });

  it('says a class coarser than the files need means an option or an engineer\'s review, with the option\'s price', async () => {
    quoteSummary(project(1).params, tracks(0.08));
    await waitFor(() => expect(verdict().getByText('Нужна опция')).toBeTruthy());
    expect(
      await verdict().findByText(
        /Выберите класс дорожки 0,075 мм \(\+1 500,00 ₽ к цене\)\. Иначе плату можно заказать только с проверкой инженером\./,
      ),
    ).toBeTruthy();
  });
});

describe('the project page', () => {
  function projectPage(status: Project['status']) {
    tableAndPrices();
    const fake = fakeProjects({ projects: [project(1, { title: 'Близкие дорожки', status, analysis: measured(spacing(0.05)) })] });
    undo.push(fake.install());
    const { session } = projectsSession();
    undo.push(() => session.stop());
    renderProjectPage('/project/1', session);
  }

  it('puts the review in the status\'s place, above the cart button, and says why beside the price', async () => {
    projectPage('actual');
    const badge = await screen.findByText('Нужна проверка инженером', { selector: '.project-status' });
    expect(screen.queryByText('Доступен для заказа')).toBeNull();
    expect(precedes(badge, screen.getByRole('button', { name: 'Добавить в корзину' }))).toBe(true);
    expect(verdict().getByText(/^Проводники в 0,05 мм друг от друга/)).toBeTruthy();
  });

  it('offers a draft that goes for a review to be saved for ordering with it, never as ready to order', async () => {
    projectPage('draft');
    expect(await screen.findByText('Нужна проверка инженером', { selector: '.project-status' })).toBeTruthy();
    expect(screen.getByText('Черновик', { selector: '.project-status' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Сохранить для заказа с проверкой инженером' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Сохранить как готовый к заказу' })).toBeNull();
  });
});
