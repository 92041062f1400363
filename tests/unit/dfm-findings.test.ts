import { describe, expect, it } from 'vitest';
import { defaultParams, type PcbParams, type ProjectParams } from '../../src/contract/board';
import type { BoardDfm, DfmPlace, DfmRule } from '../../src/contract/dfm';
import { blockingFinding, classFor, curePatch, EDGE_CONNECTOR_REACH_MM, findingsOf } from '../../src/contract/dfm-findings';
import { DEFAULT_CAPABILITIES as T } from '../../src/contract/capabilities';

const params = (board: Partial<PcbParams> = {}): ProjectParams => {
  const base = defaultParams('pcb');
  return { ...base, board: { ...base.board, ...board } };
};
const place = (rule: DfmRule, valueMm: number, at: [number, number] | null = [10, 20]): DfmPlace =>
  ({ rule, fileId: at ? 'f1' : null, valueMm, at: at && { x: at[0], y: at[1] } });
const dfm = (...places: DfmPlace[]): BoardDfm => ({ places, moreByRule: [], pictureBoxMm: null });
const [standard, fine] = T.classes;

describe('the class a project is held to', () => {
  it('is the finest class its declared track or hole reaches, as the price table charges it', () => {
    expect(classFor(T, params({ minTrackMm: 0.15 }), 'board.minTrackMm').name).toBe('standard');
    expect(classFor(T, params({ minTrackMm: 0.1 }), 'board.minTrackMm').name).toBe('standard');
    expect(classFor(T, params({ minTrackMm: 0.09 }), 'board.minTrackMm').name).toBe('fine');
    expect(classFor(T, params({ minHoleMm: 0.2 }), 'board.minHoleMm').name).toBe('standard');
    expect(classFor(T, params({ minHoleMm: 0.15 }), 'board.minHoleMm').name).toBe('fine');
  });

  it('is never a class the material is not made in', () => {
    expect(classFor(T, params({ material: 'aluminium', minTrackMm: 0.075 }), 'board.minTrackMm').name).toBe('standard');
  });
});

describe('findingsOf', () => {
  it('finds nothing in places at or above the chosen class\'s limits, and nothing for a stencil', () => {
    const ok = dfm(place('trackWidth', 0.1), place('trackSpacing', 0.1), place('annularRing', 0.13), place('holeSize', 0.2),
      place('drillToCopper', 0.2), place('copperToEdge', 0.25), place('silkWidth', 0.1), place('silkOverPad', 0),
      place('maskSliver', 0.1), place('slotSize', 0.5), place('boardSize', 100, null));
    expect(findingsOf(ok, T, params())).toEqual([]);
    expect(findingsOf(dfm(place('trackWidth', 0.01)), T, { ...defaultParams('stencil') })).toEqual([]);
    expect(findingsOf(undefined, T, params())).toEqual([]);
  });

  it('reports a place below the limit with its value, limit, place, severity and the finer class that cures it', () => {
    const findings = findingsOf(dfm(place('trackWidth', 0.08, [3, 4])), T, params());
    expect(findings).toEqual([{
      rule: 'trackWidth', severity: 'error', fileId: 'f1', valueMm: 0.08, limitMm: standard?.trackWidthMm, at: { x: 3, y: 4 },
      cure: { field: 'board.minTrackMm', value: fine?.minTrackMm },
    }]);
    // Choosing the cure makes it go away.
    expect(findingsOf(dfm(place('trackWidth', 0.08)), T, params({ minTrackMm: 0.075 }))).toEqual([]);
  });

  it('offers no cure when no class allows the value, and none on a material without the finer class', () => {
    expect(findingsOf(dfm(place('trackSpacing', 0.05)), T, params())[0]?.cure).toBeNull();
    expect(findingsOf(dfm(place('trackWidth', 0.08)), T, params({ material: 'aluminium', minTrackMm: 0.075 }))[0]?.cure).toBeNull();
  });

  it('moves hole rules with the hole class, not the track class', () => {
    const ring = dfm(place('annularRing', 0.11));
    expect(findingsOf(ring, T, params({ minTrackMm: 0.075 }))[0]?.cure).toEqual({ field: 'board.minHoleMm', value: 0.15 });
    expect(findingsOf(ring, T, params({ minHoleMm: 0.15 }))).toEqual([]);
  });

  it('makes silk and mask rules warnings, which do not block ordering, and copper rules errors, which do', () => {
    // A table whose fab fixes nothing in preparation: the table's severities alone.
    const warnings = findingsOf(
      dfm(place('silkWidth', 0.05), place('silkOverPad', -0.2), place('maskSliver', 0.05)),
      { ...T, fixedInPreparation: [] },
      params(),
    );
    expect(warnings.map((each) => [each.rule, each.severity])).toEqual([['silkWidth', 'warning'], ['silkOverPad', 'warning'], ['maskSliver', 'warning']]);
    expect(blockingFinding(warnings)).toBeNull();
    const errors = findingsOf(dfm(place('silkWidth', 0.05), place('copperToEdge', 0.1)), T, params());
    expect(blockingFinding(errors)?.rule).toBe('copperToEdge');
  });

  it('holds the board\'s size to the material\'s limits for its layer count, both ways', () => {
    expect(findingsOf(dfm(place('boardSize', 450, null)), T, params({ material: 'aluminium' }))[0]).toMatchObject({
      rule: 'boardSize',
      limitMm: 400,
      at: null,
    });
    expect(findingsOf(dfm(place('boardSize', 3, null)), T, params())[0]).toMatchObject({ rule: 'boardSize', limitMm: 5 });
  });

  it('holds the chosen thickness to the range for the layer count, with no files at all', () => {
    expect(findingsOf(null, T, params({ layers: 12, thicknessMm: 3.2 }))).toEqual([{
      rule: 'boardThickness', severity: 'error', fileId: null, valueMm: 3.2, limitMm: 2.4, at: null, cure: null,
    }]);
  });

  it('lists findings in the rules\' order, worst first within a rule', () => {
    const findings = findingsOf(dfm(place('silkWidth', 0.05), place('trackWidth', 0.09), place('trackWidth', 0.05)), T, params());
    expect(findings.map((each) => [each.rule, each.valueMm])).toEqual([['trackWidth', 0.05], ['trackWidth', 0.09], ['silkWidth', 0.05]]);
  });
});

