// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectParams } from '../../src/contract/board';
import type { BoardDfm } from '../../src/contract/dfm';
import { provideDfmCalls } from '../../src/services/dfm';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { analysis, fakeProjects, project, projectsSession, renderProjectPage } from './projects-harness';
import { analysisOf, renderWizard, uploadState } from './wizard-harness';

vi.mock('../../src/services/board-images', () => import('./board-images-stub'));

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo) step();
  undo = [];
});

/** A price that is 1 500 ₽ dearer on the fine track class and 2 000 ₽ with an edge connector. */
const priceOf = (params: ProjectParams) => ({
  total: 10_000 + (params.board.minTrackMm < 0.1 ? 1_500 : 0) + (params.board.edgeConnector ? 2_000 : 0), perUnit: 1_000, days: 7, lines: [], tableVersion: 't',
});

/** A 0.08 mm track on the top copper at (25, 40) of a 100 × 50 mm board: past the standard class's 0.1 mm, within the fine one's. */
const dfm: BoardDfm = {
  places: [{ rule: 'trackWidth', fileId: 'f1', valueMm: 0.08, at: { x: 25, y: 40 } }, { rule: 'trackWidth', fileId: 'f1', valueMm: 0.2, at: { x: 50, y: 10 } }],
  moreByRule: [],
  pictureBoxMm: [0, 0, 100, 50],
};

function open(withDfm: boolean) {
  const quotes: ProjectParams[] = [];
  undo.push(provideDfmCalls({
    capabilities: () => Promise.resolve(DEFAULT_CAPABILITIES),
    quote: (params) => {
      quotes.push(params);
      return Promise.resolve(priceOf(params));
    },
  }));
  const fake = fakeProjects({ projects: [project(1, { analysis: analysis(withDfm ? { dfm } : {}) })] });
  undo.push(fake.install());
  const { session } = projectsSession();
  undo.push(() => session.stop());
  renderProjectPage('/project/1', session);
  return { quotes };
}

