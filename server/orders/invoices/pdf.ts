import type { InvoiceDocument, InvoiceParty } from '../../supplier/invoice-document';
import { amountInWords } from './amount-in-words';
import { dateAfterDays, dateInWords } from '../../supplier/calendar';
import {
  BOLD, BOTTOM, box, CONTENT_WIDTH, createDoc, MARGIN, money, PAD, rule, textHeight, toBuffer, write, type Doc,
} from './pdf-kit';
import { drawLinesTable } from './pdf-table';

/** What the form is drawn from: the stored invoice and its document only, so a later change of anything else cannot alter it. */
export interface InvoiceForPdf { number: string; issuedAt: Date; amount: number; vat: number; document: InvoiceDocument }

const SMALL = 7;

/**
 * The bank block on top of every Russian invoice: the supplier's bank, BIK and correspondent account, then INN,
 * KPP, the recipient and its settlement account — what the accountant types into the payment order.
 */
function drawBankBlock(doc: Doc, supplier: InvoiceParty, y: number): number {
  const left = 300;
  const label = 50;
  const right = CONTENT_WIDTH - left - label;
  const line = 18;
  const x1 = MARGIN + left;
  const x2 = x1 + label;
  // Left column: bank (2 lines high), INN | KPP (1), recipient (2).
  box(doc, MARGIN, y, left, 2 * line);
  write(doc, supplier.bankName, MARGIN + PAD, y + PAD, left - 2 * PAD);
  write(doc, 'Банк получателя', MARGIN + PAD, y + 2 * line - SMALL - 2 * PAD, left - 2 * PAD, { size: SMALL });
  box(doc, MARGIN, y + 2 * line, left / 2, line);
  write(doc, `ИНН ${supplier.inn}`, MARGIN + PAD, y + 2 * line + PAD + 1, left / 2 - 2 * PAD);
  box(doc, MARGIN + left / 2, y + 2 * line, left / 2, line);
  write(doc, `КПП ${supplier.kpp ?? ''}`, MARGIN + left / 2 + PAD, y + 2 * line + PAD + 1, left / 2 - 2 * PAD);
  box(doc, MARGIN, y + 3 * line, left, 2 * line);
  write(doc, supplier.name, MARGIN + PAD, y + 3 * line + PAD, left - 2 * PAD);
  write(doc, 'Получатель', MARGIN + PAD, y + 5 * line - SMALL - 2 * PAD, left - 2 * PAD, { size: SMALL });
  // Middle and right columns: BIK, the correspondent account, then the settlement account over three lines.
  const pairs: Array<[string, string, number, number]> = [
    ['БИК', supplier.bik, 0, line],
    ['Сч. №', supplier.correspondentAccount, line, line],
    ['Сч. №', supplier.settlementAccount, 2 * line, 3 * line],
  ];
  for (const [name, value, top, height] of pairs) {
    box(doc, x1, y + top, label, height);
    write(doc, name, x1 + PAD, y + top + PAD + 1, label - 2 * PAD);
    box(doc, x2, y + top, right, height);
    write(doc, value, x2 + PAD, y + top + PAD + 1, right - 2 * PAD);
  }
  return y + 5 * line;
}

const partyText = (party: InvoiceParty): string => [
  party.name,
  party.inn ? `ИНН ${party.inn}` : '',
  party.kpp ? `КПП ${party.kpp}` : '',
  party.address,
  party.phone ? `тел.: ${party.phone}` : '',
].filter((part) => part !== '').join(', ');

/** 'Поставщик (Исполнитель):' and the like: a bold label on the left, the value beside it. */
function labelled(doc: Doc, label: string, value: string, y: number, valueFont = BOLD): number {
  const labelWidth = 100;
  const labelHeight = write(doc, label, MARGIN, y, labelWidth - 6);
  const valueHeight = write(doc, value, MARGIN + labelWidth, y, CONTENT_WIDTH - labelWidth, { font: valueFont });
  return y + Math.max(labelHeight, valueHeight) + 8;
}

