import { percentOf, isComplete, type CoverageCount, type MachineCoverage, type PathsReport } from './coverage';
import type { FlowModel } from './flow-model';
import { escapeXml } from './svg';

// coverage/paths.html: a standalone page QA can open from disk, with every machine's totals,
// what the paths missed (by name) and the diagram coloured by coverage.

export interface CoverageSection {
  coverage: MachineCoverage;
  title: { ru: string; en: string };
  screen: string;
  model: FlowModel;
  /** The machine's diagram with the coverage overlay (renderSvg with `coverage` and an `idPrefix`). */
  svg: string;
  /** Generated paths that failed on replay, with their failures. */
  failures: string[];
}

const short = (model: FlowModel, id: string) => (id === model.root ? model.root : id.slice(model.root.length + 1));

/** `token.fresh → token.expired: after 105 s` for an edge key; the key itself when the model lacks it. */
export function describeEdge(model: FlowModel, key: string): string {
  const edge = model.edges.find((item) => item.key === key);
  if (!edge) return key;
  const to = edge.targets.length ? edge.targets.map((id) => short(model, id)).join(', ') : '(stays)';
  return `${short(model, edge.source)} → ${to}: ${edge.label}`;
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; color: #0f172a; margin: 24px; background: #f8fafc; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin: 0 0 8px; }
table { border-collapse: collapse; background: #fff; }
th, td { border: 1px solid #cbd5e1; padding: 4px 10px; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.ok { color: #15803d; font-weight: 600; } .bad { color: #dc2626; font-weight: 600; }
section { background: #fff; border: 1px solid #cbd5e1; border-radius: 8px; padding: 16px; margin: 20px 0; }
.diagram { overflow: auto; border-top: 1px solid #e2e8f0; margin-top: 12px; padding-top: 12px; }
code, li { font-family: 'DejaVu Sans Mono', ui-monospace, monospace; font-size: 12px; }
.legend span { display: inline-block; margin-right: 16px; }
`;

function ratio(count: CoverageCount): string {
  const cls = count.covered === count.total ? 'ok' : 'bad';
  return `<span class="${cls}">${count.covered}/${count.total} (${percentOf(count)} %)</span>`;
}

function list(title: string, items: readonly string[]): string {
  if (!items.length) return `<p>${escapeXml(title)}: <span class="ok">none</span></p>`;
  return `<p>${escapeXml(title)}:</p><ul>${items.map((item) => `<li class="bad">${escapeXml(item)}</li>`).join('')}</ul>`;
}

function sectionHtml(section: CoverageSection): string {
  const { coverage, model } = section;
  return `<section id="${escapeXml(coverage.id)}">
<h2>${escapeXml(section.title.en)} / ${escapeXml(section.title.ru)} <code>${escapeXml(coverage.id)}</code></h2>
<p>Screen <code>${escapeXml(section.screen)}</code> · states ${ratio(coverage.states)} · transitions ${ratio(coverage.transitions)}
 · ${coverage.paths} generated paths · ${coverage.browserPaths} browser paths</p>
${list('Uncovered states', coverage.states.uncovered.map((id) => short(model, id)))}
${list('Uncovered transitions', coverage.transitions.uncovered.map((key) => describeEdge(model, key)))}
${section.failures.length ? list('Failing paths', section.failures) : ''}
<div class="diagram">${section.svg}</div>
</section>`;
}

export function coverageHtml(report: PathsReport, sections: readonly CoverageSection[]): string {
  const rows = report.machines.map((machine) => `<tr><td><a href="#${escapeXml(machine.id)}">${escapeXml(machine.id)}</a></td>
<td class="num">${ratio(machine.states)}</td><td class="num">${ratio(machine.transitions)}</td>
<td class="num">${machine.paths}</td><td class="num">${machine.browserPaths}</td>
<td>${isComplete(machine) ? '<span class="ok">complete</span>' : '<span class="bad">below 100 %</span>'}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Path coverage</title><style>${STYLE}</style></head>
<body>
<h1>Path coverage of the flows</h1>
<p>Model-based paths generated with <code>xstate/graph</code> from the registered machines and replayed on real actors
(<code>npm run test:paths</code>). Same numbers as <code>coverage/paths.json</code>.</p>
<table><thead><tr><th>Machine</th><th>States</th><th>Transitions</th><th>Paths</th><th>Browser paths</th><th></th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="legend"><span class="ok">green: walked by a path</span><span class="bad">red, dashed: never walked</span></p>
${sections.map(sectionHtml).join('\n')}
</body></html>
`;
}
