// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DfmFinding } from '../../src/contract/dfm';
import { BoardFindings } from '../../src/views/components/board-findings/board-findings';
import { groupMarkers, placeOnPicture } from '../../src/views/components/board-findings/finding-place';
import { boardFile } from './harness-parts';
import { analysis } from './projects-harness';

vi.mock('../../src/services/board-images', () => import('./board-images-stub'));

afterEach(cleanup);

const files = [
  boardFile('f1', 'board-F_Cu.gbr', { type: 'copper', side: 'top' }),
  boardFile('f2', 'board-B_Cu.gbr', { type: 'copper', side: 'bottom', order: 1 }),
];
/** A 100 × 50 mm board whose pictures show [0, 0]–[100, 50]. */
const checked = (moreByRule: [DfmFinding['rule'], number][] = []) => analysis({
  files: files.map((file) => ({ ...file })),
  dfm: { places: [], moreByRule, pictureBoxMm: [0, 0, 100, 50] },
});

const track: DfmFinding = {
  rule: 'trackWidth', severity: 'warning', fileId: 'f1', valueMm: 0.1, limitMm: 0.127, at: { x: 25, y: 40 },
  cure: { field: 'board.minTrackMm', value: 0.1 },
};
const edge: DfmFinding = { rule: 'copperToEdge', severity: 'error', fileId: 'f2', valueMm: 0.05, limitMm: 0.3, at: { x: 90, y: 5 }, cure: null };
const size: DfmFinding = { rule: 'boardSize', severity: 'error', fileId: null, valueMm: 700, limitMm: 500, at: null, cure: null };

const marker = (number: number) => screen.getByRole('button', { name: new RegExp(`^Замечание ${number}:`) });
const frame = () => screen.getByTestId('findings-frame');
const findingsList = () => within(screen.getByRole('list', { name: 'Замечания технологичности' }));
const item = (rule: string) => findingsList().getByRole('button', { name: new RegExp(rule) });
/** Each line of the findings list, as read. */
const listedTexts = () => findingsList().getAllByRole('listitem').map((element) => element.textContent);

