/** Union-find over `count` items (path halving): which shapes, pieces or lines are one. */
export function unionFind(count: number): { find: (index: number) => number; join: (a: number, b: number) => void } {
  const parent = Int32Array.from({ length: count }, (_, index) => index);
  const find = (index: number): number => {
    let at = index;
    while (parent[at] !== at) {
      const up = parent[parent[at] ?? at] ?? at;
      parent[at] = up;
      at = up;
    }
    return at;
  };
  return { find, join: (a, b) => { const ra = find(a); const rb = find(b); if (ra !== rb) parent[ra] = rb; } };
}
