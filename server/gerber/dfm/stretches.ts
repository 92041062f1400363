/**
 * Places of one kind (a gap between two pieces, narrow copper in one, copper near the edge) gathered by stretch
 * (issue 30): what was found within `reach` of a stretch joins it (stretches it joins become one), and each stretch
 * keeps its worst value and where it is. So a long run of too-narrow copper is one place, two separate spots of it
 * are two, and the same place and value are never reported twice.
 */
export type Box = [number, number, number, number];
export interface Stretch { value: number; x: number; y: number; box: Box; extra: number[] }

const apart = (a: Box, b: Box, reach: number) => a[0] - b[2] > reach || b[0] - a[2] > reach || a[1] - b[3] > reach || b[1] - a[3] > reach;

export class Stretches {
  private readonly byKey = new Map<number, Stretch[]>();

  constructor(private readonly reach: number) {}

  /** A value at (x, y), found along `span` (the stretch of rim it holds for; the point when not given). */
  add(key: number, value: number, x: number, y: number, extra: number[] = [], span: Box = [x, y, x, y]): void {
    const list = this.byKey.get(key) ?? [];
    if (list.length === 0) this.byKey.set(key, list);
    const joined: Stretch = { value, x, y, box: [Math.min(span[0], x), Math.min(span[1], y), Math.max(span[2], x), Math.max(span[3], y)], extra };
    for (let index = list.length - 1; index >= 0; index -= 1) {
      const stretch = list[index] as Stretch;
      if (apart(stretch.box, joined.box, this.reach)) continue;
      list.splice(index, 1);
      joined.box = [Math.min(joined.box[0], stretch.box[0]), Math.min(joined.box[1], stretch.box[1]), Math.max(joined.box[2], stretch.box[2]), Math.max(joined.box[3], stretch.box[3])];
      // The worst value, and where it was found first among equals.
      if (stretch.value <= joined.value) { joined.value = stretch.value; joined.x = stretch.x; joined.y = stretch.y; joined.extra = stretch.extra; }
    }
    list.push(joined);
  }

  *entries(): Generator<[number, Stretch]> {
    for (const [key, list] of this.byKey) for (const stretch of list) yield [key, stretch];
  }
}

/** One number for a pair of pieces (each under 2^26), whichever comes first. */
export const pairKey = (a: number, b: number): number => (a < b ? a * 2 ** 26 + b : b * 2 ** 26 + a);
export const pairOf = (key: number): [number, number] => {
  const a = Math.floor(key / 2 ** 26);
  return [a, key - a * 2 ** 26];
};
