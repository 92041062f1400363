import type { ProjectParams, ProductType } from '../../../src/contract/board';
import { formatNumberIn } from '../../../src/contract/number-format';
import { vatOfLines } from '../../../src/contract/vat';
import type { InvoiceDocument } from '../../supplier/invoice-document';

/** An order line as the invoice reads it: what was ordered and what the customer agreed to pay for it. */
export interface OrderedLine { title: string; productType: ProductType; params: ProjectParams | null; quantity: number; total: number }
export type InvoiceLine = InvoiceDocument['lines'][number];

/**
 * The price table prices a batch (set-up, tooling and area together), so the invoice sells the batch: quantity 1
 * 'партия' at the line's total, the pieces named in the text. Price × quantity is then the sum to the kopeck, and
 * the sum is the figure the customer saw in the quote, the cart, at checkout and on the order (docs/decisions.md).
 */
export const BATCH_UNIT = 'партия';

/**
 * Column 2 of the УПД: a unit's code in ОКЕИ (ОК 015-94). 'партия' has none in its sections, so the filling rules of
 * decree 1137 give a dash there (docs/decisions.md); the unit's name stays in column 2а.
 */
const OKEI_CODES: Readonly<Record<string, string>> = { 'шт.': '796' };
export const okeiCodeOf = (unit: string): string | null => OKEI_CODES[unit] ?? null;

const MATERIALS: Record<ProjectParams['board']['material'], string> = {
  fr4: 'FR4', fr4_tg170: 'FR4 Tg170', aluminium: 'алюминий', rogers: 'Rogers',
};
const FINISHES: Record<ProjectParams['board']['finish'], string> = {
  hasl: 'HASL', hasl_lf: 'HASL бессвинцовый', enig: 'ENIG', osp: 'OSP', immersion_tin: 'иммерсионное олово',
};
const STENCIL_SIDES: Record<NonNullable<ProjectParams['stencil']>['sides'], string> = {
  top: 'верхняя сторона', bottom: 'нижняя сторона', both: 'обе стороны',
};

/** '104,1': the Russian document's numbers, at most two decimals. */
const decimal = (value: number): string => formatNumberIn('ru', value);
const pieces = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** 1 слой, 2 слоя, 6 слоёв: the Russian plural of a count. */
function plural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  return units >= 2 && units <= 4 ? few : many;
}

function boardText(params: ProjectParams): string {
  const b = params.board;
  return [
    `${b.layers} ${plural(b.layers, 'слой', 'слоя', 'слоёв')}`,
    `${decimal(b.widthMm)} × ${decimal(b.heightMm)} мм`,
    `${MATERIALS[b.material]} ${decimal(b.thicknessMm)} мм`,
    FINISHES[b.finish],
  ].join(', ');
}

function mountingText(mounting: NonNullable<ProjectParams['mounting']>): string {
  const sides = mounting.sides === 2 ? 'двусторонний' : 'односторонний';
  return `${pieces(mounting.components)} ${plural(mounting.components, 'компонент', 'компонента', 'компонентов')} `
    + `(SMD ${pieces(mounting.smd)}, выводных ${pieces(mounting.tht)}), ${sides}`;
}

/** What a line sells, from the parameters the line was ordered with; a line without them keeps its title. */
export function describeLine(line: Pick<OrderedLine, 'title' | 'productType' | 'params' | 'quantity'>): string {
  const batch = `партия ${pieces(line.quantity)} шт.`;
  const params = line.params;
  if (!params) return `${line.title}, ${batch}`;
  switch (line.productType) {
    case 'stencil': {
      const stencil = params.stencil;
      const text = stencil ? `, ${decimal(stencil.widthMm)} × ${decimal(stencil.heightMm)} мм, толщина ${decimal(stencil.thicknessMm)} мм, `
        + STENCIL_SIDES[stencil.sides] : '';
      return `Изготовление трафарета ${line.title}${text}, ${batch}`;
    }
    case 'mounting':
      return `Монтаж компонентов на печатные платы ${line.title}${params.mounting ? `, ${mountingText(params.mounting)}` : ''}, ${batch}`;
    case 'module':
      return `Изготовление печатной платы и монтаж компонентов ${line.title}, ${boardText(params)}`
        + `${params.mounting ? `, ${mountingText(params.mounting)}` : ''}, ${batch}`;
    case 'panel': {
      const panel = params.panel;
      const layout = panel ? `, в панели ${panel.columns} × ${panel.rows}` : '';
      const boards = panel ? ` (${pieces(line.quantity * panel.columns * panel.rows)} плат)` : '';
      return `Изготовление печатной платы ${line.title}${layout}, ${boardText(params)}, партия ${pieces(line.quantity)} `
        + `${plural(line.quantity, 'панель', 'панели', 'панелей')}${boards}`;
    }
    default:
      return `Изготовление печатной платы ${line.title}, ${boardText(params)}, ${batch}`;
  }
}

/** The invoice's line of an order line: one batch at the line's total. */
export const invoiceLineOf = (line: OrderedLine): InvoiceLine =>
  ({ title: describeLine(line), quantity: 1, unit: BATCH_UNIT, unitPrice: line.total, total: line.total });

/** The invoice's total is the sum of its lines, its VAT the sum of the lines' VAT (src/contract/vat.ts). */
export function invoiceTotals(lines: readonly InvoiceLine[]): { amount: number; vat: number } {
  const kopecks = lines.reduce((sum, line) => sum + Math.round(line.total * 100), 0);
  return { amount: kopecks / 100, vat: vatOfLines(lines.map((line) => line.total)) };
}
