/**
 * Every DFM finding per board of the real-board corpus and of tracespace's fixture boards, for the default
 * parameters of the board's layer count, and the time the DFM measuring takes next to the whole analysis.
 * `npx tsx scripts/dfm-corpus.ts [name…]`;
 * `DFM_CORPUS_PLACES=1` prints every place kept, not only the findings; `DFM_CORPUS_CHOSEN=1` judges with the class
 * chosen from the files. Every place is kept (no cap per rule), so
 * the counts are whole; each board's errors are counted per rule; the worst 50 per rule are listed, each with what
 * it is on (pour, track, pad) where the geometry tells.
 */
import { performance } from 'node:perf_hooks';
import { defaultParams, LAYER_COUNTS } from '../src/contract/board';
import { withNeededClasses } from '../src/contract/dfm-classes';
import { findingsOf } from '../src/contract/dfm-findings';
import { DEFAULT_CAPABILITIES } from '../src/contract/capabilities';
import { analyseFiles, unpackUpload } from '../server/gerber/pipeline';
import { fixtureBoards } from './bench-gerber-boards';
import { findingsPerRule } from './bench-gerber-findings';
import { corpusBoard, corpusBoardNames } from './gerber-corpus';

const fmt = (value: number) => value.toFixed(3);

async function main(): Promise<void> {
  // The corpus's boards, then tracespace's fixture boards and the generated four-layer board.
  const fixtures = new Map(fixtureBoards().map((board) => [board.name, board]));
  const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...corpusBoardNames(), ...fixtures.keys()];
  for (const name of names) {
    const board = fixtures.get(name) ?? corpusBoard(name);
    const files = unpackUpload(board.upload, board.uploadName);
    const started = performance.now();
    const marks: Record<string, number> = {};
    const result = await analyseFiles(files, null, (step) => { marks[step] = performance.now(); }, { dfmPlacesPerRule: Infinity });
    const total = performance.now() - started;
    const dfmMs = result.dfmMs ?? 0;
    const layers = LAYER_COUNTS.find((count) => count >= (result.measurements?.layerCount ?? 2)) ?? 2;
    const params = defaultParams('pcb');
    params.board.layers = layers;
    params.board.thicknessMm = 1.6;
    // `DFM_CORPUS_CHOSEN=1` judges with the class chosen from the files, as the quote and the wizard set it: what then
    // stays an error goes for an engineer's review.
    const judged = process.env.DFM_CORPUS_CHOSEN ? withNeededClasses(params, result.dfm, DEFAULT_CAPABILITIES) : params;
    const findings = findingsOf(result.dfm, DEFAULT_CAPABILITIES, judged);
    const names = new Map(result.files.map((file) => [file.id, file.name]));
    console.log(
      `\n## ${name}: ${findings.length} findings (${findings.filter((f) => f.severity === 'error').length} errors), ` +
        `${result.dfm.places.length} places kept, more: ${JSON.stringify(result.dfm.moreByRule)}${result.dfm.cutShort ? ' CUT SHORT' : ''}; analysis ${total.toFixed(0)} ms, DFM ${dfmMs.toFixed(0)} ms`,
    );
    if (judged !== params) console.log(`  class chosen from the files: track ${judged.board.minTrackMm}, hole ${judged.board.minHoleMm}`);
    const errors = findingsPerRule(findings.filter((f) => f.severity === 'error'));
    console.log(`  errors by rule: ${[...errors].map(([rule, { errors: count, worst }]) => `${rule} ${count} (worst ${fmt(worst)})`).join(', ') || 'none'}`);
    // What each place is on, where the geometry told: findings carry the place's rule, point and value.
    const featureOf = new Map(result.dfm.places.map((place) => [`${place.rule}:${place.at?.x}:${place.at?.y}:${place.valueMm}`, place.feature]));
    // Errors first: what sends the order to review is listed before the notices the fab fixes.
    const all = process.env.DFM_CORPUS_PLACES ? result.dfm.places.map((place) => ({ ...place, severity: '-', limitMm: NaN, cure: null }))
      : [...findings].sort((a, b) => Number(b.severity === 'error') - Number(a.severity === 'error'));
    // The worst 50 per rule are listed, as the analysis keeps them.
    const listed = new Map<string, number>();
    const shown = all.filter((each) => { listed.set(each.rule, (listed.get(each.rule) ?? 0) + 1); return (listed.get(each.rule) ?? 0) <= 50; });
    for (const each of shown) {
      console.log(
        `  ${each.severity.padEnd(7)} ${each.rule.padEnd(14)} ${fmt(each.valueMm)} < ${fmt(each.limitMm)}  ` +
          `${each.at ? `(${fmt(each.at.x)}, ${fmt(each.at.y)})` : '-'}  ${each.fileId ? names.get(each.fileId) : ''}` +
          `${each.cure ? `  cure ${each.cure.field}=${each.cure.value}` : ''}` +
          `${featureOf.get(`${each.rule}:${each.at?.x}:${each.at?.y}:${each.valueMm}`) ? `  on ${featureOf.get(`${each.rule}:${each.at?.x}:${each.at?.y}:${each.valueMm}`)}` : ''}`,
      );
    }
  }
}

await main();
