import type { BoardDfm, DfmFeature, DfmPlace, DfmRule } from '../../../src/contract/dfm';
import { MM_PER } from '../geometry';

/** What the rules find, and the places of it kept in the analysis. */

export const PLACES_PER_RULE = 50;

const round4 = (value: number) => Math.round(value * 10000) / 10000;

/**
 * Values are kept to the micron: no fab works finer, and files are not exact finer either (Altium's 4-decimal mm
 * puts arc centres 0.1 µm off, so its 0.1 mm bends read 0.09995 mm and were findings against a 0.1 mm limit).
 */
const toMicron = (value: number) => Math.round(value * 1000) / 1000;

export interface Found {
  rule: DfmRule; fileId: string | null; valueMm: number; x: number | null; y: number | null;
  /** What the place is on, asked only of the places kept. */
  feature?: () => DfmFeature | undefined;
}

/** The extent of the top picture pcb-stackup drew, from its viewBox (thousandths of the board's units). */
export function pictureBox(svg: string | null, units: 'mm' | 'in'): [number, number, number, number] | null {
  const match = svg ? /viewBox="([-\d.e]+) ([-\d.e]+) ([-\d.e]+) ([-\d.e]+)"/.exec(svg.slice(0, 2000)) : null;
  if (!match) return null;
  const [x, y, w, h] = match.slice(1, 5).map((value) => (Number(value) / 1000) * MM_PER[units]) as [number, number, number, number];
  return [round4(x), round4(y), round4(x + w), round4(y + h)];
}

/**
 * Whether the fab fixes a place of this rule on this feature in preparation (the table's `fixedInPreparation`), for
 * the rules where that depends on the feature: null for the others.
 */
export type FixedOn = (rule: DfmRule, feature: DfmFeature | undefined) => boolean | null;

/**
 * The kept places: the worst first per rule, at most `perRule`, the rest counted. Where the fab fixes some places of
 * a rule and not others (a pour too near the edge or a hole is pulled back, a track is not), each kind keeps its own
 * worst `perRule`: a hundred pour notices must not push the one track that blocks the order out of the analysis.
 */
export function kept(found: Found[], perRule: number, fixedOn: FixedOn = () => null): Pick<BoardDfm, 'places' | 'moreByRule'> {
  const places: DfmPlace[] = [];
  const moreByRule: [DfmRule, number][] = [];
  const byRule = new Map<DfmRule, Found[]>();
  for (const each of found) {
    const list = byRule.get(each.rule);
    if (list) list.push(each); else byRule.set(each.rule, [each]);
  }
  for (const [rule, found] of byRule) {
    // The same place with the same value is one place, whichever layer it was measured on (a via's ring on two faces).
    const seen = new Set<string>();
    const list = found.filter((each) => {
      if (each.x === null || each.y === null) return true;
      const key = `${toMicron(each.valueMm)}:${round4(each.x)}:${round4(each.y)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    list.sort((a, b) => a.valueMm - b.valueMm);
    // Per kind (fixed or not, or one kind where the rule's fix does not depend on the feature): its worst `perRule`.
    // What each place is on is asked in order, and no further once the places the fab does not fix are all kept.
    const counts = new Map<boolean | null, number>();
    let taken = 0;
    for (const each of list) {
      if ((counts.get(false) ?? 0) >= perRule || ((counts.get(null) ?? 0) >= perRule)) break;
      const feature = each.feature?.();
      const kind = fixedOn(rule, feature);
      const count = counts.get(kind) ?? 0;
      if (count >= perRule) continue;
      counts.set(kind, count + 1);
      taken += 1;
      places.push({
        rule, fileId: each.fileId, valueMm: toMicron(each.valueMm), at: each.x === null || each.y === null ? null : { x: round4(each.x), y: round4(each.y) },
        ...(feature ? { feature } : {}),
      });
    }
    if (list.length > taken) moreByRule.push([rule, list.length - taken]);
  }
  return { places, moreByRule };
}
