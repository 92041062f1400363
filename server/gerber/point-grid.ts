/** A grid cell as one number (Map lookups on numbers are cheaper than on 'x,y' strings). */
export const cellKey = (cx: number, cy: number): number => (cx + 2 ** 24) * 2 ** 26 + (cy + 2 ** 24);

/**
 * Spatial hash of nodes: points within `gap` of an existing node are that node. Cells are four gaps wide, so a point
 * looks beyond its own cell only when it lies within `gap` of the cell's border. Coordinates are kept in flat
 * arrays: a board has hundreds of thousands of points and every object made per point costs collection time.
 */
export function createNodes(gap: number) {
  const cell = Math.max(gap, 1e-6) * 4;
  const reach = gap * gap;
  const grid = new Map<number, number[]>();
  const xs: number[] = [];
  const ys: number[] = [];
  const near = (list: number[] | undefined, x: number, y: number): number => {
    if (!list) return -1;
    for (const id of list) {
      const dx = (xs[id] ?? 0) - x;
      const dy = (ys[id] ?? 0) - y;
      if (dx * dx + dy * dy <= reach) return id;
    }
    return -1;
  };
  return {
    xs,
    ys,
    id(x: number, y: number): number {
      const fx = x / cell;
      const fy = y / cell;
      const cx = Math.floor(fx);
      const cy = Math.floor(fy);
      const own = near(grid.get(cellKey(cx, cy)), x, y);
      if (own >= 0) return own;
      const edge = gap / cell;
      const left = fx - cx < edge;
      const right = cx + 1 - fx < edge;
      const down = fy - cy < edge;
      const up = cy + 1 - fy < edge;
      if (left || right || down || up) {
        for (let dx = -1; dx <= 1; dx += 1) {
          if ((dx === -1 && !left) || (dx === 1 && !right)) continue;
          for (let dy = -1; dy <= 1; dy += 1) {
            if ((dx === 0 && dy === 0) || (dy === -1 && !down) || (dy === 1 && !up)) continue;
            const found = near(grid.get(cellKey(cx + dx, cy + dy)), x, y);
            if (found >= 0) return found;
          }
        }
      }
      const id = xs.length;
      xs.push(x);
      ys.push(y);
      const key = cellKey(cx, cy);
      const list = grid.get(key);
      if (list) list.push(id);
      else grid.set(key, [id]);
      return id;
    },
  };
}
