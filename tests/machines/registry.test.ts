import { StateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../src/machines/index';

const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.ts', { eager: true });

const exportedMachines = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => value instanceof StateMachine)
    .map(([name, value]) => ({ where: `${file.replace('../../', '')} → ${name}`, machine: value })));

const allNodes = (entry: (typeof machineRegistry)[number]) => [entry.machine.root, ...getStateNodes(entry.machine.root)];

describe('machine registry', () => {
  it('lists every machine exported from src/machines', () => {
    expect(exportedMachines.length).toBeGreaterThan(0);
    const registered = new Set<unknown>(machineRegistry.map((entry) => entry.machine));
    expect(exportedMachines.filter(({ machine }) => !registered.has(machine)).map(({ where }) => where)).toEqual([]);
  });

  it('gives every machine a unique id', () => {
    const ids = machineRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe.each(machineRegistry.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    it('names every invoke after its actor (id equals src)', () => {
      const mismatched = allNodes(entry).flatMap((node) => node.invoke)
        .filter((invoke) => invoke.id !== invoke.src).map((invoke) => `${invoke.id} ≠ ${String(invoke.src)}`);
      expect(mismatched).toEqual([]);
    });

    it('has a sample output for every invoked actor whose end the machine handles', () => {
      // A child that runs for its state's lifetime (a tab's list) ends with nothing the parent reads.
      const invoked = allNodes(entry).flatMap((node) => node.invoke.map((invoke) => invoke.id))
        .filter((id) => allNodes(entry).some((node) =>
          node.transitions.has(`xstate.done.actor.${id}`) || node.transitions.has(`xstate.error.actor.${id}`)));
      expect(invoked.filter((id) => !(entry.actorOutputs[id]?.length))).toEqual([]);
    });

    it('has a sample for every event type the machine accepts, and only those', () => {
      const accepted = new Set(allNodes(entry).flatMap((node) => [...node.transitions.keys()])
        .filter((type) => !type.startsWith('xstate.')));
      const sampled = new Set(entry.events.map((event) => event.type));
      expect([...accepted].filter((type) => !sampled.has(type))).toEqual([]);
      expect([...sampled].filter((type) => !accepted.has(type))).toEqual([]);
    });

    it('describes itself for the visualizer', () => {
      expect(entry.title.ru).not.toBe('');
      expect(entry.title.en).not.toBe('');
      expect(entry.screen).toMatch(/^(\*|\/)/);
    });
  });
});
