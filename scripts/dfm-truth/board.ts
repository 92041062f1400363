import type { GeneratedFile } from '../four-layer-board';
import { circle, GerberWriter, maskOver, type Point, type Step } from './gerber-writer';

/**
 * A small board of the known-truth set as a KiCad project plots it: copper (top first), masks opened over
 * the pads, top silkscreen, the Edge.Cuts outline, and plated and unplated Excellon files, each with KiCad's names
 * and X2 attributes. Vias are tented (no mask opening), as KiCad's default is.
 */

interface Slot { diameterMm: number; from: Point; to: Point }

const MASK_EXPANSION_MM = 0.05;

export class Board {
  readonly copper: GerberWriter[];
  readonly silk = new GerberWriter();
  readonly outline = new GerberWriter();
  private readonly plated = new Map<number, Point[]>();
  private readonly unplated = new Map<number, Point[]>();
  private readonly slots: Slot[] = [];

  constructor(readonly layers: 2 | 4) {
    this.copper = Array.from({ length: layers }, () => new GerberWriter());
  }

  get top(): GerberWriter { return this.copper[0] as GerberWriter; }
  get bottom(): GerberWriter { return this.copper[this.layers - 1] as GerberWriter; }
  get inner(): GerberWriter[] { return this.copper.slice(1, -1); }

  /** A plated hole, without copper (the caller draws its pads). */
  hole(diameterMm: number, ...at: Point[]): this {
    this.plated.set(diameterMm, [...(this.plated.get(diameterMm) ?? []), ...at]);
    return this;
  }

  /** An unplated hole: a mounting hole with no copper round it. */
  mountingHole(diameterMm: number, ...at: Point[]): this {
    this.unplated.set(diameterMm, [...(this.unplated.get(diameterMm) ?? []), ...at]);
    return this;
  }

  /** A plated slot, routed in the drill file as G85. */
  slot(slot: Slot): this {
    this.slots.push(slot);
    return this;
  }

  /** A via: a round pad on both outer layers and its drill, tented. */
  via(at: Point, drillMm = 0.3, padMm = 0.6): this {
    this.top.flash(circle(padMm), at);
    this.bottom.flash(circle(padMm), at);
    return this.hole(drillMm, at);
  }

  /** A through-hole pad of `aperture` on both outer layers, opened in both masks. */
  throughHole(at: Point, aperture: string, maskAperture: string, drillMm: number): this {
    this.top.pad(aperture, at, maskAperture);
    this.bottom.pad(aperture, at, maskAperture);
    return this.hole(drillMm, at);
  }

  /** A round through-hole pad (a connector's pin). */
  pin(at: Point, padMm: number, drillMm: number): this {
    return this.throughHole(at, circle(padMm), circle(padMm + 2 * MASK_EXPANSION_MM), drillMm);
  }

  /** The board's outline as a closed path of 0.1 mm lines (KiCad's Edge.Cuts default width). */
  edge(from: Point, ...steps: Step[]): this {
    this.outline.track(0.1, from, ...steps);
    return this;
  }

  files(): GeneratedFile[] {
    const x2 = (fileFunction: string, polarity = 'Positive') => [
      '%TF.GenerationSoftware,KiCad,Pcbnew,7.0.10*%', '%TF.SameCoordinates,Original*%', `%TF.FileFunction,${fileFunction}*%`,
      `%TF.FilePolarity,${polarity}*%`,
    ];
    const n = this.layers;
    const copperName = (index: number) => (index === 0 ? 'F_Cu.gtl' : index === n - 1 ? 'B_Cu.gbl' : `In${index}_Cu.g${index + 1}`);
    const copperFunction = (index: number) => `Copper,L${index + 1},${index === 0 ? 'Top' : index === n - 1 ? 'Bot' : 'Inr'}`;
    return [
      ...this.copper.map((layer, index) => ({ name: `board-${copperName(index)}`, content: layer.text(x2(copperFunction(index))) })),
      { name: 'board-F_Mask.gts', content: maskOver(this.top).text(x2('Soldermask,Top', 'Negative')) },
      { name: 'board-B_Mask.gbs', content: maskOver(this.bottom).text(x2('Soldermask,Bot', 'Negative')) },
      { name: 'board-F_Silkscreen.gto', content: this.silk.text(x2('Legend,Top')) },
      { name: 'board-Edge_Cuts.gm1', content: this.outline.text(x2('Profile,NP')) },
      { name: 'board-PTH.drl', content: excellon(`Plated,1,${n},PTH`, this.plated, this.slots) },
      ...(this.unplated.size > 0 ? [{ name: 'board-NPTH.drl', content: excellon(`NonPlated,1,${n},NPTH`, this.unplated, []) }] : []),
    ];
  }
}

/** An Excellon file as KiCad writes it: metric, absolute, tools in the header, slots as G85 lines. */
function excellon(fileFunction: string, holes: Map<number, Point[]>, slots: Slot[]): string {
  const tools = [...new Set([...holes.keys(), ...slots.map((slot) => slot.diameterMm)])].sort((a, b) => a - b);
  const tool = (diameterMm: number) => `T${tools.indexOf(diameterMm) + 1}`;
  // Decimal points always: a bare integer is read in the file's zero-suppression format, as KiCad knows.
  const at = ([x, y]: Point) => `X${x.toFixed(4)}Y${y.toFixed(4)}`;
  return [
    'M48', '; DRILL file {KiCad 7.0.10} date 2026-11-25', '; FORMAT={-:-/ absolute / metric / decimal}',
    `; #@! TF.FileFunction,${fileFunction}`, 'FMAT,2', 'METRIC',
    ...tools.map((diameterMm) => `${tool(diameterMm)}C${diameterMm.toFixed(3)}`), '%', 'G90', 'G05',
    ...tools.flatMap((diameterMm) => [
      tool(diameterMm),
      ...(holes.get(diameterMm) ?? []).map(at),
      ...slots.filter((slot) => slot.diameterMm === diameterMm).map((slot) => `${at(slot.from)}G85${at(slot.to)}`),
    ]),
    'M30', '',
  ].join('\n');
}

/** A rectangle's outline, from the origin. */
function rectangle(board: Board, width: number, height: number): Board {
  return board.edge([0, 0], [width, 0], [width, height], [0, height], [0, 0]);
}

/** A rectangle with rounded corners of `radius`, as KiCad draws one: lines and quarter arcs. */
export function roundedRectangle(board: Board, width: number, height: number, radius: number): Board {
  const r = radius;
  return board.edge([r, 0], [width - r, 0], { to: [width, r], centre: [width - r, r] }, [width, height - r],
    { to: [width - r, height], centre: [width - r, height - r] }, [r, height], { to: [0, height - r], centre: [r, height - r] },
    [0, r], { to: [r, 0], centre: [r, r] });
}

/** The usual frame: a `width` × `height` rectangle with an M3 mounting hole 3 mm in from each corner. */
export function frame(layers: 2 | 4 = 2, width = 30, height = 20): Board {
  return rectangle(new Board(layers), width, height).mountingHole(3.2, [3, 3], [width - 3, 3], [3, height - 3], [width - 3, height - 3]);
}
