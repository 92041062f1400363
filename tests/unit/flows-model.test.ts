import { describe, expect, it } from 'vitest';
import { and, assign, createMachine, fromPromise, not, setup } from 'xstate';
import { machineRegistry } from '../../src/machines/index';
import { buildFlowModel, formatDelay, type FlowModel } from '../../src/services/flows/flow-model';
import { escapeMermaid, toMermaid } from '../../src/services/flows/mermaid';
import { allStateNodeIds, allTransitions } from '../machines/path-model';

const entryModel = (id: string): FlowModel => {
  const entry = machineRegistry.find((item) => item.id === id);
  if (!entry) throw new Error(`no machine ${id}`);
  return buildFlowModel(entry.machine, { input: entry.input });
};

const tiny = setup({
  actors: { load: fromPromise(async () => 1) },
  actions: { log: () => {} },
  guards: { isReady: () => true },
  delays: { soon: 1500 },
}).createMachine({
  id: 'tiny',
  initial: 'idle',
  states: {
    idle: { on: { go: { guard: 'isReady', target: 'work' }, ping: { actions: 'log' } } },
    work: {
      type: 'parallel',
      on: { 'stop: now': 'done' },
      states: {
        fetch: {
          initial: 'loading',
          states: {
            loading: { invoke: { id: 'load', src: 'load', onDone: 'ok', onError: '#tiny.idle' } },
            ok: {},
          },
        },
        timer: { initial: 'waiting', states: { waiting: { after: { soon: 'late' } }, late: {} } },
      },
    },
    done: { type: 'final' },
  },
});

describe('flow model of the session machine', () => {
  const model = entryModel('session');

  it('labels the token expiry with its real delay, 105 s', () => {
    const expiry = model.edges.find((edge) => edge.kind === 'after');
    expect(expiry).toMatchObject({
      source: 'session.signedIn.token.fresh',
      targets: ['session.signedIn.token.expired'],
      label: 'after 105 s',
      delay: { ms: 105_000, name: 'tokenExpiry' },
    });
  });

  it('has the refresh call with its done (valid token or not) and error edges', () => {
    const refresh = model.edges.filter((edge) => edge.source === 'session.signedIn.token.refreshing');
    expect(refresh.map((edge) => [edge.kind, edge.label, edge.targets])).toEqual([
      ['done.invoke', 'done: refreshToken [isValidToken]', ['session.signedIn.token.fresh']],
      ['done.invoke', 'done: refreshToken', ['session.anonymous']],
      ['error.invoke', 'error: refreshToken', ['session.anonymous']],
    ]);
    expect(model.nodes.find((node) => node.id === 'session.signedIn.token.refreshing')).toMatchObject({
      invoke: [{ id: 'refreshToken', src: 'refreshToken' }], tags: ['refreshing'],
    });
  });

  it('marks the signed-in state parallel with its three regions, each with an initial child', () => {
    const signedIn = model.nodes.find((node) => node.id === 'session.signedIn');
    expect(signedIn).toMatchObject({ type: 'parallel', initial: null });
    expect(signedIn?.children).toEqual(['session.signedIn.token', 'session.signedIn.user', 'session.signedIn.counters']);
    expect(model.nodes.find((node) => node.id === 'session.signedIn.token')?.initial).toBe('session.signedIn.token.fresh');
  });
});

describe('flow model of the login machine', () => {
  const model = entryModel('login');

  it('nests the second-factor states inside secondFactor, starting at choosingMethod', () => {
    const secondFactor = model.nodes.find((node) => node.id === 'login.secondFactor');
    expect(secondFactor).toMatchObject({ type: 'compound', parent: 'login', initial: 'login.secondFactor.choosingMethod' });
    expect(secondFactor?.children.map((id) => id.split('.').pop())).toEqual(['choosingMethod', 'sendingCode', 'enteringCode', 'confirming']);
    for (const id of secondFactor?.children ?? []) expect(model.nodes.find((node) => node.id === id)?.parent).toBe('login.secondFactor');
  });

  it('keeps transitions without a target and their actions, and the resend timer from its delay function', () => {
    const wrongCode = model.edges.find((edge) => edge.key === 'login.secondFactor.enteringCode --secondFactor.submitCode[1]--> (no target)');
    expect(wrongCode).toMatchObject({ targets: [], guard: null, actions: ['clearErrors', 'assignCodeError'] });
    expect(model.edges.find((edge) => edge.kind === 'after')?.label).toBe('after 30 s');
    expect(model.nodes.find((node) => node.id === 'login.done')?.type).toBe('final');
  });
});

