import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup } from 'xstate';
import type { MachineEntry } from '../../src/machines/index';
import { planMachine, replayPath } from './path-harness';
import { allTransitions, syntheticEvents } from './path-model';

const door = setup({
  types: { context: {} as { opens: number }, events: {} as { type: 'door.open' } | { type: 'door.lock'; code: string } },
  actors: { unlock: fromPromise(async () => 'ok') },
  guards: { isMasterCode: ({ event }) => event.type === 'door.lock' && event.code === '0000' },
}).createMachine({
  id: 'door',
  initial: 'closed',
  context: { opens: 0 },
  states: {
    closed: {
      on: {
        'door.open': { target: 'opening', actions: assign({ opens: ({ context }) => context.opens + 1 }) },
        'door.lock': [{ guard: 'isMasterCode', target: 'sealed' }, { target: 'locked' }],
      },
    },
    opening: {
      invoke: { id: 'unlock', src: 'unlock', onDone: 'open', onError: 'closed' },
      after: { 500: 'jammed', 1000: 'open' },
    },
    open: {},
    jammed: {},
    locked: {},
    sealed: {},
    unreachable: {},
  },
});

const entry = (events: MachineEntry['events'], invariants?: MachineEntry['invariants']): MachineEntry => ({
  id: 'door', machine: door, title: { ru: 'Дверь', en: 'Door' }, screen: '*', input: undefined,
  events, actorOutputs: { unlock: ['ok'] }, invariants,
});

describe('path harness', () => {
  it('derives done, error and delay events from the definition', () => {
    expect(syntheticEvents(entry([])).map((event) => event.type)).toEqual([
      'xstate.done.actor.unlock', 'xstate.error.actor.unlock', 'xstate.after.500.door.opening', 'xstate.after.1000.door.opening',
    ]);
  });

  it('counts every branch of every transition, including after, onDone and onError', () => {
    expect(allTransitions(door)).toHaveLength(7);
  });

  it('reports states and branches the samples cannot reach, and timers a shorter timer always beats', () => {
    const plan = planMachine(entry([{ type: 'door.open' }, { type: 'door.lock', code: '1234' }]));
    expect(plan.states.uncovered).toEqual(['door.sealed', 'door.unreachable']);
    expect(plan.transitions.uncovered).toEqual([
      'door.closed --door.lock[0]--> door.sealed',
      'door.opening --xstate.after.1000.door.opening[0]--> door.open',
    ]);
    expect(plan.transitions.covered).toBe(5);
  });

  it('replays every generated path on a real actor without failures', () => {
    const sample = entry([{ type: 'door.open' }, { type: 'door.lock', code: '0000' }, { type: 'door.lock', code: '1' }]);
    const plan = planMachine(sample);
    expect(plan.paths.length).toBeGreaterThan(0);
    for (const path of plan.paths) expect(replayPath(sample, path).failures).toEqual([]);
  });

  it('fails a path whose expected state is not the one the actor reaches', () => {
    const sample = entry([{ type: 'door.open' }]);
    const failures = replayPath(sample, {
      name: 'forged', inputIndex: 0,
      steps: [
        { event: { type: 'xstate.init' }, value: 'closed', status: 'active' },
        { event: { type: 'door.open' }, value: 'open', status: 'active' },
      ],
    }).failures;
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('expected "open"');
  });

  it('reaches delays by moving the clock, so an earlier timer wins as it would in the browser', () => {
    const sample = entry([{ type: 'door.open' }]);
    const failures = replayPath(sample, {
      name: 'late timer', inputIndex: 0,
      steps: [
        { event: { type: 'xstate.init' }, value: 'closed', status: 'active' },
        { event: { type: 'door.open' }, value: 'opening', status: 'active' },
        { event: { type: 'xstate.after.1000.door.opening' }, value: 'open', status: 'active' },
      ],
    }).failures;
    expect(failures).toEqual([expect.stringContaining('got "jammed"')]);
  });

  it('fails a step whose snapshot breaks an invariant', () => {
    const sample = entry([{ type: 'door.open' }], (snapshot) => (snapshot.context.opens > 0 ? 'the door never opens' : null));
    const plan = planMachine(sample);
    const failures = plan.paths.flatMap((path) => replayPath(sample, path).failures);
    expect(failures).toContainEqual(expect.stringContaining('invariant broken: the door never opens'));
  });

  it('fires a delay only while no timer of another region runs, so replays agree with the clock', () => {
    // Both regions start timing at once: the graph cannot know which fires first, so neither is offered there.
    const clocks = createMachine({
      id: 'clocks',
      type: 'parallel',
      states: {
        a: { initial: 'waiting', states: { waiting: { after: { 100: 'done' } }, done: {} } },
        b: {
          initial: 'waiting',
          states: {
            waiting: { after: { 300: 'done' }, on: { 'b.skip': 'done' } },
            done: { on: { 'b.again': 'waiting' } },
          },
        },
      },
    });
    const sample: MachineEntry = {
      id: 'clocks', machine: clocks, title: { ru: 'ч', en: 'c' }, screen: '*', input: undefined,
      events: [{ type: 'b.skip' }, { type: 'b.again' }], actorOutputs: {},
    };
    const plan = planMachine(sample);
    expect(plan.transitions).toMatchObject({ covered: 4, total: 4 });
    for (const path of plan.paths) expect(replayPath(sample, path).failures).toEqual([]);
    const first = plan.paths.flatMap((path) => path.steps.slice(1, 2).map((step) => step.event.type));
    expect(first.filter((type) => type.startsWith('xstate.after.'))).toEqual([]);
  });

  it('handles machines without setup() too', () => {
    const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } });
    const plan = planMachine({
      id: 'toggle', machine: toggle, title: { ru: 'т', en: 't' }, screen: '*', input: undefined,
      events: [{ type: 'flip' }], actorOutputs: {},
    });
    expect(plan.states).toMatchObject({ covered: 2, total: 2 });
    expect(plan.transitions).toMatchObject({ covered: 2, total: 2 });
  });
});
