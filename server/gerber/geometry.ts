/** What the board files' readers share: units, and the plane geometry of the edge search (points, lines, boxes in mm). */
export type Units = 'mm' | 'in';
export const MM_PER: Record<Units, number> = { mm: 1, in: 25.4 };

export type Point = [number, number];
export interface Line { from: Point; to: Point }
export type Box = [number, number, number, number];

export const boxArea = (box: Box): number => (box[2] - box[0]) * (box[3] - box[1]);

export const contains = (box: Box, point: Point, margin = 0.05): boolean =>
  point[0] >= box[0] - margin && point[0] <= box[2] + margin && point[1] >= box[1] - margin && point[1] <= box[3] + margin;
