import type { Box, Line } from './geometry';

/**
 * V-score lines on a panel's outline layer (KiKit, Eagle's SparkFun panels, other panelizers): straight lines across
 * the whole panel, from one side of its frame to the other or past it, often with a 'V-CUT' label beside them. The
 * scoring machine cuts them straight through the panel, parallel to its sides. They are scored, not routed: the board's
 * size and shape stay the routed frame's, but copper near a scored line is copper near an edge.
 */

/** How far a line's ends may lie apart across it and still be one straight line parallel to a side. */
const STRAIGHT_MM = 0.005;
/** Pieces of one line closer than this are one line; a line ending this near the frame's side reaches it. */
const JOIN_MM = 0.05;
/** More lines across than a panel is ever scored with are a hatch or a drawing, not score lines. */
const MOST_SCORE_LINES = 100;

interface Run { from: number; to: number }

/** Axis-parallel lines, merged where they continue each other, by axis and position across it. */
function runsOf(lines: Line[]): { horizontal: Map<number, Run[]>; vertical: Map<number, Run[]> } {
  const horizontal = new Map<number, Run[]>();
  const vertical = new Map<number, Run[]>();
  const add = (runs: Map<number, Run[]>, at: number, a: number, b: number) => {
    const key = Math.round(at * 1000) / 1000;
    runs.set(key, [...(runs.get(key) ?? []), { from: Math.min(a, b), to: Math.max(a, b) }]);
  };
  for (const { from, to } of lines) {
    if (Math.abs(from[1] - to[1]) <= STRAIGHT_MM && Math.abs(from[0] - to[0]) > STRAIGHT_MM) add(horizontal, from[1], from[0], to[0]);
    else if (Math.abs(from[0] - to[0]) <= STRAIGHT_MM && Math.abs(from[1] - to[1]) > STRAIGHT_MM) add(vertical, from[0], from[1], to[1]);
  }
  for (const runs of [horizontal, vertical]) {
    for (const [key, list] of runs) {
      const merged: Run[] = [];
      for (const run of list.sort((a, b) => a.from - b.from)) {
        const last = merged[merged.length - 1];
        if (last && run.from <= last.to + JOIN_MM) last.to = Math.max(last.to, run.to);
        else merged.push({ ...run });
      }
      runs.set(key, merged);
    }
  }
  return { horizontal, vertical };
}

/** The score lines among an outline's lines, clipped to the frame (the board shape's box), in mm. */
export function scoreLinesOf(lines: Line[], frame: Box): Line[] {
  const [left, bottom, right, top] = frame;
  const { horizontal, vertical } = runsOf(lines);
  const across = (runs: Map<number, Run[]>, low: number, high: number, start: number, end: number) => [...runs]
    .filter(([at, list]) => at > low + JOIN_MM && at < high - JOIN_MM && list.some((run) => run.from <= start + JOIN_MM && run.to >= end - JOIN_MM))
    .map(([at]) => at);
  const found = [
    ...across(horizontal, bottom, top, left, right).map((y): Line => ({ from: [left, y], to: [right, y] })),
    ...across(vertical, left, right, bottom, top).map((x): Line => ({ from: [x, bottom], to: [x, top] })),
  ];
  return found.length > MOST_SCORE_LINES ? [] : found;
}

/** The edges without the pieces that lie on a score line: what remains is routed. */
export function withoutScoreLines(edges: Line[], scoreLines: Line[]): Line[] {
  if (scoreLines.length === 0) return edges;
  const onScore = ({ from, to }: Line) => scoreLines.some((score) => {
    const horizontal = score.from[1] === score.to[1];
    const across = horizontal ? [from[1], to[1], score.from[1]] : [from[0], to[0], score.from[0]];
    return Math.abs((across[0] ?? 0) - (across[2] ?? 0)) <= STRAIGHT_MM && Math.abs((across[1] ?? 0) - (across[2] ?? 0)) <= STRAIGHT_MM;
  });
  return edges.filter((edge) => !onScore(edge));
}