function drawTotals(doc: Doc, invoice: InvoiceForPdf, y: number): number {
  const valueWidth = 90;
  const labelWidth = 200;
  const x = MARGIN + CONTENT_WIDTH - valueWidth - labelWidth;
  const rows: Array<[string, number]> = [
    ['Итого:', invoice.amount],
    [`В том числе НДС (${invoice.document.vatPercent}%):`, invoice.vat],
    ['Всего к оплате:', invoice.amount],
  ];
  let cursor = y;
  for (const [label, value] of rows) {
    write(doc, label, x, cursor, labelWidth - 6, { font: BOLD, align: 'right' });
    write(doc, money(value), x + labelWidth, cursor, valueWidth - PAD, { font: BOLD, align: 'right' });
    cursor += 14;
  }
  return cursor;
}

function drawSummary(doc: Doc, invoice: InvoiceForPdf, y: number): number {
  const { document } = invoice;
  let cursor = y;
  cursor += write(doc, `Всего наименований ${document.lines.length}, на сумму ${money(invoice.amount)} руб.`, MARGIN, cursor, CONTENT_WIDTH);
  cursor += write(doc, amountInWords(invoice.amount), MARGIN, cursor, CONTENT_WIDTH, { font: BOLD }) + 10;
  cursor += write(doc, `Оплатить не позднее ${dateAfterDays(invoice.issuedAt, document.payWithinDays)}.`, MARGIN, cursor, CONTENT_WIDTH, { font: BOLD });
  cursor += write(doc, 'Оплата данного счёта означает согласие с условиями поставки. Изготовление начинается после поступления '
    + 'оплаты на расчётный счёт Поставщика. В назначении платежа укажите номер счёта.', MARGIN, cursor, CONTENT_WIDTH, { size: 8 });
  return cursor + 10;
}

function drawSignatures(doc: Doc, y: number): number {
  rule(doc, y);
  const top = y + 30;
  const half = CONTENT_WIDTH / 2;
  for (const [index, title] of ['Руководитель', 'Бухгалтер'].entries()) {
    const x = MARGIN + index * half;
    write(doc, title, x, top - 10, 80, { font: BOLD });
    doc.lineWidth(0.5).moveTo(x + 82, top).lineTo(x + half - 16, top).stroke();
    write(doc, 'подпись, расшифровка подписи', x + 82, top + 2, half - 98, { size: SMALL, align: 'center' });
  }
  return top + 20;
}

/** The 'Счёт на оплату' form as a PDF in memory, from the stored copy of the invoice. */
export function renderInvoicePdf(invoice: InvoiceForPdf): Promise<Buffer> {
  const { document } = invoice;
  const title = `Счёт на оплату № ${invoice.number} от ${dateInWords(invoice.issuedAt)}`;
  const doc = createDoc(title, invoice.issuedAt);
  let y = drawBankBlock(doc, document.supplier, MARGIN) + 22;
  y += write(doc, title, MARGIN, y, CONTENT_WIDTH, { font: BOLD, size: 13 }) + 4;
  rule(doc, y);
  y = labelled(doc, 'Поставщик\n(Исполнитель):', partyText(document.supplier), y + 10);
  y = labelled(doc, 'Покупатель\n(Заказчик):', partyText(document.payer), y);
  y = labelled(doc, 'Основание:', `заказ № ${document.orderNumber}`, y) + 4;
  y = drawLinesTable(doc, document.lines, y) + 8;
  // Totals, words and signatures stay together: move them to a new page rather than split them.
  const tail = 14 * 3 + textHeight(doc, amountInWords(invoice.amount), CONTENT_WIDTH, { font: BOLD }) + 140;
  if (y + tail > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  y = drawTotals(doc, invoice, y) + 8;
  y = drawSummary(doc, invoice, y);
  drawSignatures(doc, y);
  return toBuffer(doc);
}