describe('DFM findings on the board picture', () => {
  it('places a point on the top picture with y down and on the bottom one mirrored in x', () => {
    expect(placeOnPicture({ x: 25, y: 40 }, [0, 0, 100, 50], 'top')).toEqual({ left: 0.25, top: 0.2 });
    expect(placeOnPicture({ x: 25, y: 40 }, [0, 0, 100, 50], 'bottom')).toEqual({ left: 0.75, top: 0.2 });
    expect(placeOnPicture({ x: 110, y: 30 }, [100, 20, 140, 40], 'top')).toEqual({ left: 0.25, top: 0.5 });
  });

  it('groups markers that would cover each other under the worst one, and none apart or without a size to judge by', () => {
    const markers = [
      { number: 3, left: 0.5, top: 0.5 }, { number: 1, left: 0.51, top: 0.505 }, { number: 2, left: 0.9, top: 0.1 },
      { number: 4, left: 0.52, top: 0.5 }, { number: 5, left: 0.5, top: 0.58 },
    ];
    // A marker is 3 % of the width and 6 % of the height: 1, 3 and 4 overlap; 5 is just below them, 2 far off.
    expect(groupMarkers(markers, { x: 0.03, y: 0.06 })).toEqual([
      { numbers: [1, 3, 4], left: 0.51, top: 0.505 }, { numbers: [2], left: 0.9, top: 0.1 }, { numbers: [5], left: 0.5, top: 0.58 },
    ]);
    // Zoomed in (a smaller reach), each stands alone again.
    expect(groupMarkers(markers, { x: 0.003, y: 0.006 }).map((group) => group.numbers)).toEqual([[1], [2], [3], [4], [5]]);
    expect(groupMarkers(markers, { x: 0, y: 0 })).toHaveLength(5);
  });

  it('lists errors first with rule, file, what each means for the order and the place as an engineer says it, and marks the top side’s places', () => {
    render(<BoardFindings analysis={checked()} findings={[track, edge, size]} />);
    const items = listedTexts();
    // No class or option cures copper 0.05 mm from the edge: the board is not made as it is, and the way out is said.
    expect(items[0]).toContain('Не изготовить как есть');
    expect(items[0]).toContain('Медь в 0,05 мм от края платы — ближе 0,3 мм');
    expect(items[0]).toContain('Выбором класса или опции этого не исправить');
    expect(items[2]).toContain('Ширина дорожки');
    expect(items[2]).toContain('board-F_Cu.gbr');
    expect(items[2]).toContain('Дорожка шириной 0,1 мм — тоньше 0,127 мм');
    expect(items[2]).toContain('Предупреждение');
    expect(
      items.some(
        (text) => text?.includes('Размер платы') && text.includes('Плата целиком') && text.includes('Сторона платы 700 мм — длиннее 500 мм'),
      ),
    ).toBe(true);
    // The top picture carries the top copper's finding at 25 %, 20 %; the bottom copper's is not on it, the board's size has no place.
    expect(screen.queryAllByRole('button', { name: /^Замечание \d:/ })).toHaveLength(1);
    expect(marker(3).style.left).toBe('25%');
    expect(marker(3).style.top).toBe('20%');
  });

  it('zooms to a finding clicked in the list, on its side, highlights its marker, and goes back to the whole board', async () => {
    const user = userEvent.setup();
    render(<BoardFindings analysis={checked()} findings={[track, edge]} />);
    expect(frame().style.transform).toBe('');
    await user.click(item('Зазор от меди до края платы'));
    // The bottom copper's finding: the bottom side is shown, mirrored, and its marker is pressed.
    expect(screen.getByRole('button', { name: 'Низ' }).getAttribute('aria-pressed')).toBe('true');
    expect(marker(1).getAttribute('aria-pressed')).toBe('true');
    expect(marker(1).style.left).toBe('10%');
    expect(frame().style.transform).toMatch(/^translate\(40%, -40%\) scale\(/);
    expect(frame().style.transformOrigin).toBe('10% 90%');
    await user.click(screen.getByRole('button', { name: 'Вся плата' }));
    expect(frame().style.transform).toBe('');
    expect(screen.queryByRole('button', { name: 'Вся плата' })).toBeNull();
  });

  it('reaches the list with the keyboard and zooms with Enter', async () => {
    const user = userEvent.setup();
    render(<BoardFindings analysis={checked()} findings={[track, edge]} />);
    // The side buttons come first, then the list (markers stay out of the tab order: the list is the way in).
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(item('Зазор от меди до края платы'));
    await user.tab();
    expect(document.activeElement).toBe(item('Ширина дорожки'));
    await user.keyboard('{Enter}');
    expect(item('Ширина дорожки').getAttribute('aria-pressed')).toBe('true');
    expect(marker(2).getAttribute('aria-pressed')).toBe('true');
    expect(frame().style.transform).toMatch(/^translate\(25%, 30%\) scale\(/);
  });

  it('keeps the chosen finding zoomed when the list is renumbered around it', async () => {
    const user = userEvent.setup();
    const view = render(<BoardFindings analysis={checked()} findings={[track]} />);
    await user.click(item('Ширина дорожки'));
    // An error comes in ahead of it (new parameters): the track is now number 2, and still the one shown.
    view.rerender(<BoardFindings analysis={checked()} findings={[track, { ...edge, fileId: 'f1' }]} />);
    expect(item('Ширина дорожки').getAttribute('aria-pressed')).toBe('true');
    expect(marker(2).getAttribute('aria-pressed')).toBe('true');
    expect(marker(1).getAttribute('aria-pressed')).toBe('false');
  });

  it('zooms to a marker clicked on the picture', async () => {
    const user = userEvent.setup();
    render(<BoardFindings analysis={checked()} findings={[track]} />);
    await user.click(marker(1));
    expect(item('Ширина дорожки').getAttribute('aria-pressed')).toBe('true');
    expect(frame().style.transform).not.toBe('');
  });

  it('names the cure with its price change and applies it when the page can', async () => {
    const user = userEvent.setup();
    const onCure = vi.fn();
    render(<BoardFindings analysis={checked()} findings={[track]} onCure={onCure} cureDeltas={new Map([['board.minTrackMm=0.1', 1234.5]])} />);
    expect(screen.getByText(/Выберите класс дорожки 0,1 мм/)).toBeTruthy();
    expect(screen.getByText('(+1 234,50 ₽ к цене)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Выбрать' }));
    expect(onCure).toHaveBeenCalledWith({ field: 'board.minTrackMm', value: 0.1 });
  });

  it('folds what the fab fixes free of charge into one line with its count, the worst said, a marker at each place', () => {
    const silk = (valueMm: number, x: number): DfmFinding => ({
      rule: 'silkOverPad', severity: 'notice', fileId: 'f1', valueMm, limitMm: 0, at: { x, y: 10 }, cure: null,
    });
    const option: DfmFinding = { ...track, severity: 'error', valueMm: 0.08, limitMm: 0.1, cure: { field: 'board.minTrackMm', value: 0.075 } };
    render(<BoardFindings analysis={checked()} findings={[silk(-0.2, 10), silk(-0.429, 50), silk(-0.3, 90), option]} />);
    const items = listedTexts();
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Нужна опция');
    expect(items[0]).toContain('Дорожка шириной 0,08 мм — тоньше 0,1 мм');
    expect(items[0]).toContain('Выберите класс дорожки 0,075 мм');
    expect(items[1]).toContain('Исправим бесплатно');
    expect(items[1]).toContain('Маркировка заходит на площадку на 0,43 мм');
    expect(items[1]).toContain('Таких мест: 3, здесь худшее.');
    expect(items[1]).toContain('При подготовке к производству срежем маркировку с площадок, бесплатно.');
    expect(screen.getAllByRole('button', { name: /^Замечание 2: Маркировка на площадке$/ })).toHaveLength(3);
  });

  it('says a pour\'s sliver as one, with what we do, apart from a thin track', () => {
    const sliver: DfmFinding = { ...track, severity: 'notice', valueMm: 0.021, limitMm: 0.1, cure: null, feature: 'sliver' };
    const thin: DfmFinding = { ...track, severity: 'error', valueMm: 0.05, limitMm: 0.1, cure: null };
    render(<BoardFindings analysis={checked()} findings={[thin, sliver]} />);
    const items = listedTexts();
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Дорожка шириной 0,05 мм — тоньше 0,1 мм');
    expect(items[1]).toContain('Исправим бесплатно');
    expect(items[1]).toContain('Тонкий фрагмент полигона шириной 0,021 мм — тоньше 0,1 мм');
    expect(items[1]).toContain('Удалим тонкие фрагменты полигонов (тоньше 0,1 мм) при подготовке к производству, бесплатно.');
    // Titled as what it is: a sliver is no track, so the rule's name 'Ширина дорожки' is not its title.
    const titles = [...document.querySelectorAll('.findings-list__rule')].map((element) => element.textContent);
    expect(titles).toEqual(['Ширина дорожки', 'Тонкий фрагмент полигона']);
  });

  it('counts the places past the kept ones for a rule with findings', () => {
    render(<BoardFindings analysis={checked([['trackWidth', 12], ['silkWidth', 3]])} findings={[track]} />);
    expect(screen.getByText('Ещё мест по правилу «Ширина дорожки», не показанных здесь: 12')).toBeTruthy();
    expect(screen.queryByText(/Толщина линии маркировки/)).toBeNull();
  });

  it('says plainly when a checked board has no findings', () => {
    render(<BoardFindings analysis={checked()} findings={[]} />);
    expect(screen.getByText(/^Замечаний технологичности нет/)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when the measuring was cut short, and then does not claim the board is clean', () => {
    const analysisCut = checked();
    if (analysisCut.dfm) analysisCut.dfm.cutShort = true;
    const view = render(<BoardFindings analysis={analysisCut} findings={[]} />);
    expect(screen.getByRole('note').textContent).toMatch(/^Проверка прервана по времени/);
    expect(screen.queryByText(/^Замечаний технологичности нет/)).toBeNull();
    view.rerender(<BoardFindings analysis={analysisCut} findings={[track]} />);
    expect(screen.getByRole('note')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Замечания технологичности' })).toBeTruthy();
  });

  it('says the board was not checked when the analysis has no DFM measurements', () => {
    render(<BoardFindings analysis={analysis()} findings={[]} />);
    expect(screen.getByText(/^Технологичность этой платы не проверялась/)).toBeTruthy();
    expect(screen.queryByText(/^Замечаний технологичности нет/)).toBeNull();
  });

  it('says DFM is running while it comes after the pictures and price, and says so when it failed, never "not checked"', () => {
    render(<BoardFindings analysis={analysis({ dfmStatus: 'running' })} findings={[]} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Идёт проверка технологичности/);
    cleanup();
    render(<BoardFindings analysis={analysis({ dfmStatus: 'failed' })} findings={[]} />);
    expect(screen.getByRole('note').textContent).toMatch(/^Проверку технологичности этой платы завершить не удалось/);
    expect(screen.queryByText(/не проверялась/)).toBeNull();
  });
});
