import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import type { Person } from './client-fixtures';
import { createClock } from './helpers';
import { worldDrift } from './kept-counts-check';
import { keptCountsGateway, newWorld, runStep, type Step } from './kept-counts-world';

/**
 * The sequences the kept-count property test shrank to when one kept-count update was taken out of an
 * operation (the check of the property), kept as ordinary tests. Each must leave every count equal to a fresh
 * count of its rows; each fails when its update is missing.
 */

const clock = createClock(new Date('2026-05-04T09:00:00Z'));
let gw: Gateway;
let people: Person[];
let warehouseId: number;

beforeAll(async () => {
  ({ gw, people, warehouseId } = await keptCountsGateway(clock));
});

afterAll(async () => {
  await gw.close();
});

async function driftAfter(steps: Step[]): Promise<string[]> {
  const world = await newWorld(gw, clock, people, warehouseId);
  for (const step of steps) expect(await runStep(world, step)).toBe(200);
  return worldDrift(world, 'all');
}

describe('kept counts after the shrunk sequences', () => {
  it('a favourite order moves between the favourite and the plain counts (the update of SetFavorite)', async () => {
    expect(await driftAfter([{ kind: 'orderFavorite', user: 0, order: 0, on: true }])).toEqual([]);
  });

  it('an approved order is counted under waiting for payment at once (the update of every lifecycle action)', async () => {
    expect(await driftAfter([{ kind: 'operatorNext', order: 0 }])).toEqual([]);
  });

  it('a paid order\'s invoice moves from the unpaid to the paid count (the update of the payment)', async () => {
    expect(await driftAfter([{ kind: 'operatorNext', order: 2 }, { kind: 'operatorNext', order: 2 }])).toEqual([]);
  });
});