describe('an edge connector (gold fingers)', () => {
  // A USB plug made of the board: its contacts run to the edge (0.01 mm, as Tomu's), one 0.22 mm from it.
  const plug = dfm(place('copperToEdge', 0.01, [12.99, 2]), place('copperToEdge', 0.012, [12.99, 4]), place('copperToEdge', 0.22, [12.5, 8.6]));
  const { edgeConnector: _omitted, ...savedBefore } = params().board;

  it('is the cure of copper at the edge no class allows; a finer class still cures what it allows', () => {
    const findings = findingsOf(plug, T, params());
    expect(findings.map((finding) => [finding.valueMm, finding.severity, finding.cure])).toEqual([
      [0.01, 'error', { field: 'board.edgeConnector', value: true }],
      [0.012, 'error', { field: 'board.edgeConnector', value: true }],
      [0.22, 'error', { field: 'board.minTrackMm', value: fine?.minTrackMm }],
    ]);
    expect(blockingFinding(findings)).not.toBeNull();
    // A project saved before the option has none.
    expect(findingsOf(plug, T, { ...params(), board: savedBefore })).toEqual(findings);
  });

  it('when chosen, turns copper at the edge into warnings the engineering check confirms; copper farther in stays judged', () => {
    const findings = findingsOf(plug, T, params({ edgeConnector: true }));
    expect(findings.slice(0, 2)).toEqual([0.01, 0.012].map((valueMm) => expect.objectContaining({
      rule: 'copperToEdge', severity: 'warning', valueMm, limitMm: standard?.copperToEdgeMm, cure: null, allowedBy: 'board.edgeConnector',
    })));
    expect(findings[2]).toMatchObject({ valueMm: 0.22, severity: 'error', cure: { field: 'board.minTrackMm', value: fine?.minTrackMm } });
    expect(
      blockingFinding(
        findingsOf(dfm(place('copperToEdge', 0.01), place('copperToEdge', EDGE_CONNECTOR_REACH_MM)), T, params({ edgeConnector: true })),
      ),
    ).toBeNull();
  });

  it('is no cure of a pour too near the edge, which does not run to it (OtterPill\'s, 0.182 mm)', () => {
    const pour = dfm(place('copperToEdge', 0.182, [43, 17]));
    const without = findingsOf(pour, T, params());
    expect(without).toEqual([expect.objectContaining({ valueMm: 0.182, severity: 'error', cure: null })]);
    expect(findingsOf(pour, T, params({ edgeConnector: true }))).toEqual(without);
  });

  it('is no cure of inner-layer copper at the edge, which fingers are never on (KiCad 7\'s inner pour, 0.024 mm)', () => {
    // f1 and f4 are the board's faces, f2 an inner layer: each has copper 0.024 mm from the edge.
    const fourLayers = {
      ...dfm(place('copperToEdge', 0.024), { ...place('copperToEdge', 0.024), fileId: 'f2' }, { ...place('copperToEdge', 0.024), fileId: 'f4' }),
      outerCopperFileIds: ['f1', 'f4'],
    };
    const judged = (edgeConnector: boolean) => findingsOf(fourLayers, T, params({ edgeConnector }))
      .map((finding) => [finding.fileId, finding.severity, finding.cure, finding.allowedBy]);
    const offered = { field: 'board.edgeConnector', value: true };
    expect(judged(false)).toEqual([['f1', 'error', offered, undefined], ['f2', 'error', null, undefined], ['f4', 'error', offered, undefined]]);
    expect(judged(true)).toEqual([
      ['f1', 'warning', null, 'board.edgeConnector'],
      ['f2', 'error', null, undefined],
      ['f4', 'warning', null, 'board.edgeConnector'],
    ]);
    expect(blockingFinding(findingsOf(fourLayers, T, params({ edgeConnector: true })))).toMatchObject({ fileId: 'f2' });
  });

  it('judges every layer as a face in an analysis that does not record its outer layers (made before they were)', () => {
    const old = dfm({ ...place('copperToEdge', 0.024), fileId: 'f2' });
    expect(findingsOf(old, T, params({ edgeConnector: true }))).toEqual([
      expect.objectContaining({ fileId: 'f2', severity: 'warning', allowedBy: 'board.edgeConnector' }),
    ]);
  });

  it('allows nothing but copper at the edge', () => {
    const others = dfm(place('trackWidth', 0.05), place('drillToCopper', 0.1), place('annularRing', 0.05));
    const findings = findingsOf(others, T, params({ edgeConnector: true }));
    expect(findings.map((finding) => [finding.rule, finding.severity, finding.allowedBy])).toEqual([
      ['trackWidth', 'error', undefined], ['annularRing', 'error', undefined], ['drillToCopper', 'error', undefined],
    ]);
    expect(findings).toEqual(findingsOf(others, T, params()));
  });

  it('is set by applying its cure', () => {
    expect(curePatch({ field: 'board.edgeConnector', value: true })).toEqual({ edgeConnector: true });
    expect(curePatch({ field: 'board.minTrackMm', value: 0.075 })).toEqual({ minTrackMm: 0.075 });
  });
});
