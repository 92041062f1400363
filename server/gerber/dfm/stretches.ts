/**
 * Places of one kind (a gap between two pieces, narrow copper in one, copper near the edge) gathered by
 * stretch: what was found within `reach` of a stretch joins it (stretches it joins become one), and each stretch
 * keeps its worst value and where it is. So a long run of too-narrow copper is one place, two separate spots of it
 * are two, and the same place and value are never reported twice.
 */
export type Box = [number, number, number, number];
export interface Stretch {
  value: number; x: number; y: number; box: Box; extra: number[];
  /** Where the worst value is found along a run of it (within TIE_MM): x y pairs, the first few. */
  ties: number[];
}

/** Values this close are one value (the library's rounding): a uniform run of them is placed at its middle. */
const TIE_MM = 5e-7;
/** The most points of a tie kept: enough to find a run's middle. */
const TIES_KEPT = 64;

const apart = (a: Box, b: Box, reach: number) => a[0] - b[2] > reach || b[0] - a[2] > reach || a[1] - b[3] > reach || b[1] - a[3] > reach;

export class Stretches {
  private readonly byKey = new Map<number, Stretch[]>();

  constructor(private readonly reach: number) {}

  /**
   * A value at (x, y), found along `span` (x0 y0 x1 y1: the stretch of rim it holds for; the point when not given);
   * `extra` is copied when kept (callers pass scratch).
   */
  add(key: number, value: number, x: number, y: number, extra: number[] = [], span: ArrayLike<number> = [x, y, x, y]): void {
    const x0 = Math.min(span[0] ?? x, x); const y0 = Math.min(span[1] ?? y, y);
    const x1 = Math.max(span[2] ?? x, x); const y1 = Math.max(span[3] ?? y, y);
    let list = this.byKey.get(key);
    if (!list) { list = []; this.byKey.set(key, list); }
    const reach = this.reach;
    const into = list.find(
      (stretch) => !(stretch.box[0] - x1 > reach || x0 - stretch.box[2] > reach || stretch.box[1] - y1 > reach || y0 - stretch.box[3] > reach),
    );
    if (!into) {
      list.push({ value, x, y, box: [x0, y0, x1, y1], extra: [...extra], ties: [x, y] });
      return;
    }
    const box = into.box;
    const grew = x0 < box[0] || y0 < box[1] || x1 > box[2] || y1 > box[3];
    box[0] = Math.min(box[0], x0); box[1] = Math.min(box[1], y0); box[2] = Math.max(box[2], x1); box[3] = Math.max(box[3], y1);
    if (value < into.value - TIE_MM) { into.value = value; into.x = x; into.y = y; into.extra = [...extra]; into.ties = [x, y]; }
    else if (value <= into.value + TIE_MM && into.ties.length < 2 * TIES_KEPT) into.ties.push(x, y);
    if (grew && list.length > 1) this.merge(list, into);
  }

  /** Stretches a grown one now comes within reach of become one with it. */
  private merge(list: Stretch[], into: Stretch): void {
    for (let index = list.length - 1; index >= 0; index -= 1) {
      const other = list[index] as Stretch;
      if (other === into || apart(other.box, into.box, this.reach)) continue;
      list.splice(index, 1);
      const box = into.box;
      box[0] = Math.min(box[0], other.box[0]);
      box[1] = Math.min(box[1], other.box[1]);
      box[2] = Math.max(box[2], other.box[2]);
      box[3] = Math.max(box[3], other.box[3]);
      // The worst value, and where it was found.
      if (other.value < into.value - TIE_MM) { into.value = other.value; into.x = other.x; into.y = other.y; into.extra = other.extra; into.ties = other.ties; }
      else if (other.value <= into.value + TIE_MM) into.ties.push(...other.ties.slice(0, Math.max(0, 2 * TIES_KEPT - into.ties.length)));
    }
  }

  /** Each stretch, placed where its worst value is: the middle of a run of it (the tie nearest their middle). */
  *entries(): Generator<[number, Stretch]> {
    for (const [key, list] of this.byKey) {
      for (const stretch of list) {
        const { ties } = stretch;
        if (ties.length > 2) {
          let mx = 0; let my = 0;
          for (let at = 0; at < ties.length; at += 2) { mx += ties[at] ?? 0; my += ties[at + 1] ?? 0; }
          mx /= ties.length / 2; my /= ties.length / 2;
          let best = Infinity;
          for (let at = 0; at < ties.length; at += 2) {
            const d = Math.hypot((ties[at] ?? 0) - mx, (ties[at + 1] ?? 0) - my);
            if (d < best) { best = d; stretch.x = ties[at] ?? 0; stretch.y = ties[at + 1] ?? 0; }
          }
        }
        yield [key, stretch];
      }
    }
  }
}

/** One number for a pair of pieces (each under 2^26), whichever comes first. */
export const pairKey = (a: number, b: number): number => (a < b ? a * 2 ** 26 + b : b * 2 ** 26 + a);
export const pairOf = (key: number): [number, number] => {
  const a = Math.floor(key / 2 ** 26);
  return [a, key - a * 2 ** 26];
};
