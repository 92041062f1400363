import type { Box, Line } from '../geometry';
import type { PolygonScope } from '../polygons/scope';
import { late } from './budget';
import { PourOpenings } from './slivers';
import { copperNearEdge, EDGE_STRETCH_MM } from './edge-copper';
import { drawnNearEdge } from './edge-objects';
import type { EdgeIndex } from './edges';
import { routedEdges } from './edges';
import { featureFinder } from './features';
import { holeOnLayer, type Drilled } from './hole-copper';
import type { LayerGeometry } from './layer-geometry';
import { LiveNets, livePart } from './live-copper';
import { confirmedNarrow } from './narrow';
import { padCentring } from './pad-centres';
import type { Found } from './places';
import { rimPairs, type RimPairs } from './rim-pairs';
import { pairOf, Stretches } from './stretches';
import type { thresholds } from './thresholds';
import { unionFind } from './union-find';

/**
 * The copper rules on the board's united copper: track width, spacing between copper of different nets,
 * annular rings, drill to copper and copper to the edge. Nets are pieces of copper that touch, joined through the
 * holes that stand in them on several layers; spacing is judged between live nets only (live-copper.ts).
 */

type Limits = ReturnType<typeof thresholds>;

/** Union-find over every copper layer's pieces, numbered layer after layer. */
function netsOf(layers: LayerGeometry[]) {
  const offsets: number[] = [];
  let total = 0;
  for (const layer of layers) { offsets.push(total); total += layer.pieces.length; }
  return { id: (layer: number, piece: number) => (offsets[layer] ?? 0) + piece, ...unionFind(total) };
}

export interface CopperInput {
  scope: PolygonScope;
  copper: LayerGeometry[];
  drilled: Drilled[];
  /** The solder mask layers, built when first asked for (which copper is bare: live-copper.ts). */
  mask: () => LayerGeometry[];
  edge: EdgeIndex;
  limits: Limits;
  /** How many places of a rule are kept (places.ts). */
  kept: number;
}

