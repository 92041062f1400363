import { beforeAll, describe, expect, it } from 'vitest';
import { boardEdge } from '../../server/gerber/board-edge';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { measureDfm } from '../../server/gerber/dfm/measure';
import { boardHoles } from '../../server/gerber/holes';
import { identifyFiles } from '../../server/gerber/identify';
import { loadPolygons } from '../../server/gerber/polygons/module';
import { readFile } from '../../server/gerber/read-file';
import { strokeLayer } from '../server/heavy-board';

/**
 * DFM on polygons keeps its time budget. A board too complex to measure in it is cut short
 * (`cutShort`, which sends it for an engineer's review) rather than failing its job.
 */

beforeAll(async () => { await loadPolygons(); });

function measured(strokes: number, budgetMs: number) {
  const content = new TextEncoder().encode(strokeLayer(strokes));
  const files = identifyFiles([readFile({ id: 'f0', name: 'board-F_Cu.gtl', content })], null, { holes: [] }).map((file) => ({ file, error: null }));
  const holes = boardHoles(files);
  const started = performance.now();
  const dfm = measureDfm({ files, edge: boardEdge(files, holes), size: null, topSvg: null, units: 'mm' }, DEFAULT_CAPABILITIES, budgetMs);
  return { dfm, ms: performance.now() - started };
}

describe('the DFM time budget', () => {
  it('cuts a board short when its measuring runs past the budget, and says so', () => {
    // 20 000 strokes 0.01 mm wide in a zigzag: each layer's rims are hundreds of thousands of segments to pair.
    const { dfm, ms } = measured(20_000, 100);
    expect(dfm.cutShort).toBe(true);
    // The union of the layer cannot be stopped once started; what comes after it stops at the next check.
    expect(ms).toBeLessThan(5_000);
  });

  it('measures a small board whole, with no mark', () => {
    expect(measured(200, 12_000).dfm.cutShort).toBeUndefined();
  });
});
