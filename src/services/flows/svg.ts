import type { FlowLayout, Point, PositionedEdge, PositionedNode, PositionedRow } from './layout';
import { FONT_FAMILY, LINE_HEIGHT, TEXT_SIZE } from './text-metrics';

/** Which states and edges the generated paths walked (ids and edge keys as in coverage/paths.json). */
export interface CoverageOverlay {
  states: ReadonlySet<string>;
  edges: ReadonlySet<string>;
}

export interface SvgOptions {
  coverage?: CoverageOverlay;
  /** Accessible title of the drawing. */
  title?: string;
  /** Prefix for the SVG's own element ids, so several drawings can share one HTML page. */
  idPrefix?: string;
}

type Status = 'plain' | 'covered' | 'uncovered';

const COLOURS = {
  plain: '#334155',
  covered: '#15803d',
  uncovered: '#dc2626',
  label: '#1e3a8a',
  muted: '#64748b',
  fill: ['#f8fafc', '#ffffff', '#f1f5f9', '#ffffff'],
  coveredFill: '#f0fdf4',
  uncoveredFill: '#fef2f2',
} as const;
const MARGIN = 8;

export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const num = (value: number) => String(Math.round(value * 10) / 10);

function statusOf(id: string | null, set: ReadonlySet<string> | undefined): Status {
  if (!set || id === null) return 'plain';
  return set.has(id) ? 'covered' : 'uncovered';
}

function rowSvg(row: PositionedRow, coverage: CoverageOverlay | undefined): string {
  const status = statusOf(row.edgeKey, row.edgeKey ? coverage?.edges : undefined);
  const fill = status !== 'plain' ? COLOURS[status] : row.kind === 'internal' ? COLOURS.label
    : row.kind === 'title' ? COLOURS.plain : COLOURS.muted;
  const attrs = [
    `x="${num(row.x)}"`, `y="${num(row.y)}"`, `font-size="${row.size}"`, `fill="${fill}"`,
    row.kind === 'title' ? 'font-weight="bold"' : '', row.kind === 'tags' ? 'font-style="italic"' : '',
    status === 'uncovered' ? 'text-decoration="underline"' : '',
    row.edgeKey ? `data-edge="${escapeXml(row.edgeKey)}"` : '',
  ].filter(Boolean).join(' ');
  return `<text ${attrs}>${escapeXml(row.text)}</text>`;
}

function nodeSvg(node: PositionedNode, layout: FlowLayout, coverage: CoverageOverlay | undefined): string {
  if (node.kind === 'initial') {
    const r = node.width / 2;
    return `<circle cx="${num(node.x + r)}" cy="${num(node.y + r)}" r="${num(r - 1)}" fill="${COLOURS.plain}"/>`;
  }
  const state = node.node;
  const status = statusOf(node.id, coverage?.states);
  if (state?.type === 'history') {
    const r = node.width / 2;
    const mark = state.history === 'deep' ? 'H*' : 'H';
    const circle = `<circle cx="${num(node.x + r)}" cy="${num(node.y + r)}" r="${num(r - 1)}" fill="#ffffff" ` +
      `stroke="${status === 'plain' ? COLOURS.plain : COLOURS[status]}" stroke-width="1.2"/>`;
    const text = `<text x="${num(node.x + r)}" y="${num(node.y + r + 4)}" text-anchor="middle" font-size="${TEXT_SIZE}" ` +
      `font-weight="bold" fill="${COLOURS.plain}">${mark}</text>`;
    return `<g data-state="${escapeXml(node.id)}" data-type="history"><title>${escapeXml(node.id)}</title>${circle}${text}</g>`;
  }
  const parent = state?.parent ? layout.model.nodes.find((other) => other.id === state.parent) : undefined;
  const region = parent?.type === 'parallel';
  const fill = status === 'covered' && !state?.children.length ? COLOURS.coveredFill
    : status === 'uncovered' ? COLOURS.uncoveredFill : COLOURS.fill[node.depth % COLOURS.fill.length];
  const stroke = status === 'plain' ? COLOURS.plain : COLOURS[status];
  const dash = region || status === 'uncovered' ? ' stroke-dasharray="6 4"' : '';
  const rect = (inset: number) =>
    `<rect x="${num(node.x + inset)}" y="${num(node.y + inset)}" width="${num(node.width - 2 * inset)}" height="${num(node.height - 2 * inset)}" rx="${8 - inset / 2}" fill="${inset ? 'none' : fill}" stroke="${stroke}" stroke-width="${status === 'plain' ? 1.2 : 1.8}"${dash}/>`;
  const shapes = [rect(0), state?.type === 'final' ? rect(4) : ''].join('');
  const rows = node.rows.map((row) => rowSvg(row, coverage)).join('');
  return `<g data-state="${escapeXml(node.id)}" data-type="${state?.type ?? ''}"><title>${escapeXml(node.id)}</title>${shapes}${rows}</g>`;
}