describe('flow model of every registered machine', () => {
  it.each(machineRegistry.map((entry) => [entry.id, entry] as const))('%s: same states and edge keys the path harness counts', (_id, entry) => {
    const model = buildFlowModel(entry.machine, { input: entry.input });
    expect(model.nodes.slice(1).map((node) => node.id)).toEqual(allStateNodeIds(entry.machine));
    expect(model.edges.map((edge) => edge.key)).toEqual(allTransitions(entry.machine).map((edge) => edge.key));
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });
});

describe('names and delays', () => {
  it('formats delays as people read them', () => {
    expect([formatDelay(250), formatDelay(1500), formatDelay(105_000), formatDelay(120_000)]).toEqual(['250 ms', '1.5 s', '105 s', '2 min']);
  });

  it('names combined and inline guards, built-in actions, and hides the timer bookkeeping of `after`', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      context: { n: 0 },
      states: {
        a: {
          after: { 500: 'b' },
          on: {
            go: { guard: and([not('isBusy'), 'isReady']), target: 'b', actions: assign({ n: 1 }) },
            inline: { guard: () => true, target: 'b' },
          },
        },
        b: {},
      },
    });
    const model = buildFlowModel(machine);
    expect(model.nodes.find((node) => node.id === 'm.a')).toMatchObject({ entry: [], exit: [] });
    expect(model.edges.map((edge) => [edge.label, edge.actions])).toEqual([
      ['go [(!isBusy && isReady)]', ['assign']],
      ['inline [inline guard]', []],
      ['after 500 ms', []],
    ]);
  });

  it('shows a delay function by name when there is no input to evaluate it with', () => {
    const machine = setup({
      types: { context: {} as { ms: number }, input: {} as { ms: number } },
      delays: { later: ({ context }) => context.ms },
    }).createMachine({
      id: 'd', initial: 'a', context: ({ input }) => ({ ms: input.ms }),
      states: { a: { after: { later: 'b' } }, b: {} },
    });
    expect(buildFlowModel(machine, { input: { ms: 3000 } }).edges[0]?.label).toBe('after 3 s');
    expect(buildFlowModel(machine).edges[0]?.label).toBe('after later');
  });
});

describe('Mermaid export', () => {
  it('writes a tiny machine exactly: nesting, regions, [*] marks, escaped labels, lifted cross-state arrows', () => {
    expect(toMermaid(buildFlowModel(tiny))).toBe(`stateDiagram-v2
  [*] --> idle
  state "idle" as idle
  state "work" as work {
    state "fetch" as work_fetch {
      [*] --> work_fetch_loading
      state "loading" as work_fetch_loading
      state "ok" as work_fetch_ok
      work_fetch_loading --> work_fetch_ok : done#58; load
    }
    --
    state "timer" as work_timer {
      [*] --> work_timer_waiting
      state "waiting" as work_timer_waiting
      state "late" as work_timer_late
      work_timer_waiting --> work_timer_late : after 1.5 s
    }
  }
  state "done" as done
  done --> [*]
  idle --> work : go [isReady]
  idle --> idle : ping
  work --> done : stop#58; now
  work --> idle : error#58; load (from fetch.loading)
`);
  });

  it('escapes what would end or break a label, and gives same-named states distinct ids', () => {
    expect(escapeMermaid('a: "b"; #c')).toBe('a#58; #quot;b#quot;#59; #35;c');
    const text = toMermaid(entryModel('session'));
    expect(text).toContain('state "loading" as signedIn_user_loading');
    expect(text).toContain('state "loading" as signedIn_counters_loading');
    expect(text).toContain('signedIn_token_fresh --> signedIn_token_expired : after 105 s');
    expect(text).toContain('signedIn --> anonymous : error#58; refreshToken (from token.refreshing)');
    expect(text.split('\n').filter((line) => line.trim() === '--')).toHaveLength(2);
  });
});
