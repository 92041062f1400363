import type { InvoiceDocument } from '../../supplier/invoice-document';
import { BOLD, BOTTOM, box, CONTENT_WIDTH, count, MARGIN, money, PAD, textHeight, write, type Doc } from './pdf-kit';

type Line = InvoiceDocument['lines'][number];

interface Column { title: string; width: number; align: 'left' | 'right' | 'center'; value: (line: Line, index: number) => string }

const FIXED = { number: 24, quantity: 44, unit: 44, price: 78, sum: 84 };
const COLUMNS: Column[] = [
  { title: '№', width: FIXED.number, align: 'center', value: (_, index) => String(index + 1) },
  {
    title: 'Товары (работы, услуги)', align: 'left', value: (line) => line.title,
    width: CONTENT_WIDTH - FIXED.number - FIXED.quantity - FIXED.unit - FIXED.price - FIXED.sum,
  },
  { title: 'Кол-во', width: FIXED.quantity, align: 'right', value: (line) => count(line.quantity) },
  { title: 'Ед.', width: FIXED.unit, align: 'left', value: (line) => line.unit },
  { title: 'Цена', width: FIXED.price, align: 'right', value: (line) => money(line.unitPrice) },
  { title: 'Сумма', width: FIXED.sum, align: 'right', value: (line) => money(line.total) },
];

function row(doc: Doc, cells: string[], y: number, bold: boolean): number {
  const font = bold ? BOLD : undefined;
  const heights = COLUMNS.map((column, index) => textHeight(doc, cells[index] ?? '', column.width - 2 * PAD, font ? { font } : {}));
  const height = Math.max(...heights) + 2 * PAD;
  let x = MARGIN;
  COLUMNS.forEach((column, index) => {
    box(doc, x, y, column.width, height);
    write(doc, cells[index] ?? '', x + PAD, y + PAD, column.width - 2 * PAD, { align: column.align, ...(font ? { font } : {}) });
    x += column.width;
  });
  return height;
}

const header = (doc: Doc, y: number) => row(doc, COLUMNS.map((column) => column.title), y, true);

/**
 * The lines table from `y`; a long order continues on the next page under the header again. Answers the y below
 * the table. The outer border is drawn thicker, as the printed forms have it.
 */
export function drawLinesTable(doc: Doc, lines: Line[], y: number): number {
  let top = y;
  let cursor = y + header(doc, y);
  lines.forEach((line, index) => {
    const cells = COLUMNS.map((column) => column.value(line, index));
    const height = COLUMNS.reduce((max, column, at) => Math.max(max, textHeight(doc, cells[at] ?? '', column.width - 2 * PAD)), 0) + 2 * PAD;
    if (cursor + height > BOTTOM) {
      box(doc, MARGIN, top, CONTENT_WIDTH, cursor - top, 1.5);
      doc.addPage();
      top = MARGIN;
      cursor = MARGIN + header(doc, MARGIN);
    }
    cursor += row(doc, cells, cursor, false);
  });
  box(doc, MARGIN, top, CONTENT_WIDTH, cursor - top, 1.5);
  return cursor;
}
