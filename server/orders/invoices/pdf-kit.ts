import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/** Drawing helpers shared by the invoice form's blocks: A4, DejaVu (Cyrillic), text rather than pictures. */
export type Doc = PDFKit.PDFDocument;

// Resolved like a package, not by a path relative to this file: the built gateway (dist-server/) sits elsewhere.
const FONTS = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf', '/');
export const REGULAR = 'regular';
export const BOLD = 'bold';
export const MARGIN = 40;
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const BOTTOM = PAGE_HEIGHT - MARGIN;
/** Inner padding of a table cell. */
export const PAD = 3;

/**
 * The creation date is the invoice's own date, so the same invoice always gives the same bytes (pdfkit derives
 * the file id from it too).
 */
export function createDoc(title: string, createdAt: Date, layout: 'portrait' | 'landscape' = 'portrait', margin = MARGIN): Doc {
  const doc = new PDFDocument({
    size: 'A4', layout, margin, autoFirstPage: true,
    info: { Title: title, Author: 'PCB Portal', Creator: 'PCB Portal', Producer: 'PCB Portal', CreationDate: createdAt },
  });
  doc.registerFont(REGULAR, `${FONTS}DejaVuSans.ttf`);
  doc.registerFont(BOLD, `${FONTS}DejaVuSans-Bold.ttf`);
  return doc.font(REGULAR);
}

/** The whole document in memory: nothing is written to disk. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface TextStyle { font?: string; size?: number; align?: 'left' | 'right' | 'center' }

export function style(doc: Doc, { font = REGULAR, size = 9 }: TextStyle): Doc {
  return doc.font(font).fontSize(size);
}

export function textHeight(doc: Doc, text: string, width: number, textStyle: TextStyle = {}): number {
  return style(doc, textStyle).heightOfString(text, { width });
}

/** Text at a fixed place, wrapped to `width`; answers its height. */
export function write(doc: Doc, text: string, x: number, y: number, width: number, textStyle: TextStyle = {}): number {
  style(doc, textStyle).text(text, x, y, { width, align: textStyle.align ?? 'left' });
  return doc.heightOfString(text, { width });
}

export function box(doc: Doc, x: number, y: number, width: number, height: number, lineWidth = 0.5): void {
  doc.lineWidth(lineWidth).rect(x, y, width, height).stroke();
}

export function rule(doc: Doc, y: number, lineWidth = 1.5, x = MARGIN, width = CONTENT_WIDTH): void {
  doc.lineWidth(lineWidth).moveTo(x, y).lineTo(x + width, y).stroke();
}

/** '12 450,50': thousands apart with plain spaces (they copy and search as typed), a decimal comma. */
export function money(value: number): string {
  const kopecks = Math.round(value * 100);
  const [whole = '0', fraction = '00'] = (Math.abs(kopecks) / 100).toFixed(2).split('.');
  return `${kopecks < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${fraction}`;
}

export const count = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
