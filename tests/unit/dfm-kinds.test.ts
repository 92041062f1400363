import { describe, expect, it } from 'vitest';
import { defaultParams, type PcbParams, type ProjectParams } from '../../src/contract/board';
import type { BoardAnalysis } from '../../src/contract/board-files';
import type { BoardDfm, DfmFeature, DfmFinding, DfmPlace, DfmRule } from '../../src/contract/dfm';
import { classesChosenFromFiles, classStanding, neededClasses, withNeededClasses } from '../../src/contract/dfm-classes';
import { blockingFinding, dfmDecimals, findingsOf, foldFindings, wordingOf } from '../../src/contract/dfm-findings';
import { dfmVerdictOf } from '../../src/contract/dfm-verdict';
import { DEFAULT_CAPABILITIES as T } from '../../src/contract/capabilities';

/**
 * What a fab does, said as a fab says it. Findings of three kinds (fixed in preparation, an option, not made
 * as it is), the class chosen from the files, warnings of one kind folded, and the verdict before ordering. Every case
 * is worked out by hand from the built-in table (standard: track 0.1, copper to edge 0.25, ring 0.13, hole 0.2; fine:
 * 0.075, 0.2, 0.1, 0.15).
 */

const params = (board: Partial<PcbParams> = {}): ProjectParams => {
  const base = defaultParams('pcb');
  return { ...base, board: { ...base.board, ...board } };
};
const place = (rule: DfmRule, valueMm: number, feature?: DfmFeature): DfmPlace =>
  ({ rule, fileId: 'f1', valueMm, at: { x: 10, y: 20 }, ...(feature ? { feature } : {}) });
const dfm = (...places: DfmPlace[]): BoardDfm => ({ places, moreByRule: [], pictureBoxMm: null, outerCopperFileIds: ['f1'] });
const kinds = (findings: DfmFinding[]) => findings.map((each) => [each.rule, each.valueMm, each.severity, each.cure]);

describe('a finding the fab fixes in preparation', () => {
  it('is a notice, never blocking: a pour too near the edge, silk on pads, thin silk, a mask sliver', () => {
    const findings = findingsOf(
      dfm(place('copperToEdge', 0.1, 'pour'), place('silkOverPad', -0.43), place('silkWidth', 0.05), place('maskSliver', 0.05)),
      T,
      params(),
    );
    expect(kinds(findings)).toEqual([
      ['copperToEdge', 0.1, 'notice', null], ['silkWidth', 0.05, 'notice', null], ['silkOverPad', -0.43, 'notice', null], ['maskSliver', 0.05, 'notice', null],
    ]);
    // Pulled back to the class's clearance: the limit it is held to is the standard class's 0.25 mm.
    expect(findings[0]?.limitMm).toBe(0.25);
    expect(blockingFinding(findings)).toBeNull();
  });

  it('is only the pour near the edge: a track or a pad there, or a place measured before features (no feature), stays an error', () => {
    const findings = findingsOf(dfm(place('copperToEdge', 0.1, 'track'), place('copperToEdge', 0.12, 'pad'), place('copperToEdge', 0.14)), T, params());
    expect(kinds(findings)).toEqual([['copperToEdge', 0.1, 'error', null], ['copperToEdge', 0.12, 'error', null], ['copperToEdge', 0.14, 'error', null]]);
  });

  it('is nothing where the place is within the limit, and nothing a table fixing nothing in preparation fixes', () => {
    expect(findingsOf(dfm(place('copperToEdge', 0.3, 'pour')), T, params())).toEqual([]);
    expect(kinds(findingsOf(dfm(place('copperToEdge', 0.1, 'pour')), { ...T, fixedInPreparation: [] }, params()))).toEqual([
      ['copperToEdge', 0.1, 'error', null],
    ]);
  });
});

describe('the finding that blocks ordering', () => {
  it('is one no option cures before one an option cures, so the refusal never sends the customer to a useless class', () => {
    const findings = findingsOf(dfm(place('trackWidth', 0.08), place('trackSpacing', 0.05)), T, params());
    expect(kinds(findings)).toEqual([['trackWidth', 0.08, 'error', { field: 'board.minTrackMm', value: 0.075 }], ['trackSpacing', 0.05, 'error', null]]);
    expect(blockingFinding(findings)?.rule).toBe('trackSpacing');
  });
});

