import { describe, expect, it } from 'vitest';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import { describeLine } from '../../server/orders/invoices/lines';

const rambo: ProjectParams = {
  ...defaultParams('pcb'), quantity: 10,
  board: { ...defaultParams('pcb').board, layers: 4, widthMm: 104.1, heightMm: 102.9, material: 'fr4', thicknessMm: 1.6, finish: 'hasl' },
};

describe('an invoice line', () => {
  it('says which board is made, with its layers, size, laminate, finish and the batch', () => {
    expect(describeLine({ title: 'RAMBo1-3L', productType: 'pcb', params: rambo, quantity: 10 }))
      .toBe('Изготовление печатной платы RAMBo1-3L, 4 слоя, 104,1 × 102,9 мм, FR4 1,6 мм, HASL, партия 10 шт.');
  });

  it('declines the layer count and groups thousands of pieces', () => {
    const six = { ...rambo, board: { ...rambo.board, layers: 6 as const, material: 'fr4_tg170' as const, finish: 'enig' as const } };
    expect(describeLine({ title: 'Плата', productType: 'pcb', params: six, quantity: 1500 }))
      .toBe('Изготовление печатной платы Плата, 6 слоёв, 104,1 × 102,9 мм, FR4 Tg170 1,6 мм, ENIG, партия 1 500 шт.');
    const one = { ...rambo, board: { ...rambo.board, layers: 1 as const, material: 'aluminium' as const, finish: 'osp' as const } };
    expect(describeLine({ title: 'LED', productType: 'pcb', params: one, quantity: 1 }))
      .toBe('Изготовление печатной платы LED, 1 слой, 104,1 × 102,9 мм, алюминий 1,6 мм, OSP, партия 1 шт.');
  });

  it('counts panels and the boards in them', () => {
    const params: ProjectParams = { ...defaultParams('panel'), quantity: 5 };
    expect(describeLine({ title: 'Датчик', productType: 'panel', params, quantity: 5 }))
      .toBe('Изготовление печатной платы Датчик, в панели 2 × 2, 2 слоя, 100 × 80 мм, FR4 1,6 мм, HASL бессвинцовый, '
        + 'партия 5 панелей (20 плат)');
  });

  it('says a stencil is a stencil, with its size, thickness and side', () => {
    const params: ProjectParams = { ...defaultParams('stencil'), quantity: 1 };
    expect(describeLine({ title: 'RAMBo1-3L', productType: 'stencil', params, quantity: 1 }))
      .toBe('Изготовление трафарета RAMBo1-3L, 140 × 120 мм, толщина 0,12 мм, верхняя сторона, партия 1 шт.');
  });

  it('says assembly is assembly, with its components and sides, and a module is both', () => {
    const mounting = { components: 342, uniqueParts: 40, smd: 330, tht: 12, sides: 2 as const };
    const assembly: ProjectParams = { ...defaultParams('mounting'), quantity: 25, mounting };
    expect(describeLine({ title: 'Контроллер', productType: 'mounting', params: assembly, quantity: 25 }))
      .toBe('Монтаж компонентов на печатные платы Контроллер, 342 компонента (SMD 330, выводных 12), двусторонний, партия 25 шт.');
    const module: ProjectParams = { ...defaultParams('module'), quantity: 3, mounting: { ...mounting, sides: 1 } };
    expect(describeLine({ title: 'Модуль', productType: 'module', params: module, quantity: 3 }))
      .toBe('Изготовление печатной платы и монтаж компонентов Модуль, 2 слоя, 100 × 80 мм, FR4 1,6 мм, HASL бессвинцовый, '
        + '342 компонента (SMD 330, выводных 12), односторонний, партия 3 шт.');
  });

  it('keeps the title of a line ordered without parameters, with its batch', () => {
    expect(describeLine({ title: 'Плата по чертежу', productType: 'pcb', params: null, quantity: 4 })).toBe('Плата по чертежу, партия 4 шт.');
  });
});
