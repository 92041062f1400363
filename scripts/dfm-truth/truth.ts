import type { DfmRule } from '../../src/contract/dfm';
import type { GeneratedFile } from '../four-layer-board';
import type { Point } from './gerber-writer';

/**
 * A board of the known-truth set: its files, and the violation drawn in it with its value and place
 * worked out by hand from the geometry drawn, never from what a DFM engine reports.
 *
 * Where a place lies: a gap at its middle (halfway between the two coppers, on the line joining their nearest
 * points); thin copper at the middle of its thin stretch (a neck at its narrowest point); copper to the edge on the
 * copper's rim nearest the edge; a ring, a hole's size and a slot at the hole's centre (a slot's middle); silk over
 * a pad at the silk's deepest point in the mask opening, its value negative by how deep.
 */
interface TruthViolation { rule: DfmRule; valueMm: number; at: Point }

export interface TruthCase {
  /** kebab-case, the name the test and the known-miss lists use. */
  name: string;
  /** What is drawn and which CAD tool draws it so. */
  drawn: string;
  /** The layer count the project is judged for (the standard class of its default parameters). */
  layers: 2 | 4;
  files: GeneratedFile[];
  /**
   * One violation, at each place it shows: most at one; a thin track between three pads is thin between each pair,
   * a step-and-repeat block's violation is in each copy. Empty for a clean board.
   */
  expected: TruthViolation[];
}
