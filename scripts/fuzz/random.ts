/** A seeded generator (mulberry32): the same seed gives the same bodies, so every finding can be replayed. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as T;
    },
    chance: (probability: number) => next() < probability,
  };
}

/** One seed per call, from the run's seed and the call's path: a call's bodies do not depend on which calls ran before. */
export function seedFor(seed: number, label: string): number {
  let hash = seed >>> 0;
  for (let index = 0; index < label.length; index += 1) hash = Math.imul(hash ^ label.charCodeAt(index), 0x01000193) >>> 0;
  return hash;
}