describe('the class chosen from the files', () => {
  it('is the coarsest class that allows every place a class can allow', () => {
    expect(neededClasses(dfm(place('trackWidth', 0.12)), T, params())['board.minTrackMm']?.name).toBe('standard');
    expect(neededClasses(dfm(place('trackWidth', 0.12), place('trackSpacing', 0.08)), T, params())['board.minTrackMm']?.name).toBe('fine');
    expect(neededClasses(dfm(place('annularRing', 0.11)), T, params())['board.minHoleMm']?.name).toBe('fine');
    // 0.05 mm spacing: no class allows it, so it chooses none (the board goes for review whatever the class).
    expect(neededClasses(dfm(place('trackSpacing', 0.05)), T, params())['board.minTrackMm']?.name).toBe('standard');
  });

  it('leaves out what the fab fixes in preparation and copper allowed as the fingers of a chosen edge connector', () => {
    // A pour 0.22 mm from the edge: fine would allow it, but it is pulled back instead; a track there needs fine.
    expect(neededClasses(dfm(place('copperToEdge', 0.22, 'pour')), T, params())['board.minTrackMm']?.name).toBe('standard');
    expect(neededClasses(dfm(place('copperToEdge', 0.22, 'track')), T, params())['board.minTrackMm']?.name).toBe('fine');
    expect(
      neededClasses(dfm(place('copperToEdge', 0.01, 'pad'), place('trackWidth', 0.12)), T, params({ edgeConnector: true }))['board.minTrackMm']?.name,
    ).toBe('standard');
  });

  it('is set into the parameters: the track class either way, the hole class only finer (the hole is the files\')', () => {
    expect(withNeededClasses(params(), dfm(place('trackWidth', 0.08)), T).board.minTrackMm).toBe(0.075);
    // A fine class the files do not need is the standard one at its key.
    expect(withNeededClasses(params({ minTrackMm: 0.075 }), dfm(place('trackWidth', 0.12)), T).board.minTrackMm).toBe(0.1);
    // 0.15 mm declared (fine) already chooses the class 0.2 mm tracks need: left as declared.
    expect(withNeededClasses(params({ minTrackMm: 0.15 }), dfm(place('trackWidth', 0.2)), T).board.minTrackMm).toBe(0.15);
    // The largest hole that chooses the fine class: just under the standard's 0.2 mm (1.6 / 0.15 would pass 10:1).
    expect(withNeededClasses(params({ minHoleMm: 0.3 }), dfm(place('annularRing', 0.11)), T).board.minHoleMm).toBe(0.19);
    expect(withNeededClasses(params({ minHoleMm: 0.17 }), dfm(place('annularRing', 0.11)), T).board.minHoleMm).toBe(0.17);
    expect(withNeededClasses(params({ minHoleMm: 0.15 }), dfm(place('annularRing', 0.2)), T).board.minHoleMm).toBe(0.15);
  });

  it('is left unchosen where the rest of the parameters cannot be made with it', () => {
    // 70 µm copper needs tracks of 0.15 mm; 2.4 mm is past 10:1 over a 0.19 mm hole.
    expect(withNeededClasses(params({ copperUm: 70 }), dfm(place('trackWidth', 0.08)), T).board.minTrackMm).toBe(0.15);
    expect(withNeededClasses(params({ thicknessMm: 2.4, minHoleMm: 0.3 }), dfm(place('annularRing', 0.11)), T).board.minHoleMm).toBe(0.3);
  });

  it('changes nothing without measured places, on a material without the finer class, or for a stencil', () => {
    expect(withNeededClasses(params(), undefined, T)).toEqual(params());
    expect(withNeededClasses(params({ material: 'aluminium' }), dfm(place('trackWidth', 0.08)), T).board.minTrackMm).toBe(0.15);
    const stencil = defaultParams('stencil');
    expect(withNeededClasses(stencil, dfm(place('trackWidth', 0.08)), T)).toEqual(stencil);
  });

  it('makes its findings go, and says it is chosen; a coarser class is told as such', () => {
    const measured = dfm(place('trackWidth', 0.08));
    const chosen = withNeededClasses(params(), measured, T);
    expect(findingsOf(measured, T, chosen)).toEqual([]);
    expect(classesChosenFromFiles(measured, T, chosen)).toEqual([{ field: 'board.minTrackMm', chosen: T.classes[1], coarsest: T.classes[0] }]);
    expect(classStanding(measured, T, params(), 'board.minTrackMm')?.standing).toBe('coarser');
    expect(classStanding(measured, T, chosen, 'board.minTrackMm')?.standing).toBe('chosen');
    // Where the standard class suffices there is nothing to say.
    expect(classesChosenFromFiles(dfm(place('trackWidth', 0.12)), T, params())).toEqual([]);
    expect(classStanding(dfm(place('trackWidth', 0.12)), T, params(), 'board.minTrackMm')).toBeNull();
  });
});

