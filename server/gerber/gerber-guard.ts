import { MM_PER, type Box, type Units } from './geometry';
import { within, type FileLimits } from './geometry-limits';

/**
 * gerber-parser's commands checked before gerber-plotter sees them: the plotter builds a step-and-repeat's offsets
 * (X × Y of them) and a polygon's or moiré's points the moment it is told, so their counts are judged first; arcs
 * by their radius, apertures by their size. What can only be known once plotted (the extent, arcs included) is
 * judged right after each command, from the plotter's running box, still before anything is cut into chords.
 */

type Value = number | ((mods: Mods) => number) | Value[];
type Mods = Record<string, number>;
interface MacroBlock { type: string; set?: (mods: Mods) => Mods; [field: string]: unknown }
interface ToolDef { shape: string; params: number[]; hole: number[] }

export interface Command {
  type?: string;
  prop?: string;
  value?: unknown;
  op?: string;
  line?: number;
  coord?: Partial<Record<'x' | 'y' | 'i' | 'j' | 'a', number>>;
  code?: string;
  tool?: ToolDef;
  name?: string;
  blocks?: MacroBlock[];
  level?: string;
}

/** Fields of a macro primitive that are counts or angles, not lengths. */
const NOT_LENGTHS = new Set(['type', 'exp', 'rot', 'vertices', 'maxRings', 'set']);
const STANDARD_SHAPES = new Set(['circle', 'rect', 'obround', 'poly']);

/** A macro's value once its modifiers are known: numbers, expressions of `$n`, or lists of them (an outline's points). */
function resolved(value: unknown, mods: Mods): number[] {
  if (typeof value === 'number') return [value];
  if (typeof value === 'function') return [(value as (mods: Mods) => number)(mods)];
  if (Array.isArray(value)) return (value as Value[]).flatMap((item) => resolved(item, mods));
  return [];
}

export class GerberGuard {
  private units: Units | null = null;
  private backupUnits: Units = 'in';
  private readonly macros = new Map<string, MacroBlock[]>();
  /** Copies of the step-and-repeat block being drawn: each polarity level inside it is drawn once per copy. */
  private copies = 1;

  constructor(private readonly limits: FileLimits) {}

  /** mm per unit of the file: its %MO, else the G70/G71 it gave, else inches, as the plotter decides. */
  mmPerUnit(): number {
    return MM_PER[this.units ?? this.backupUnits];
  }

  before(command: Command): void {
    if (command.type === 'set' && command.prop === 'units' && this.units === null) this.units = command.value === 'mm' ? 'mm' : 'in';
    else if (command.type === 'set' && command.prop === 'backupUnits') this.backupUnits = command.value === 'mm' ? 'mm' : 'in';
    else if (command.type === 'macro' && command.name) this.macros.set(command.name, command.blocks ?? []);
    else if (command.type === 'tool' && command.tool) this.tool(command.tool);
    else if (command.type === 'level') this.level(command);
    else if (command.type === 'op') this.op(command);
  }

  /** After the plotter took the command: what it has drawn so far, in the file's units. */
  after(command: Command, box: Box | undefined): void {
    if ((command.type !== 'op' && command.type !== 'level') || !box) return;
    const scale = this.mmPerUnit();
    this.limits.box([box[0] * scale, box[1] * scale, box[2] * scale, box[3] * scale]);
  }

  /** An arc's centre offset is its radius: judged before the plotter draws it (where it lands is judged after). */
  private op(command: Command): void {
    const { i, j } = command.coord ?? {};
    if (i !== undefined || j !== undefined) within('arcRadiusMm', Math.hypot(i ?? 0, j ?? 0) * this.mmPerUnit());
  }

  private level(command: Command): void {
    if (command.level === 'stepRep') {
      const repeat = command.value as { x: number; y: number };
      const copies = repeat.x * repeat.y;
      within('copies', copies);
      this.copies = Math.max(1, copies);
      this.limits.draw(this.copies, 0);
    } else {
      this.limits.draw(this.copies, 0);
    }
  }

  private tool(tool: ToolDef): void {
    const scale = this.mmPerUnit();
    if (STANDARD_SHAPES.has(tool.shape)) {
      const [size = 0, second = 0] = tool.params;
      within('apertureMm', size * scale);
      if (tool.shape === 'poly') within('apertureParts', second);
      else if (tool.shape !== 'circle') within('apertureMm', second * scale);
      for (const hole of tool.hole) within('apertureMm', hole * scale);
      this.limits.draw(1, 0);
      return;
    }
    let mods: Mods = Object.fromEntries(tool.params.map((value, index) => [`$${index + 1}`, value]));
    let parts = 0;
    for (const block of this.macros.get(tool.shape) ?? []) {
      if (block.type === 'variable' && block.set) { mods = block.set(mods); continue; }
      if (block.type === 'comment') continue;
      parts += 1;
      for (const [field, value] of Object.entries(block)) {
        const numbers = resolved(value, mods);
        if (field === 'vertices' || field === 'maxRings') for (const count of numbers) parts += Number.isNaN(count) ? 0 : Math.max(0, count);
        else if (field === 'points') parts += numbers.length / 2;
        if (!NOT_LENGTHS.has(field)) for (const length of numbers) within('apertureMm', length * scale);
      }
      within('apertureParts', parts);
    }
    this.limits.draw(parts, 0);
  }
}
