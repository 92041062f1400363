import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { fourLayerBoard } from '../../scripts/four-layer-board';
import type { BoardFile } from '../../src/contract/board-files';
import { analyseBoard, type LayerOverride, type SourceFile } from '../../server/gerber/pipeline';

/**
 * Which of a customer's layer corrections change what DFM measures (docs/decisions.md "A correction of the
 * layers that DFM reads goes for review"). Those send the board for an engineer's review; the others do not.
 */

const files: SourceFile[] = [
  ...fourLayerBoard().map((file) => ({ name: file.name, content: file.content })),
  { name: 'readme.txt', content: 'Order 10 pieces, ENIG.\n' },
  { name: 'notes.gbr', content: '%FSLAX46Y46*%\n%MOMM*%\n%ADD10C,0.5*%\nD10*\nX0Y0D02*\nX10000000Y0D01*\nX10000000Y5000000D01*\nM02*\n' },
].map((file, index) => ({ id: `f${index + 1}`, name: file.name, content: strToU8(file.content) }));

let identified: BoardFile[] = [];
beforeAll(async () => {
  identified = (await analyseBoard(files, null, () => undefined)).analysed.files;
});

const idOf = (name: string) => identified.find((file) => file.name === name)?.id ?? '';
const asIdentified = (): LayerOverride[] => identified.map(({ id, type, side, hidden, order }) => ({ id, type, side, hidden, order }));
const corrected = async (change: (layers: LayerOverride[]) => LayerOverride[]) =>
  (await analyseBoard(files, change(asIdentified()), () => undefined)).analysed.layersCorrected;
const with_ = (name: string, patch: Partial<LayerOverride>) => (layers: LayerOverride[]) =>
  layers.map((layer) => (layer.id === idOf(name) ? { ...layer, ...patch } : layer));

describe('a correction the DFM result does not rest on', () => {
  it('is none at all: the identification sent back as it is', async () => {
    expect(identified.find((file) => file.name === 'readme.txt')).toMatchObject({ type: null, error: 'unknownType' });
    expect(await corrected((layers) => layers)).toBe(false);
  });

  it('is a new order of the layers', async () => {
    const inner1 = identified.find((file) => file.name === 'board-In1_Cu.gbr')?.order ?? 0;
    const inner2 = identified.find((file) => file.name === 'board-In2_Cu.gbr')?.order ?? 0;
    expect(await corrected((layers) => with_('board-In2_Cu.gbr', { order: inner1 })(with_('board-In1_Cu.gbr', { order: inner2 })(layers)))).toBe(false);
  });

  it('is hiding, or giving a type to, a file nothing can read (a note beside the Gerber files)', async () => {
    expect(await corrected(with_('readme.txt', { hidden: true }))).toBe(false);
    expect(await corrected(with_('readme.txt', { type: 'copper', side: 'inner' }))).toBe(false);
  });

  it('is leaving a drawing without a type: the board\'s edge reads both alike, and no rule reads either', async () => {
    expect(identified.find((file) => file.name === 'notes.gbr')).toMatchObject({ type: 'drawing' });
    expect(await corrected(with_('notes.gbr', { type: null, side: null }))).toBe(false);
  });
});

describe('a correction DFM measures differently', () => {
  it.each([
    ['copper called a drawing', 'board-F_Cu.gbr', { type: 'drawing' as const, side: null }],
    ['copper hidden', 'board-B_Cu.gbr', { hidden: true }],
    ['copper moved to the other side', 'board-B_Cu.gbr', { side: 'top' as const }],
    ['an inner copper layer called silkscreen', 'board-In1_Cu.gbr', { type: 'silkscreen' as const, side: 'top' as const }],
    ['the drill file called a drawing', 'board.drl', { type: 'drawing' as const, side: null }],
    ['the outline hidden', 'board-Edge_Cuts.gbr', { hidden: true }],
    ['the paste hidden (the edge may be read from it)', 'board-F_Paste.gbr', { hidden: true }],
    ['silkscreen called a mask', 'board-F_SilkS.gbr', { type: 'soldermask' as const }],
    ['a drawing called copper', 'notes.gbr', { type: 'copper' as const, side: 'top' as const }],
    ['a drawing hidden (the edge may be read from it)', 'notes.gbr', { hidden: true }],
  ])('%s', async (_, name, patch) => {
    expect(await corrected(with_(name, patch))).toBe(true);
  });
});
