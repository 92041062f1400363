// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machineRegistry } from '../../src/machines/index';
import { buildFlowModel } from '../../src/services/flows/flow-model';
import { boxesOverlap, layoutProblems, segmentCrossesBox } from '../../src/services/flows/geometry';
import { layoutFlow, type FlowLayout } from '../../src/services/flows/layout';
import { renderSvg } from '../../src/services/flows/svg';

const modelOf = (id: string) => {
  const entry = machineRegistry.find((item) => item.id === id);
  if (!entry) throw new Error(`no machine ${id}`);
  return buildFlowModel(entry.machine, { input: entry.input });
};

const contains = (outer: { x: number; y: number; width: number; height: number }, inner: typeof outer) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

describe('layout of every registered machine', () => {
  const cases = machineRegistry.flatMap((entry) => (['RIGHT', 'DOWN'] as const).map((direction) => [entry.id, direction] as const));

  it.each(cases)('%s laid out %s: no box on a box, no label on a box or label, no arrow through a box', async (id, direction) => {
    const layout = await layoutFlow(modelOf(id), { direction });
    expect(layoutProblems(layout)).toEqual([]);
    const byId = new Map(layout.nodes.map((node) => [node.id, node]));
    for (const node of layout.model.nodes) {
      const parent = node.parent ? byId.get(node.parent) : undefined;
      const box = byId.get(node.id);
      if (parent && box) expect(contains(parent, box), `${node.id} inside ${node.parent ?? ''}`).toBe(true);
    }
    // Every edge with a target is drawn, and only the first arrow of a multi-target transition is labelled.
    expect(layout.edges.filter((edge) => edge.key).length).toBe(layout.model.edges.reduce((sum, edge) => sum + edge.targets.length, 0));
  });

  it('lays a machine out the same way every time', async () => {
    const [first, second] = [await layoutFlow(modelOf('login')), await layoutFlow(modelOf('login'))];
    expect(renderSvg(second)).toBe(renderSvg(first));
  });
});

describe('layout checks', () => {
  it('detect overlapping boxes and segments through boxes, but not touching borders', () => {
    const box = { x: 0, y: 0, width: 10, height: 10 };
    expect(boxesOverlap(box, { x: 5, y: 5, width: 10, height: 10 })).toBe(true);
    expect(boxesOverlap(box, { x: 10, y: 0, width: 10, height: 10 })).toBe(false);
    expect(segmentCrossesBox({ x: -5, y: 5 }, { x: 15, y: 5 }, box)).toBe(true);
    expect(segmentCrossesBox({ x: -5, y: 10 }, { x: 15, y: 10 }, box)).toBe(false);
  });

  it('report a label moved onto a state box and an arrow moved through one', async () => {
    const layout = await layoutFlow(modelOf('registration'));
    const phone = layout.nodes.find((node) => node.id === 'registration.phone');
    const done = layout.nodes.find((node) => node.id === 'registration.done');
    if (!phone || !done) throw new Error('registration lost its states');
    const edges = layout.edges.map((edge, index) => (index === 1 && edge.label
      ? { ...edge, label: { ...edge.label, x: phone.x + 2, y: phone.y + 2 } } : edge));
    const forged: FlowLayout = { ...layout, edges };
    expect(layoutProblems(forged)).toContainEqual(expect.stringMatching(/^label of .* overlaps box registration\.phone$/));
    const through = layout.edges.find((edge) => edge.source === 'registration.phone');
    if (!through) throw new Error('phone has no arrow');
    const detour = [
      through.points[0] ?? { x: 0, y: 0 },
      { x: done.x + done.width / 2, y: done.y - 5 },
      { x: done.x + done.width / 2, y: done.y + done.height + 5 },
      ...through.points.slice(1),
    ];
    const crossing: FlowLayout = { ...layout, edges: layout.edges.map((edge) => (edge === through ? { ...edge, points: detour } : edge)) };
    expect(layoutProblems(crossing)).toContainEqual(`arrow ${through.key ?? ''} crosses box registration.done`);
  });
});

describe('SVG rendering', () => {
  const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

  it('draws a well-formed standalone SVG with initial dots, a double-bordered final state and dashed regions', async () => {
    const svg = renderSvg(await layoutFlow(modelOf('session')));
    const doc = parse(svg);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    // One dot per compound state: the machine, token, user and counters (a parallel state has none).
    expect(doc.querySelectorAll('circle').length).toBe(4);
    const region = doc.querySelector('[data-state="session.signedIn.token"] rect');
    expect(region?.getAttribute('stroke-dasharray')).toBeTruthy();
    expect([...doc.querySelectorAll('text')].map((node) => node.textContent)).toContain('after 105 s');
    const login = parse(renderSvg(await layoutFlow(modelOf('login'))));
    expect(login.querySelectorAll('[data-state="login.done"] rect')).toHaveLength(2);
  });

  it('colours walked states and edges green and flags the others red and dashed', async () => {
    const model = buildFlowModel(createMachine({ id: 't', initial: 'a', states: { a: { on: { go: 'b', skip: 'c' } }, b: {}, c: {} } }));
    const [go, skip] = model.edges;
    const doc = parse(renderSvg(await layoutFlow(model), {
      coverage: { states: new Set(['t', 't.a', 't.b']), edges: new Set([go?.key ?? '']) },
    }));
    const stroke = (selector: string) => doc.querySelector(selector)?.getAttribute('stroke');
    expect(stroke(`[data-edge="${go?.key ?? ''}"] path`)).toBe('#15803d');
    expect(stroke(`[data-edge="${skip?.key ?? ''}"] path`)).toBe('#dc2626');
    expect(doc.querySelector(`[data-edge="${skip?.key ?? ''}"] path`)?.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(stroke('[data-state="t.c"] rect')).toBe('#dc2626');
    expect(stroke('[data-state="t.b"] rect')).toBe('#15803d');
  });

  it('escapes state names and labels', async () => {
    const model = buildFlowModel(createMachine({ id: 'x', initial: 'a<b', states: { 'a<b': { on: { 'say "&"': 'c' } }, c: {} } }));
    const doc = parse(renderSvg(await layoutFlow(model)));
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect([...doc.querySelectorAll('text')].map((node) => node.textContent)).toEqual(expect.arrayContaining(['a<b', 'say "&"']));
  });
});