describe('folding', () => {
  it('keeps each error a line and folds warnings and notices of one rule and kind into one, the worst first', () => {
    const findings = findingsOf(dfm(
      place('trackSpacing', 0.05), place('trackSpacing', 0.06), place('silkOverPad', -0.43), place('silkOverPad', -0.2),
      place('maskSliver', 0.05), place('copperToEdge', 0.01, 'pad'), place('copperToEdge', 0.02, 'pad'),
    ), T, params({ edgeConnector: true }));
    const lines = foldFindings(findings);
    expect(lines.map((line) => [line.finding.rule, line.finding.valueMm, line.all.length])).toEqual([
      ['trackSpacing', 0.05, 1], ['trackSpacing', 0.06, 1], ['copperToEdge', 0.01, 2], ['silkOverPad', -0.43, 2], ['maskSliver', 0.05, 1],
    ]);
    expect(lines[2]?.finding.allowedBy).toBe('board.edgeConnector');
  });
});

describe('the verdict before ordering', () => {
  const analysis = (extra: Partial<BoardAnalysis> = {}, ...places: DfmPlace[]) => ({
    files: [], measurements: { widthMm: 50 } as BoardAnalysis['measurements'], dfm: dfm(...places), dfmStatus: 'done' as const, ...extra,
  });

  it('needs an option while the class the files need is not chosen, and nothing once it is', () => {
    const measured = analysis({}, place('trackWidth', 0.08));
    expect(dfmVerdictOf(measured, T, params())).toMatchObject({ kind: 'option', finding: { rule: 'trackWidth' } });
    expect(dfmVerdictOf(measured, T, withNeededClasses(params(), measured.dfm, T))).toEqual({ kind: 'clear' });
  });

  it('needs an engineer\'s review for a finding no option cures, files not measured whole or at all, or corrected layers', () => {
    expect(dfmVerdictOf(analysis({}, place('trackSpacing', 0.05)), T, params())).toMatchObject({
      kind: 'review',
      cause: 'finding',
      finding: { rule: 'trackSpacing' },
    });
    expect(dfmVerdictOf(analysis({ dfmStatus: 'failed' }), T, params())).toEqual({ kind: 'review', cause: 'unchecked', finding: null });
    expect(dfmVerdictOf(analysis({ measurements: null }), T, params())).toEqual({ kind: 'review', cause: 'unmeasured', finding: null });
    expect(dfmVerdictOf(analysis({ dfmReviewReason: 'layersCorrected' }), T, params())).toEqual({ kind: 'review', cause: 'layersCorrected', finding: null });
  });

  it('is clear with only what the fab fixes, waits while DFM runs, and blocks nothing under a table that does not', () => {
    expect(dfmVerdictOf(analysis({}, place('copperToEdge', 0.1, 'pour'), place('silkOverPad', -0.43)), T, params())).toEqual({ kind: 'clear' });
    expect(dfmVerdictOf(analysis({ dfmStatus: 'running' }), T, params())).toEqual({ kind: 'running' });
    expect(dfmVerdictOf(analysis({}, place('trackSpacing', 0.05)), { ...T, blocksOrdering: false }, params())).toEqual({ kind: 'clear' });
    // Unmeasured files go for review whatever the table: the price is the files'.
    expect(dfmVerdictOf(analysis({ measurements: null }), { ...T, blocksOrdering: false }, params()).kind).toBe('review');
  });
});

describe('how a value is said', () => {
  it('in hundredths, thousandths below 0.1 mm or where hundredths would reach the limit', () => {
    expect(dfmDecimals(-0.429, 0)).toBe(2);
    expect(dfmDecimals(0.156, 0.2)).toBe(2);
    expect(dfmDecimals(0.065, 0.075)).toBe(3);
    expect(dfmDecimals(0.1995, 0.2)).toBe(3);
    expect(dfmDecimals(400.004, 400)).toBe(3);
  });

  it('as silk onto a pad, copper at the edge itself, above or below the limit', () => {
    expect(wordingOf({ rule: 'silkOverPad', valueMm: -0.43, limitMm: 0 })).toBe('over');
    expect(wordingOf({ rule: 'copperToEdge', valueMm: 0, limitMm: 0.25 })).toBe('touching');
    expect(wordingOf({ rule: 'boardSize', valueMm: 450, limitMm: 400 })).toBe('above');
    expect(wordingOf({ rule: 'trackWidth', valueMm: 0.08, limitMm: 0.1 })).toBe('other');
  });
});
