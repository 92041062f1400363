import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PANEL, defaultParams, type ProjectParams } from '../../src/contract/board';
import { loadPortalTexts, t } from '../../src/services/i18n';
import { changedParams } from '../../src/views/components/board/param-rows';

beforeAll(() => loadPortalTexts());

const pcb = defaultParams('pcb');

describe('changedParams: an engineer\'s corrections in the project page\'s words', () => {
  it('names nothing when the parameters read the same', () => {
    expect(changedParams(t, pcb, { ...pcb, board: { ...pcb.board } })).toEqual([]);
  });

  it('names each changed parameter once, in the project page\'s order, with both values as the page writes them', () => {
    const after: ProjectParams = { ...pcb, urgency: 'express', board: { ...pcb.board, minHoleMm: 0.25, thicknessMm: 2 } };
    expect(changedParams(t, pcb, after).map(({ label, before, after: now }) => `${label}: ${before} → ${now}`)).toEqual([
      `Срочность: ${t('wizard.options.urgency.standard')} → ${t('wizard.options.urgency.express')}`,
      'Толщина платы: 1,6 мм → 2 мм',
      'Минимальное отверстие: 0,3 мм → 0,25 мм',
    ]);
  });

  it('leaves a side empty for a part only one set has, such as a panel taken away', () => {
    const panel = { ...pcb, productType: 'panel' as const, panel: { ...DEFAULT_PANEL } };
    const changes = changedParams(t, panel, { ...panel, panel: null });
    expect(changes.map((change) => change.key)).toEqual(['panelLayout', 'panelSize', 'spacingMm', 'railMm', 'fiducials', 'separation']);
    expect(changes.every((change) => change.before !== null && change.after === null)).toBe(true);
    expect(changedParams(t, { ...panel, panel: null }, panel).every((change) => change.before === null && change.after !== null)).toBe(true);
  });
});
