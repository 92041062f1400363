import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { FOUR_LAYER_BOARD, fourLayerBoard, fourLayerBoardZip } from '../../scripts/four-layer-board';
import { analyseFiles, unpackUpload, type ProcessingResult } from '../../server/gerber/pipeline';
import {
  boardNames, boardZip, excellonHoles, fixtureText, gerberCoordinateExtentMm, manifest, zipOf,
} from './gerber-fixtures';

/** Real boards (the open-hardware fixtures of @tracespace/fixtures) and a generated four-layer one, end to end. */

async function analyseZip(zip: Uint8Array, name: string): Promise<ProcessingResult> {
  return analyseFiles(unpackUpload(zip, name), null, () => undefined);
}

const boards = boardNames();

it('has the fixture boards to test with', () => {
  expect(boards).toEqual(expect.arrayContaining(['arduino-uno', 'bus-pirate', 'clockblock', 'freeduino', 'mchck', 'usbvil']));
});

describe.each(boards)('fixture board %s', (board) => {
  const layers = manifest(board);
  let result: ProcessingResult;

  beforeAll(async () => {
    result = await analyseZip(boardZip(board), `${board}.zip`);
  });

  it('identifies each file with the type and side its manifest states', () => {
    const found = Object.fromEntries(result.files.map((file) => [file.name, { type: file.type, side: file.side }]));
    const expected = Object.fromEntries(layers.map((layer) => [layer.name, { type: layer.type, side: layer.side }]));
    expect(found).toEqual(expected);
    expect(result.files.every((file) => file.error === null && file.identifiedBy !== null)).toBe(true);
    expect(result.files.map((file) => file.format).sort()).toEqual(layers.map((layer) => layer.format).sort());
  });

  it('counts the copper layers the manifest has', () => {
    const copper = layers.filter((layer) => layer.type === 'copper');
    expect(result.measurements?.layerCount).toBe(copper.length);
    expect([...(result.measurements?.copperLayers ?? [])].sort()).toEqual(copper.map((layer) => layer.side).sort());
  });

  it('measures the board within 0.5 mm of its outline, or without one, along the edge drawn around the copper', () => {
    const outline = layers.find((layer) => layer.type === 'outline');
    const measured = result.measurements;
    if (!outline) {
      // Freeduino has no outline file; its silkscreen draws the board's edge around everything else.
      const copper = layers.filter((layer) => layer.type === 'copper').map((layer) => gerberCoordinateExtentMm(fixtureText(board, layer.name)));
      expect(result.alerts.map((alert) => alert.code)).toContain('outlineFromLayers');
      for (const extent of copper) {
        expect(measured?.widthMm).toBeGreaterThanOrEqual(extent.widthMm);
        expect(measured?.widthMm).toBeLessThanOrEqual(extent.widthMm * 1.15);
        expect(measured?.heightMm).toBeGreaterThanOrEqual(extent.heightMm);
        expect(measured?.heightMm).toBeLessThanOrEqual(extent.heightMm * 1.15);
      }
      return;
    }
    const reference = gerberCoordinateExtentMm(fixtureText(board, outline.name));
    expect(measured?.sizeFromOutline).toBe(true);
    expect(Math.abs((measured?.widthMm ?? 0) - reference.widthMm)).toBeLessThanOrEqual(0.5);
    expect(Math.abs((measured?.heightMm ?? 0) - reference.heightMm)).toBeLessThanOrEqual(0.5);
    expect(result.alerts.map((alert) => alert.code)).not.toContain('noOutline');
  });

  it('counts the drill hits and the hole sizes of its drill files', () => {
    const drills = layers.filter((layer) => layer.type === 'drill').map((layer) => excellonHoles(fixtureText(board, layer.name)));
    const sizes = [...new Set(drills.flatMap((drill) => drill.diametersMm))].sort((a, b) => a - b);
    expect(result.measurements?.drillHits).toBe(drills.reduce((sum, drill) => sum + drill.hits, 0));
    expect(result.measurements?.holeSizesMm).toEqual(sizes);
    expect(result.measurements?.smallestHoleMm).toBe(sizes[0]);
  });

  it('notes paste layers for the stencil', () => {
    const paste = (side: string) => layers.some((layer) => layer.type === 'solderpaste' && layer.side === side);
    expect(result.measurements?.pasteTop).toBe(paste('top'));
    expect(result.measurements?.pasteBottom).toBe(paste('bottom'));
    expect(result.measurements?.pasteWidthMm !== null).toBe(paste('top') || paste('bottom'));
  });

  it('renders the top, the bottom and every layer alone as SVG', () => {
    const names = result.renders.map((render) => render.name);
    expect(names).toEqual(expect.arrayContaining(['top', 'bottom', ...result.files.map((file) => `layer-${file.id}`)]));
    expect(result.renders.every((render) => render.svg.startsWith('<svg') && render.svg.endsWith('</svg>'))).toBe(true);
    // The side views carry the board's layers, not an empty frame.
    expect(result.renders.find((render) => render.name === 'top')?.svg).toMatch(/_cu"/);
  });
});

describe('the generated four-layer board', () => {
  let result: ProcessingResult;

  beforeAll(async () => {
    result = await analyseZip(fourLayerBoardZip(), 'four-layer.zip');
  });

  it('has inner layers identified from the X2 attributes', () => {
    const copper = result.files.filter((file) => file.type === 'copper').sort((a, b) => a.order - b.order);
    expect(copper.map((file) => [file.name, file.side, file.identifiedBy])).toEqual([
      ['board-F_Cu.gbr', 'top', 'x2'], ['board-In1_Cu.gbr', 'inner', 'x2'],
      ['board-In2_Cu.gbr', 'inner', 'x2'], ['board-B_Cu.gbr', 'bottom', 'x2'],
    ]);
    expect(result.measurements?.layerCount).toBe(FOUR_LAYER_BOARD.layerCount);
    expect(result.measurements?.copperLayers).toEqual(['top', 'inner', 'inner', 'bottom']);
  });

  it('measures 80 × 60 mm, its holes and its paste as generated', () => {
    const outline = fourLayerBoard().find((file) => file.name === 'board-Edge_Cuts.gbr')?.content ?? '';
    expect(gerberCoordinateExtentMm(outline)).toEqual({ widthMm: 80, heightMm: 60 });
    const measured = result.measurements;
    expect(Math.abs((measured?.widthMm ?? 0) - FOUR_LAYER_BOARD.widthMm)).toBeLessThanOrEqual(0.5);
    expect(Math.abs((measured?.heightMm ?? 0) - FOUR_LAYER_BOARD.heightMm)).toBeLessThanOrEqual(0.5);
    expect(measured?.drillHits).toBe(FOUR_LAYER_BOARD.drillHits);
    expect(measured?.smallestHoleMm).toBe(FOUR_LAYER_BOARD.smallestHoleMm);
    expect(measured?.holeSizesMm).toEqual(FOUR_LAYER_BOARD.holeSizesMm);
    expect([measured?.pasteTop, measured?.pasteBottom]).toEqual([true, false]);
    expect([measured?.pasteWidthMm, measured?.pasteHeightMm]).toEqual([FOUR_LAYER_BOARD.pasteWidthMm, FOUR_LAYER_BOARD.pasteHeightMm]);
  });

  it('raises no alert', () => {
    expect(result.alerts).toEqual([]);
  });

  it('is identified by the file names alone when the X2 attributes are gone', async () => {
    const plain = Object.fromEntries(fourLayerBoard().map((file) =>
      [file.name, strToU8(file.content.replace(/^.*TF\..*$/gm, ''))]));
    const named = await analyseZip(zipOf(plain), 'plain.zip');
    expect(named.files.every((file) => file.identifiedBy === 'name')).toBe(true);
    expect(named.measurements?.copperLayers).toEqual(['top', 'inner', 'inner', 'bottom']);
  });

  it.each([
    ['one inner layer is missing', ['board-In2_Cu.gbr']],
    ['both inner layers are missing', ['board-In1_Cu.gbr', 'board-In2_Cu.gbr']],
  ])('says the layer count is doubtful when %s', async (_, missing) => {
    const files = fourLayerBoard().filter((file) => !missing.includes(file.name));
    const partial = await analyseZip(zipOf(Object.fromEntries(files.map((file) => [file.name, file.content]))), 'partial.zip');
    expect(partial.measurements?.layerCount).toBe(4 - missing.length);
    expect(partial.alerts).toContainEqual({ code: 'layerCountMismatch', level: 'warning', fileId: null });
  });
});