export function copperRules({ scope, copper, drilled, mask, edge, limits, kept }: CopperInput, found: Found[]): void {
  const nets = netsOf(copper);
  const features = copper.map((layer) => featureFinder(layer.objects, limits.trackWidth));
  const feature = (layer: number, x: number, y: number) => () => features[layer]?.(x, y);
  // Gaps and narrow copper, layer by layer; pieces that touch are one net.
  const pairs: RimPairs[] = copper.map((layer, index) => {
    // A negative film is measured for its antipads only (drill to copper): what else it draws is no track or pad.
    const found = rimPairs(layer.index, { gaps: layer.negative ? 0 : limits.trackSpacing, narrow: layer.negative ? 0 : limits.trackWidth });
    for (const [a, b] of found.touching) nets.join(nets.id(index, a), nets.id(index, b));
    return found;
  });
  const narrow = copper.flatMap((layer, index) =>
    confirmedNarrow(scope, pairs[index]?.narrow ?? new Stretches(1), layer.index, limits.trackWidth, late).map((place) => ({ layer, index, place })));
  // Thin copper of a pour that joins nothing is a sliver the fab removes (slivers.ts). It is asked here, while the
  // polygons are at hand, worst first, until as many places that are no sliver are found as are kept (places.ts keeps
  // those apart from the slivers, so one the order must meet is never left unasked behind a hundred slivers).
  const holeLines = drilled.map((hole) => hole.line);
  const pours = copper.map((layer) => new PourOpenings(scope, layer.index.pieces, limits.trackWidth / 2, livePart(scope, layer, mask, holeLines)));
  let unfixed = 0;
  for (const each of [...narrow].sort((a, b) => a.place.value - b.place.value)) {
    const { layer, index, place } = each;
    const on = features[index]?.(place.x, place.y, place.value);
    const sliver = on === 'pour' && unfixed < kept && !late() && pours[index]?.isSliver(place.piece, place.x, place.y, place.value / 2) === true;
    if (!sliver) unfixed += 1;
    const what = sliver ? 'sliver' : on;
    found.push({ rule: 'trackWidth', fileId: layer.id, valueMm: place.value, x: place.x, y: place.y, feature: () => what });
  }
  // Holes join the copper they stand in on every layer; their rings and the copper near them, each measured from its
  // pad's centre where the drill file's rounding alone sets them apart (pad-centres.ts).
  const centring = copper.map((layer) => padCentring(layer.objects));
  const perHole = drilled.map((hole) => copper.map((layer, index) =>
    holeOnLayer(layer.index, centring[index]?.(hole) ?? hole, { ring: limits.annularRing, clearance: limits.drillToCopper })));
  perHole.forEach((layers) => {
    let first = -1;
    layers.forEach((onLayer, index) => {
      for (const piece of onLayer.under) {
        const id = nets.id(index, piece);
        if (first < 0) first = id; else nets.join(first, id);
      }
    });
  });
  drilled.forEach((hole, h) => {
    const layers = perHole[h] ?? [];
    const own = new Set(layers.flatMap((onLayer, index) => onLayer.under.map((piece) => nets.find(nets.id(index, piece)))));
    let ring: Found | null = null;
    const close = new Map<number, { index: number; gap: number; x: number; y: number }[]>();
    layers.forEach((onLayer, index) => {
      const layer = copper[index];
      if (!layer) return;
      // No ring on a film, nor where the hole takes its pad away whole (an unplated hole's pad drawn the hole's size).
      if (!layer.negative && !layer.unplated.has(h) && onLayer.ring && onLayer.ring.value < (ring?.valueMm ?? Infinity)) {
        const [x, y] = middleOf(hole.line);
        ring = { rule: 'annularRing', fileId: layer.id, valueMm: onLayer.ring.value, x, y, feature: () => 'pad' };
      }
      for (const near of onLayer.near) {
        const net = nets.find(nets.id(index, near.piece));
        if (own.has(net)) continue;
        const list = close.get(net);
        if (list) list.push({ index, ...near }); else close.set(net, [{ index, ...near }]);
      }
    });
    if (ring) found.push(ring);
    for (const list of close.values()) found.push(...clearancesOf(list, copper, (index, x, y) => features[index]?.(x, y)));
  });
  // Gaps between copper of different live nets, once every join is known.
  const holed = new Set(perHole.flatMap((layers) => layers.flatMap((onLayer, index) => onLayer.under.map((piece) => nets.find(nets.id(index, piece))))));
  const live = new LiveNets(scope, copper, nets, holed, mask);
  // Copper with no net between two nets bridges them once both its gaps close: the nearest gap to each net it comes
  // near, per floating net, and the second nearest of them is the width of the short.
  const floating = new Map<number, Map<number, Found>>();
  pairs.forEach((layerPairs, index) => {
    const layer = copper[index];
    if (!layer) return;
    for (const [key, stretch] of layerPairs.gaps.entries()) {
      const [a, b] = pairOf(key);
      const netA = nets.find(nets.id(index, a)); const netB = nets.find(nets.id(index, b));
      if (netA === netB) continue;
      const place: Found = {
        rule: 'trackSpacing',
        fileId: layer.id,
        valueMm: stretch.value,
        x: stretch.x,
        y: stretch.y,
        feature: feature(index, stretch.x, stretch.y),
      };
      const liveA = live.has(index, a); const liveB = live.has(index, b);
      if (liveA && liveB) { found.push(place); continue; }
      if (liveA === liveB) continue;
      const [dead, other] = liveA ? [netB, netA] : [netA, netB];
      const near = floating.get(dead) ?? new Map<number, Found>();
      if (place.valueMm < (near.get(other)?.valueMm ?? Infinity)) near.set(other, place);
      floating.set(dead, near);
    }
  });
  for (const near of floating.values()) {
    const [, second] = [...near.values()].sort((p, q) => p.valueMm - q.valueMm);
    if (second) found.push(second);
  }
  copperToEdge(scope, copper, nets, edge, limits.copperToEdge, feature, found);
}

/**
 * Copper to the routed edge and the score lines: one place per net along each stretch of edge; where that is on a
 * pour, its net's nearest pad or track there too (a pour pulled back in preparation leaves them where they are).
 */
