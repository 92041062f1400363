/**
 * The DFM half of `npm run bench:gerber`: per board, the DFM time and its findings, judged as the wizard
 * judges them: for the parameters it reads from the files (the defaults, with size, layers and smallest hole
 * measured), against the shipped capability table. `npx tsx scripts/dfm-corpus.ts <board>` lists every finding.
 */
import { defaultParams } from '../src/contract/board';
import { paramsFromMeasurements } from '../src/contract/board-sizes';
import { findingsOf } from '../src/contract/dfm-findings';
import type { DfmFinding } from '../src/contract/dfm';
import { DEFAULT_CAPABILITIES } from '../src/contract/capabilities';
import type { BoardFigures } from './bench-gerber-boards';

/** DFM adds at most this to a typical two-layer board. */
const TARGET_DFM_MS = 1000;

const left = (value: string | number, width: number) => String(value).padEnd(width);
const right = (value: string | number, width: number) => String(value).padStart(width);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function findingsFor(figures: BoardFigures): DfmFinding[] {
  const params = figures.measurements ? paramsFromMeasurements(figures.measurements, defaultParams('pcb')) : defaultParams('pcb');
  return findingsOf(figures.dfm, DEFAULT_CAPABILITIES, params);
}

/** Per rule, in the findings' order: how many errors and warnings, and the smallest value among them (mm). */
export function findingsPerRule(findings: readonly DfmFinding[]): Map<string, { errors: number; warnings: number; worst: number }> {
  const rules = new Map<string, { errors: number; warnings: number; worst: number }>();
  for (const finding of findings) {
    const known = rules.get(finding.rule) ?? { errors: 0, warnings: 0, worst: Infinity };
    rules.set(finding.rule, {
      errors: known.errors + (finding.severity === 'error' ? 1 : 0), warnings: known.warnings + (finding.severity === 'error' ? 0 : 1),
      worst: Math.min(known.worst, finding.valueMm),
    });
  }
  return rules;
}

/** "trackWidth 3/1 (0.051)": errors/warnings and the worst value of each rule that has findings. */
function byRule(findings: DfmFinding[], more: ReadonlyMap<string, number>): string {
  return [...findingsPerRule(findings)].map(([rule, { errors, warnings, worst }]) => {
    const notKept = more.get(rule) ? ` +${more.get(rule)} not kept` : '';
    return `${rule} ${errors}/${warnings} (${worst.toFixed(3)})${notKept}`;
  }).join('; ');
}

export function printFindings(boards: readonly BoardFigures[]): void {
  console.log(`\n3. DFM per board: its time after the first stage, and its findings for the parameters the wizard reads from the files,`);
  console.log('   against the shipped capability table. Findings: errors/warnings and the worst value (mm) per rule; at most 50 places are');
  console.log(`   kept per rule, the rest counted as "not kept". Target: DFM adds ≤ ${TARGET_DFM_MS} ms to a typical two-layer board.\n`);
  console.log(`${left('board', 38)}${right('DFM ms', 8)}${right('share', 7)}${right('places', 8)}${right('errors', 8)}${right('warns', 7)}  by rule`);
  for (const figures of boards) {
    if (!figures.dfm) continue;
    const findings = findingsFor(figures);
    const errors = findings.filter((finding) => finding.severity === 'error').length;
    const share = figures.ms > 0 ? `${Math.round((100 * figures.dfmMs) / figures.ms)}%` : '—';
    const cut = figures.dfm.cutShort ? '  CUT SHORT (budget)' : '';
    console.log(`${left(figures.board.name, 38)}${right(Math.round(figures.dfmMs), 8)}${right(share, 7)}${right(figures.dfm.places.length, 8)}`
      + `${right(errors, 8)}${right(findings.length - errors, 7)}  ${byRule(findings, new Map(figures.dfm.moreByRule))}${cut}`);
  }
  const twoLayer = boards.filter((figures) => figures.board.source === 'corpus' && (figures.measurements?.layerCount ?? 0) === 2);
  const typical = median(twoLayer.map((figures) => figures.dfmMs));
  const over = twoLayer.filter((figures) => figures.dfmMs > TARGET_DFM_MS);
  console.log(
    `\nDFM on the ${twoLayer.length} two-layer corpus boards: median ${Math.round(typical)} ms (target ≤ ${TARGET_DFM_MS} ms): ` +
      `${typical <= TARGET_DFM_MS ? 'met' : 'MISSED'}; over ${TARGET_DFM_MS} ms: ${over.length === 0 ? 'none' : over.map((f) => `${f.board.name} ${Math.round(f.dfmMs)} ms`).join(', ')}`,
  );
}
