import { afterAll, describe, expect, it } from 'vitest';
import { machineRegistry } from '../../src/machines/index';
import { planMachine, replayPath, writeCoverageReport } from './path-harness';

// Paths are generated from the real machines at collection time, so a new state or edge gets a test by itself.
const plans = machineRegistry.map((entry) => ({ entry, plan: planMachine(entry) }));

afterAll(() => {
  const table = writeCoverageReport(plans.map(({ plan }) => plan));
  console.log(`Machine path coverage (coverage/paths.json)\n${table}`);
});

for (const { entry, plan } of plans) {
  describe(`${entry.id} machine`, () => {
    it('reaches every state node', () => {
      expect(plan.states.uncovered).toEqual([]);
      expect(plan.states.covered).toBe(plan.states.total);
    });

    it('walks every transition', () => {
      expect(plan.transitions.uncovered).toEqual([]);
      expect(plan.transitions.covered).toBe(plan.transitions.total);
    });

    describe('generated paths replay on a real actor', () => {
      it.each(plan.paths.map((path) => [path.name, path] as const))('%s', (_name, path) => {
        expect(replayPath(entry, path).failures).toEqual([]);
      });
    });
  });
}