function copperToEdge(
  scope: PolygonScope, copper: LayerGeometry[], nets: ReturnType<typeof netsOf>, edge: EdgeIndex, below: number,
  feature: (layer: number, x: number, y: number) => () => ReturnType<ReturnType<typeof featureFinder>>, found: Found[],
): void {
  if (edge.edges.length === 0) return;
  // A closed shape of the outline that copper covers whole was not cut in the design (a dimension's arrowhead a pour
  // runs over), or is a pad's own routed hole: not an edge copper is measured to.
  const covered = (x: number, y: number) => copper.some((layer) => layer.index.locate(x, y) >= 0);
  // A panel's V-score lines are among the edge's lines (edges.ts): copper is measured to them as to the routed ones.
  const lines = routedEdges(edge, covered).edges;
  copper.forEach((layer, index) => {
    // A film draws its own pull-back from the edge, and marks beside it that are no copper (Allegro's outline in clear).
    if (layer.negative) return;
    const byNet = new Stretches(EDGE_STRETCH_MM);
    for (const [piece, stretch] of copperNearEdge(layer.index, lines, below, late).entries()) {
      byNet.add(nets.find(nets.id(index, piece)), stretch.value, stretch.x, stretch.y, [], stretch.box);
    }
    const onPour: { net: number; box: Box }[] = [];
    for (const [net, stretch] of byNet.entries()) {
      const on = feature(index, stretch.x, stretch.y)();
      if (on === 'pour') onPour.push({ net, box: stretch.box });
      found.push({ rule: 'copperToEdge', fileId: layer.id, valueMm: stretch.value, x: stretch.x, y: stretch.y, feature: () => on });
    }
    if (onPour.length === 0 || late()) return;
    const areas = onPour.map(({ box }) => ({ box, lines: lines.filter((line) => lineMeets(line, box, below)) }));
    drawnNearEdge(scope, layer.objects, areas, below).forEach((near, area) => {
      const net = onPour[area]?.net;
      for (const each of near) {
        const piece = layer.index.locate(each.insideX, each.insideY);
        if (piece < 0 || nets.find(nets.id(index, piece)) !== net) continue;
        const on = feature(index, each.x, each.y)();
        // A pour's own strokes (a zone's outline, a fill's rows) go back with it.
        if (on === 'pour') continue;
        found.push({ rule: 'copperToEdge', fileId: layer.id, valueMm: each.value, x: each.x, y: each.y, feature: () => on });
        break;
      }
    });
  });
}

/** The line's box comes within `reach` of the box. */
function lineMeets({ from, to }: Line, box: Box, reach: number): boolean {
  return Math.min(from[0], to[0]) <= box[2] + reach && Math.max(from[0], to[0]) >= box[0] - reach
    && Math.min(from[1], to[1]) <= box[3] + reach && Math.max(from[1], to[1]) >= box[1] - reach;
}

/** Half way along a hole's centre line (x y pairs): a round hole's centre, a slot's middle, where its ring is said. */
function middleOf(line: readonly number[]): [number, number] {
  let length = 0;
  for (let at = 2; at + 1 < line.length; at += 2) length += Math.hypot((line[at] ?? 0) - (line[at - 2] ?? 0), (line[at + 1] ?? 0) - (line[at - 1] ?? 0));
  let left = length / 2;
  for (let at = 2; at + 1 < line.length; at += 2) {
    const [ax, ay, bx, by] = [line[at - 2] ?? 0, line[at - 1] ?? 0, line[at] ?? 0, line[at + 1] ?? 0];
    const step = Math.hypot(bx - ax, by - ay);
    if (step >= left && step > 0) return [ax + ((bx - ax) * left) / step, ay + ((by - ay) * left) / step];
    left -= step;
  }
  return [line[0] ?? 0, line[1] ?? 0];
}

/**
 * Drill to copper of one net round a hole: its worst place, and where that is a pour, the worst of its other copper
 * too (a pour pulled back from the hole in preparation leaves a track or a pad there too near, which is still said).
 */
function clearancesOf(
  list: { index: number; gap: number; x: number; y: number }[], copper: LayerGeometry[],
  featureAt: (layer: number, x: number, y: number) => ReturnType<ReturnType<typeof featureFinder>>,
): Found[] {
  // As bad within 5 nm is no worse: the first layer's place is kept, as the layers are gone through in order.
  const sorted = [...list].sort((a, b) => (Math.abs(a.gap - b.gap) < 5e-6 ? a.index - b.index : a.gap - b.gap));
  const places: Found[] = [];
  for (const each of sorted) {
    const on = featureAt(each.index, each.x, each.y);
    if (places.length > 0 && on === 'pour') continue;
    places.push({ rule: 'drillToCopper', fileId: copper[each.index]?.id ?? null, valueMm: each.gap, x: each.x, y: each.y, feature: () => on });
    if (on !== 'pour') break;
  }
  return places;
}