const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('DFM findings on the project page', () => {
  it("draws the findings over the picture with the 'Ошибки' toggle, counts them, and prices their cure", async () => {
    open(true);
    const list = within(await screen.findByRole('list', { name: 'Замечания технологичности' }));
    expect(list.getAllByRole('listitem')).toHaveLength(1);
    expect(list.getByText('Ширина дорожки')).toBeTruthy();
    expect(list.getByText('Нужна опция')).toBeTruthy();
    expect(list.getByText('Дорожка шириной 0,08 мм — тоньше 0,1 мм')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Замечание 1: Ширина дорожки' }).style.left).toBe('25%');
    // Two file alerts and one finding.
    expect(toggle('Ошибки').textContent).toBe('Ошибки3');
    expect(await list.findByText('(+1 500,00 ₽ к цене)')).toBeTruthy();
    expect(list.getByText(/Выберите класс дорожки 0,075 мм/)).toBeTruthy();
    // The project page changes no parameters: the cure is named, not applied.
    expect(list.queryByRole('button', { name: 'Выбрать' })).toBeNull();

    toggle('Ошибки').click();
    expect(await screen.findByRole('img', { name: 'Плата сверху: board.zip' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Замечания технологичности' })).toBeNull();
  });

  it('says a board analysed before the check was not checked, and asks for no table', async () => {
    const { quotes } = open(false);
    expect(await screen.findByText(/^Технологичность этой платы не проверялась/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Плата сверху: board.zip' })).toBeTruthy();
    expect(quotes).toHaveLength(0);
  });
});

/** The wizard with a board uploaded and analysed into these places: on its layer step. */
async function wizardWith(places: BoardDfm) {
  undo.push(provideDfmCalls({ capabilities: () => Promise.resolve(DEFAULT_CAPABILITIES), quote: (params) => Promise.resolve(priceOf(params)) }));
  const view = renderWizard();
  undo.push(view.restore);
  await userEvent.setup().click(await screen.findByRole('button', { name: /Загрузить файлы/ }));
  await view.user.upload(screen.getByLabelText(/Перетащите файлы сюда/), [new File(['G04 x*\nM02*\n'], 'uno.GTL')]);
  view.fake.upload((callbacks) => callbacks.uploaded(uploadState('processing')));
  view.fake.processing((callbacks) => callbacks.processed(uploadState('done', { analysis: { ...analysisOf(), dfm: places } })));
  return view;
}

describe('DFM findings in the wizard', () => {
  it('chooses the class the files need and says so; a coarser class typed by hand brings the finding back with its cure', async () => {
    const view = await wizardWith(dfm);
    // The 0.08 mm track needs the fine class: the wizard reads it from the files, so nothing is left to find.
    const section = within(await screen.findByRole('region', { name: 'Технологичность (DFM)' }));
    expect(await section.findByText(/^Замечаний технологичности нет/)).toBeTruthy();

    await view.user.click(screen.getByRole('button', { name: 'Далее' }));
    await view.user.click(await screen.findByRole('button', { name: 'Далее' }));
    await screen.findByRole('heading', { name: 'Параметры' });
    const track = screen.getByRole('textbox', { name: /Минимальный проводник/ }) as HTMLInputElement;
    expect(track.value).toBe('0,075');
    expect(screen.getByText('класс выбран по вашим файлам')).toBeTruthy();

    // The customer may choose otherwise, and is told what it means.
    await view.user.clear(track);
    await view.user.type(track, '0,1');
    expect(await screen.findByText('файлам нужен класс от 0,075 мм: с этим значением плату закажем только с проверкой инженером')).toBeTruthy();
    const onParameters = within(await screen.findByRole('list', { name: 'Замечания технологичности' }));
    expect(onParameters.getByText('Дорожка шириной 0,08 мм — тоньше 0,1 мм')).toBeTruthy();
    expect(await onParameters.findByText('(+1 500,00 ₽ к цене)')).toBeTruthy();
    await view.user.click(onParameters.getByRole('button', { name: 'Выбрать' }));
    expect(track.value).toBe('0,075');
    expect(screen.queryByRole('list', { name: 'Замечания технологичности' })).toBeNull();
    expect(screen.getByText(/^Замечаний технологичности нет/)).toBeTruthy();
  });

  it("offers the edge connector for copper at a plug's edge, with its price, and applying it ticks the option", async () => {
    // A USB plug: contacts running to the edge of a 13 × 9.4 mm board, and copper 0.22 mm from it that the fine class allows.
    const plug: BoardDfm = {
      places: [
        { rule: 'copperToEdge', fileId: 'f1', valueMm: 0.01, at: { x: 12.99, y: 3 } },
        { rule: 'copperToEdge', fileId: 'f1', valueMm: 0.01, at: { x: 12.99, y: 6 } },
        { rule: 'copperToEdge', fileId: 'f1', valueMm: 0.22, at: { x: 0.22, y: 5 } },
      ],
      moreByRule: [],
      pictureBoxMm: [0, 0, 13, 9.4],
    };
    const view = await wizardWith(plug);
    // The fine class, read from the files, allows the copper 0.22 mm in; the contacts need the option, not a class.
    const list = within(await screen.findByRole('list', { name: 'Замечания технологичности' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getAllByText(/^Если это ламели разъёма — выберите «Торцевой разъём \(ламели\)»: медь у края платы станет допустимой/)).toHaveLength(2);
    expect(await list.findAllByText('(+2 000,00 ₽ к цене)')).toHaveLength(2);

    await view.user.click(screen.getByRole('button', { name: 'Далее' }));
    await view.user.click(await screen.findByRole('button', { name: 'Далее' }));
    await screen.findByRole('heading', { name: 'Параметры' });
    const option = screen.getByRole('checkbox', { name: 'Торцевой разъём (ламели)' }) as HTMLInputElement;
    expect(option.checked).toBe(false);
    const onParameters = within(await screen.findByRole('list', { name: 'Замечания технологичности' }));
    await view.user.click(onParameters.getAllByRole('button', { name: 'Выбрать' })[0] as HTMLElement);
    expect(option.checked).toBe(true);
    // The contacts are now warnings for the engineering check, folded into one line with their count.
    const after = within(screen.getByRole('list', { name: 'Замечания технологичности' }));
    expect(after.getAllByText('Предупреждение')).toHaveLength(1);
    expect(after.getByText(/^Допустимо с опцией «Торцевой разъём \(ламели\)»/)).toBeTruthy();
    expect(after.getByText('Таких мест: 2, здесь худшее.')).toBeTruthy();
    expect(after.queryByRole('button', { name: 'Выбрать' })).toBeNull();
  });
});
