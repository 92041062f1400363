/** What the board files' readers share: units, and the plane geometry of the edge search (points, lines, boxes in mm). */
export type Units = 'mm' | 'in';
export const MM_PER: Record<Units, number> = { mm: 1, in: 25.4 };

export type Point = [number, number];
export interface Line { from: Point; to: Point }
export type Box = [number, number, number, number];

export const boxArea = (box: Box): number => (box[2] - box[0]) * (box[3] - box[1]);

/** A box of nothing yet: the first point `extendBox` takes in is all of it. */
export const emptyBox = (): Box => [Infinity, Infinity, -Infinity, -Infinity];

/** Grows `box` in place to take in the point (x, y). */
export function extendBox(box: Box, x: number, y: number): void {
  box[0] = Math.min(box[0], x); box[1] = Math.min(box[1], y); box[2] = Math.max(box[2], x); box[3] = Math.max(box[3], y);
}

export const contains = (box: Box, point: Point, margin = 0.05): boolean =>
  point[0] >= box[0] - margin && point[0] <= box[2] + margin && point[1] >= box[1] - margin && point[1] <= box[3] + margin;