const pathOf = (points: readonly Point[]) =>
  points.map((point, index) => `${index ? 'L' : 'M'}${num(point.x)} ${num(point.y)}`).join(' ');

function edgeSvg(edge: PositionedEdge, coverage: CoverageOverlay | undefined, prefix: string): string {
  const status = statusOf(edge.key, coverage?.edges);
  const colour = COLOURS[status];
  const dash = status === 'uncovered' ? ' stroke-dasharray="5 4"' : '';
  const line = `<path d="${pathOf(edge.points)}" fill="none" stroke="${colour}" stroke-width="${status === 'plain' ? 1.2 : 1.6}"${dash} ` +
    `marker-end="url(#${prefix}arrow-${status})"/>`;
  const label = edge.label
    ? `<rect x="${num(edge.label.x)}" y="${num(edge.label.y)}" width="${num(edge.label.width)}" height="${num(edge.label.height)}" ` +
      `rx="3" fill="#ffffff" fill-opacity="0.92" stroke="${status === 'plain' ? '#cbd5e1' : colour}" stroke-width="0.8"/>` +
      labelText(edge.label, status === 'plain' ? COLOURS.label : colour)
    : '';
  const data = edge.key ? ` data-edge="${escapeXml(edge.key)}"` : ' data-initial="true"';
  return `<g${data}>${line}${label}</g>`;
}

function labelText(label: NonNullable<PositionedEdge['label']>, colour: string): string {
  const x = num(label.x + label.width / 2);
  const top = label.y + 1 + LINE_HEIGHT / 2 + TEXT_SIZE * 0.36;
  const lines = label.lines.map((line, index) => `<tspan x="${x}" y="${num(top + index * LINE_HEIGHT)}">${escapeXml(line)}</tspan>`);
  return `<text text-anchor="middle" font-size="${TEXT_SIZE}" fill="${colour}">${lines.join('')}</text>`;
}

const marker = (status: Status, prefix: string) =>
  `<marker id="${prefix}arrow-${status}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse" markerUnits="userSpaceOnUse"><path d="M0 0 L10 5 L0 10 z" fill="${COLOURS[status]}"/></marker>`;

/** A standalone SVG document of a laid-out machine, optionally coloured by path coverage. */
export function renderSvg(layout: FlowLayout, options: SvgOptions = {}): string {
  const width = Math.ceil(layout.width + 2 * MARGIN);
  const height = Math.ceil(layout.height + 2 * MARGIN);
  const title = options.title ?? layout.model.id;
  // Boxes are drawn outer first, then every edge above all boxes, so no arrow hides under a nested state.
  const nodes = [...layout.nodes].sort((a, b) => a.depth - b.depth).map((node) => nodeSvg(node, layout, options.coverage));
  const prefix = options.idPrefix ?? '';
  const edges = layout.edges.map((edge) => edgeSvg(edge, options.coverage, prefix));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${-MARGIN} ${-MARGIN} ${width} ${height}" font-family="${escapeXml(FONT_FAMILY)}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs>${marker('plain', prefix)}${marker('covered', prefix)}${marker('uncovered', prefix)}</defs>`,
    `<rect x="${-MARGIN}" y="${-MARGIN}" width="${width}" height="${height}" fill="#ffffff"/>`,
    ...nodes,
    ...edges,
    '</svg>',
    '',
  ].join('\n');
}
