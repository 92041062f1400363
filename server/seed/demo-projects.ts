import { sql } from 'drizzle-orm';
import {
  defaultParams, FINISHES, MASK_COLORS, type PcbParams, type ProductType, type ProjectParams, type Urgency,
} from '../../src/contract/board';
import type { Db } from '../db/connect';
import { projects, projectVersions } from '../projects/schema';
import { quoteFor } from '../pricing/quote';
import { DEMO_PROJECTS } from './demo-data';

type DemoProject = (typeof DEMO_PROJECTS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function paramsFor(
  productType: ProductType, changes: { quantity?: number; urgency?: Urgency; board?: Partial<PcbParams> } & Partial<
    Pick<ProjectParams, 'panel' | 'stencil' | 'mounting'>
  >,
): ProjectParams {
  const base = defaultParams(productType);
  return {
    ...base,
    quantity: changes.quantity ?? base.quantity,
    urgency: changes.urgency ?? base.urgency,
    board: { ...base.board, ...changes.board },
    panel: changes.panel === undefined ? base.panel : changes.panel,
    stencil: changes.stencil === undefined ? base.stencil : changes.stencil,
    mounting: changes.mounting === undefined ? base.mounting : changes.mounting,
  };
}

/**
 * What the seeded projects of demo-data.ts are: a 4-layer ENIG controller, a heavy-copper power board, a panel of
 * small sensor boards, two assembly jobs, an archived prototype, a stencil and an RF board on Rogers. `history`
 * holds the parameters of earlier versions (older files), oldest first.
 */
const SEEDED: Record<string, { params: ProjectParams; history?: ProjectParams[]; ageDays: number }> = {
  motor: {
    params: paramsFor('pcb', {
      quantity: 10, urgency: 'fast',
      board: { widthMm: 120, heightMm: 85, layers: 4, finish: 'enig', minTrackMm: 0.1, minHoleMm: 0.25, maskColor: 'black' },
    }),
    history: [paramsFor('pcb', { quantity: 10, board: { widthMm: 120, heightMm: 85, layers: 2, minTrackMm: 0.15 } })],
    ageDays: 0.1,
  },
  power: {
    params: paramsFor('pcb', {
      quantity: 25, board: { widthMm: 80, heightMm: 60, copperUm: 70, minTrackMm: 0.25, minHoleMm: 0.4, thicknessMm: 2.0 },
    }),
    ageDays: 1.5,
  },
  sensor: {
    params: paramsFor('panel', {
      quantity: 20, board: { widthMm: 32, heightMm: 22, thicknessMm: 1.0, maskColor: 'blue' },
      panel: { columns: 4, rows: 3, spacingMm: 2, railMm: 5, fiducials: true, separation: 'vcut' },
    }),
    ageDays: 3,
  },
  led: {
    params: paramsFor('mounting', {
      quantity: 20, board: { widthMm: 150, heightMm: 100, maskColor: 'white', silkColor: 'black' },
      mounting: { components: 184, uniqueParts: 37, smd: 176, tht: 8, sides: 1 },
    }),
    history: [paramsFor('mounting', {
      quantity: 20, board: { widthMm: 150, heightMm: 100 },
      mounting: { components: 172, uniqueParts: 35, smd: 164, tht: 8, sides: 1 },
    })],
    ageDays: 6,
  },
  proto: {
    params: paramsFor('pcb', { quantity: 5, board: { widthMm: 60, heightMm: 40, finish: 'hasl' } }),
    ageDays: 420,
  },
  amp: {
    params: paramsFor('mounting', {
      quantity: 5, board: { widthMm: 100, heightMm: 75, copperUm: 70, minTrackMm: 0.2 },
      mounting: { components: 96, uniqueParts: 28, smd: 64, tht: 32, sides: 2 },
    }),
    ageDays: 2,
  },
  stencil: {
    params: paramsFor('stencil', {
      quantity: 1, board: { widthMm: 100, heightMm: 75 },
      stencil: { sides: 'top', thicknessMm: 0.12, frameMarginMm: 20, widthMm: 140, heightMm: 120 },
    }),
    ageDays: 2.2,
  },
  radio: {
    params: paramsFor('pcb', {
      quantity: 50, urgency: 'express',
      board: { widthMm: 40, heightMm: 30, material: 'rogers', thicknessMm: 0.8, finish: 'enig', minTrackMm: 0.1, minHoleMm: 0.2 },
    }),
    ageDays: 4,
  },
};

const MORE_TITLES = [
  'Плата индикации ИП-4', 'Контроллер шагового двигателя', 'Модуль Wi-Fi на ESP32', 'Блок реле на 8 каналов',
  'Преобразователь интерфейса RS-485', 'Датчик влажности ДВ-2', 'Зарядное устройство Li-Ion 2S', 'Драйвер светодиодов 350 мА',
  'Панель кнопок ПК-12', 'Приёмник GPS/ГЛОНАСС', 'Источник питания 5 В 3 А', 'Плата расширения GPIO',
  'Усилитель термопары УТ-1', 'Контроллер вентиляторов', 'Интерфейс CAN для стенда', 'Трафарет контроллера LED-панели',
  'Часы реального времени', 'USB-хаб на 4 порта', 'Стабилизатор 3,3 В', 'Плата индикации ИП-4 с монтажом',
  'Измеритель тока ИТ-20', 'Счётчик импульсов СИ-8', 'Адаптер JTAG', 'Клавиатура пульта оператора', 'Модуль звукового оповещения',
];
const MORE_TYPES: ProductType[] = ['pcb', 'pcb', 'module', 'pcb', 'panel', 'pcb', 'mounting', 'pcb', 'stencil'];
const MORE_STATUSES: DemoProject['status'][] = ['actual', 'draft', 'actual', 'archive', 'draft'];
const MORE_LAYERS: PcbParams['layers'][] = [2, 2, 4, 1, 2, 6];
const MORE_QUANTITIES = [5, 10, 25, 50, 100, 10];
const MORE_URGENCIES: Urgency[] = ['standard', 'standard', 'fast', 'standard', 'express'];

/** A varied board per index: sizes, layers, finishes and colours spread deterministically. */
function moreParams(index: number): ProjectParams {
  const productType = MORE_TYPES[index % MORE_TYPES.length] ?? 'pcb';
  const widthMm = 30 + ((index * 37) % 140);
  const heightMm = 20 + ((index * 23) % 90);
  const maskColor = MASK_COLORS[index % (MASK_COLORS.length - 1)] ?? 'green';
  const layers = MORE_LAYERS[index % MORE_LAYERS.length] ?? 2;
  const components = 20 + ((index * 13) % 150);
  const tht = index % 4;
  return paramsFor(productType, {
    quantity: MORE_QUANTITIES[index % MORE_QUANTITIES.length] ?? 10,
    urgency: MORE_URGENCIES[index % MORE_URGENCIES.length] ?? 'standard',
    board: {
      widthMm, heightMm, layers, maskColor,
      silkColor: maskColor === 'white' || maskColor === 'yellow' ? 'black' : 'white',
      finish: FINISHES[index % FINISHES.length] ?? 'hasl_lf',
    },
    ...(productType === 'stencil'
      ? { stencil: { sides: 'top' as const, thicknessMm: 0.12 as const, frameMarginMm: 20, widthMm: widthMm + 40, heightMm: heightMm + 40 } }
      : {}),
    ...(productType === 'mounting' || productType === 'module'
      ? { mounting: { components, uniqueParts: Math.ceil(components / 4), smd: components - tht, tht, sides: 1 as const } }
      : {}),
  });
}

/** About 25 more projects of «Электронные системы», so its list has more than one page of 20. */
export const DEMO_MORE_PROJECTS: DemoProject[] = MORE_TITLES.map((title, index) => ({
  key: `more-${index + 1}`, client: 'es', owner: 'demo', title,
  status: MORE_STATUSES[index % MORE_STATUSES.length] ?? 'draft',
  productType: MORE_TYPES[index % MORE_TYPES.length] ?? 'pcb',
  isFavorite: index === 2 || index === 11,
}));

function seededOf(key: string): (typeof SEEDED)[string] {
  const seeded = SEEDED[key];
  if (!seeded) throw new Error(`demo project "${key}" has no parameters`);
  return seeded;
}

const pick = <T>(map: Map<string, T>, key: string): T => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed refers to unknown "${key}"`);
  return value;
};

/**
 * Inserts the demo projects with their parameters, quotes and versions, each with its own activity date, in the
 * caller's transaction (the demo seed's, which runs only on a database without users). Answers the ids by key.
 */
export async function seedDemoProjects(
  tx: Db, ids: { clientIds: Map<string, number>; userIds: Map<string, number> }, now: Date,
): Promise<Map<string, number>> {
  const all = [
    ...DEMO_PROJECTS.map((project) => ({ project, ...seededOf(project.key) })),
    ...DEMO_MORE_PROJECTS.map((project, index) => ({ project, params: moreParams(index), history: undefined, ageDays: 8 + index * 2.5 })),
  ];
  const projectIds = new Map<string, number>();
  const versions: Array<typeof projectVersions.$inferInsert> = [];
  for (const { project, params, history = [], ageDays } of all) {
    const { key, client, owner, ...values } = project;
    const updatedAt = new Date(now.getTime() - ageDays * DAY);
    const createdAt = new Date(updatedAt.getTime() - (history.length + 1) * 5 * DAY);
    const quote = quoteFor(params);
    const [row] = await tx.insert(projects).values({
      ...values, productType: params.productType, clientId: pick(ids.clientIds, client), ownerUserId: pick(ids.userIds, owner),
      quantity: params.quantity, params, quote, price: quote.total, createdAt, updatedAt,
    }).returning({ id: projects.id });
    if (!row) continue;
    projectIds.set(key, row.id);
    [...history, params].forEach((versionParams, index) => versions.push({
      projectId: row.id, number: index + 1, uploadId: null, params: versionParams,
      createdAt: new Date(createdAt.getTime() + index * 5 * DAY),
    }));
  }
  await tx.insert(projectVersions).values(versions);
  await tx.execute(sql`update ${projects} set current_version_id = (
    select v.id from ${projectVersions} v where v.project_id = ${projects.id} order by v.number desc limit 1
  ) where ${projects.currentVersionId} is null`);
  return projectIds;
}
