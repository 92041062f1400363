import type { InvoiceDocument, InvoiceParty } from '../../supplier/invoice-document';
import { vatOf } from '../../../src/contract/vat';
import { dateAfterDays, dateInWords } from '../../supplier/calendar';
import { BOLD, box, createDoc, money, PAD, textHeight, toBuffer, write, type Doc } from './pdf-kit';
import { okeiCodeOf } from './lines';

/** What the УПД is drawn from: the invoice's stored document, its own number and date, and the order's shipment. */
export interface TransferForPdf {
  number: string; issuedAt: Date; invoiceNumber: string; invoiceIssuedAt: Date; paidAt: Date | null;
  document: InvoiceDocument; consigneeAddress: string; shipment: string;
}

const MARGIN = 20;
const WIDTH = 841.89 - 2 * MARGIN;
const BOTTOM = 595.28 - MARGIN;
const TINY = 5;
const SMALL = 6.5;
const CELL = 7;
const dash = '—';
/** Height of the signatures and the transfer part (8) … (19) below the table. */
const TAIL = 215;
const dateOf = (at: Date) => dateAfterDays(at, 0);

interface Column { title: string; code: string; width: number; align: 'left' | 'right' | 'center' }
/** Columns of the form (decree 1137, appendix 1, as amended): A, 1 … 13; the name takes what the others leave. */
const FIXED: Column[] = [
  { code: 'А', title: '№ п/п', width: 16, align: 'center' },
  { code: '1', title: 'Код товара/ работ, услуг', width: 26, align: 'center' },
  { code: '1а', title: 'Наименование товара (описание выполненных работ, оказанных услуг), имущественного права', width: 0, align: 'left' },
  { code: '1б', title: 'Код вида товара', width: 22, align: 'center' },
  { code: '2', title: 'Единица измерения: код', width: 24, align: 'center' },
  { code: '2а', title: 'условное обозначение (национальное)', width: 38, align: 'center' },
  { code: '3', title: 'Коли-чество (объём)', width: 30, align: 'right' },
  { code: '4', title: 'Цена (тариф) за единицу измерения', width: 50, align: 'right' },
  { code: '5', title: 'Стоимость товаров (работ, услуг), имущественных прав без налога — всего', width: 54, align: 'right' },
  { code: '6', title: 'В том числе сумма акциза', width: 36, align: 'center' },
  { code: '7', title: 'Нало-говая ставка', width: 28, align: 'center' },
  { code: '8', title: 'Сумма налога, предъявляемая покупателю', width: 46, align: 'right' },
  { code: '9', title: 'Стоимость товаров (работ, услуг), имущественных прав с налогом — всего', width: 54, align: 'right' },
  { code: '10', title: 'Страна проис-хождения: код', width: 26, align: 'center' },
  { code: '10а', title: 'краткое наиме-нование', width: 26, align: 'center' },
  { code: '11', title: 'Рег. номер декларации на товары или партии товара, подлежащего прослеживаемости', width: 44, align: 'center' },
  { code: '12', title: 'Ед. изм. для прослежи-ваемости: код', width: 24, align: 'center' },
  { code: '12а', title: 'условное обозна-чение', width: 24, align: 'center' },
  { code: '13', title: 'Коли-чество для прослежи-ваемости', width: 26, align: 'center' },
];
const COLUMNS: Column[] = FIXED.map((column) => (column.code === '1а'
  ? { ...column, width: WIDTH - FIXED.reduce((sum, one) => sum + one.width, 0) } : column));
/** The left band of the form: 'Универсальный передаточный документ', the status, and later the signatures' side. */
const BAND = 90;

/** One row of cells from x: each cell boxed, its text wrapped; answers the row's height. */
function drawRow(doc: Doc, cells: string[], x: number, y: number, size: number, bold = false): number {
  const font = bold ? BOLD : undefined;
  const height =
    Math.max(...COLUMNS.map((column, index) => textHeight(doc, cells[index] ?? '', column.width - 2 * PAD, { size, ...(font ? { font } : {}) }))) +
    2 * PAD;
  let left = x;
  COLUMNS.forEach((column, index) => {
    box(doc, left, y, column.width, height);
    write(doc, cells[index] ?? '', left + PAD, y + PAD, column.width - 2 * PAD, { size, align: column.align, ...(font ? { font } : {}) });
    left += column.width;
  });
  return height;
}

const innKpp = (party: InvoiceParty) => [party.inn, party.kpp].filter(Boolean).join('/') || dash;
const nameAndAddress = (party: InvoiceParty, address = party.address) => [party.name, address].filter(Boolean).join(', ');

/** The right part of the head: numbered requisites (1) … (8) as the form names them. */
function drawHead(doc: Doc, transfer: TransferForPdf, y: number): number {
  const { document } = transfer;
  const x = MARGIN + BAND;
  const labelWidth = 190;
  const valueWidth = WIDTH - BAND - labelWidth - 24;
  let cursor = y;
  write(doc, 'Приложение № 1 к постановлению Правительства Российской Федерации от 26 декабря 2011 г. № 1137 '
    + '(в ред. постановления Правительства РФ от 16.08.2024 № 1096)', MARGIN + WIDTH - 250, cursor, 250, { size: TINY, align: 'right' });
  cursor += 20;
  cursor += write(doc, `Счёт-фактура № ${transfer.number} от ${dateInWords(transfer.issuedAt)}`, x, cursor, WIDTH - BAND - 24, { font: BOLD, size: 10 });
  write(doc, '(1)', MARGIN + WIDTH - 20, cursor - 12, 20, { size: SMALL, align: 'right' });
  cursor += write(doc, `Исправление № ${dash} от ${dash}`, x, cursor + 1, WIDTH - BAND - 24, { size: SMALL }) + 4;
  const payment = transfer.paidAt
    ? `№ ${dash} от ${dateOf(transfer.paidAt)} (оплата по счёту № ${transfer.invoiceNumber} от ${dateOf(transfer.invoiceIssuedAt)})`
    : `№ ${dash} от ${dash}`;
  const rows: Array<[string, string, string]> = [
    ['Продавец:', document.supplier.name, '(2)'],
    ['Адрес:', document.supplier.address, '(2а)'],
    ['ИНН/КПП продавца:', innKpp(document.supplier), '(2б)'],
    ['Грузоотправитель и его адрес:', 'он же', '(3)'],
    ['Грузополучатель и его адрес:', nameAndAddress(document.payer, transfer.consigneeAddress || document.payer.address), '(4)'],
    ['К платёжно-расчётному документу', payment, '(5)'],
    ['Документ об отгрузке', `№ п/п 1–${document.lines.length} № ${transfer.number} от ${dateOf(transfer.issuedAt)}`, '(5а)'],
    ['Покупатель:', document.payer.name, '(6)'],
    ['Адрес:', document.payer.address || dash, '(6а)'],
    ['ИНН/КПП покупателя:', innKpp(document.payer), '(6б)'],
    ['Валюта: наименование, код', 'Российский рубль, 643', '(7)'],
    ['Идентификатор государственного контракта, договора (соглашения) (при наличии):', dash, '(8)'],
  ];
  for (const [label, value, code] of rows) {
    const height = Math.max(
      write(doc, label, x, cursor, labelWidth - 4, { size: SMALL }),
      write(doc, value, x + labelWidth, cursor, valueWidth, { size: SMALL, font: BOLD }),
    );
    doc.lineWidth(0.3).moveTo(x + labelWidth, cursor + height).lineTo(x + labelWidth + valueWidth, cursor + height).stroke();
    write(doc, code, MARGIN + WIDTH - 20, cursor, 20, { size: SMALL, align: 'right' });
    cursor += height + 1;
  }
  return cursor;
}

/** The status block on the left of the head: the status code in a box and what the codes mean. */
function drawStatus(doc: Doc, y: number): void {
  write(doc, 'Универсальный передаточный документ', MARGIN, y + 16, BAND - 8, { font: BOLD, size: 8 });
  write(doc, 'Статус:', MARGIN, y + 62, 34, { size: SMALL });
  box(doc, MARGIN + 34, y + 58, 22, 16, 1);
  write(doc, '1', MARGIN + 34, y + 62, 22, { font: BOLD, size: 9, align: 'center' });
  write(doc, '1 — счёт-фактура и передаточный документ (акт)\n2 — передаточный документ (акт)', MARGIN, y + 80, BAND - 8, { size: TINY });
}

interface Figures { cells: string[]; withoutVat: number; vat: number; total: number }

/** A line as columns 1 … 13 state it: the invoice's price includes VAT, the form states it apart (columns 4, 5, 8, 9). */
function figuresOf(line: InvoiceDocument['lines'][number], index: number, vatPercent: number): Figures {
  const vat = vatOf(line.total);
  const withoutVat = Math.round((line.total - vat) * 100) / 100;
  const price = Math.round((withoutVat / line.quantity) * 100) / 100;
  return {
    withoutVat, vat, total: line.total,
    cells: [String(index + 1), dash, line.title, dash, okeiCodeOf(line.unit) ?? dash, line.unit, String(line.quantity), money(price),
      money(withoutVat), 'без акциза', `${vatPercent}%`, money(vat), money(line.total), dash, dash, dash, dash, dash, dash],
  };
}

function drawTable(doc: Doc, document: InvoiceDocument, y: number): number {
  const x = MARGIN;
  const header = () => {
    let height = drawRow(doc, COLUMNS.map((column) => column.title), x, cursor, TINY, true);
    height += drawRow(doc, COLUMNS.map((column) => column.code), x, cursor + height, TINY);
    return height;
  };
  let cursor = y;
  cursor += header();
  const figures = document.lines.map((line, index) => figuresOf(line, index, document.vatPercent));
  for (const line of figures) {
    const height = Math.max(...COLUMNS.map((column, at) => textHeight(doc, line.cells[at] ?? '', column.width - 2 * PAD, { size: CELL }))) + 2 * PAD;
    if (cursor + height > BOTTOM) {
      doc.addPage();
      cursor = MARGIN;
      cursor += header();
    }
    cursor += drawRow(doc, line.cells, x, cursor, CELL);
  }
  const sum = (pick: (one: Figures) => number) => money(figures.reduce((total, one) => total + Math.round(pick(one) * 100), 0) / 100);
  const totals = ['', '', 'Всего к оплате (9)', '', '', '', '', '', sum((one) => one.withoutVat), 'X', '', sum((one) => one.vat), sum((one) => one.total)];
  return cursor + drawRow(doc, totals, x, cursor, CELL, true);
}

/** A signature place: a line with its caption under it, the value (a name) over it if known. */
function signature(doc: Doc, x: number, y: number, width: number, caption: string): void {
  doc.lineWidth(0.3).moveTo(x, y).lineTo(x + width, y).stroke();
  write(doc, caption, x, y + 1, width, { size: TINY, align: 'center' });
}

function drawSignatures(doc: Doc, y: number, pages: number): number {
  const half = (WIDTH - BAND) / 2;
  const x = MARGIN + BAND;
  const signatureRow = (title: string, left: number, top: number) => {
    write(doc, title, left, top, 110, { size: SMALL });
    signature(doc, left + 112, top + 14, 60, '(подпись)');
    signature(doc, left + 178, top + 14, half - 190, '(ф.и.о.)');
  };
  write(doc, `Документ составлен на ${pages} ${pages === 1 ? 'листе' : 'листах'}`, MARGIN, y, BAND - 6, { size: SMALL });
  signatureRow('Руководитель организации или иное уполномоченное лицо', x, y);
  signatureRow('Главный бухгалтер или иное уполномоченное лицо', x + half, y);
  signatureRow('Индивидуальный предприниматель или иное уполномоченное лицо', x, y + 26);
  write(doc, '(реквизиты свидетельства о государственной регистрации индивидуального предпринимателя)', x + half, y + 40, half - 12, {
    size: TINY,
    align: 'center',
  });
  doc.lineWidth(0.3).moveTo(x + half, y + 39).lineTo(MARGIN + WIDTH - 12, y + 39).stroke();
  return y + 56;
}

/** The transfer part (8) … (19): the seller's side on the left, the buyer's on the right, as the form lays them out. */
function drawTransfer(doc: Doc, transfer: TransferForPdf, y: number): number {
  const { document } = transfer;
  const half = WIDTH / 2;
  let cursor = y;
  const field = (label: string, value: string, code: string, left: number, width: number) => {
    const height = write(doc, label, left, cursor, width - 24, { size: SMALL });
    const valueHeight = value ? write(doc, value, left, cursor + height, width - 24, { size: SMALL, font: BOLD }) : 8;
    doc.lineWidth(0.3).moveTo(left, cursor + height + valueHeight).lineTo(left + width - 24, cursor + height + valueHeight).stroke();
    write(doc, code, left + width - 22, cursor, 20, { size: SMALL, align: 'right' });
    return height + valueHeight + 3;
  };
  cursor += field(
    'Основание передачи (сдачи) / получения (приёмки)',
    `Заказ № ${document.orderNumber}, счёт № ${transfer.invoiceNumber} от ${dateOf(transfer.invoiceIssuedAt)}`,
    '[8]',
    MARGIN,
    WIDTH,
  );
  cursor += field('Данные о транспортировке и грузе', transfer.shipment, '[9]', MARGIN, WIDTH) + 4;
  const top = cursor;
  const seller: Array<[string, string, string]> = [
    ['Товар (груз) передал / услуги, результаты работ, права сдал', '', '[10]'],
    ['Дата отгрузки, передачи (сдачи)', dateInWords(transfer.issuedAt), '[11]'],
    ['Иные сведения об отгрузке, передаче', dash, '[12]'],
    ['Ответственный за правильность оформления факта хозяйственной жизни', '', '[13]'],
    [
      'Наименование экономического субъекта — составителя документа (в т. ч. комиссионера / агента)',
      `${document.supplier.name}, ИНН/КПП ${innKpp(document.supplier)}`,
      '[14]',
    ],
  ];
  const buyer: Array<[string, string, string]> = [
    ['Товар (груз) получил / услуги, результаты работ, права принял', '', '[15]'],
    ['Дата получения (приёмки)', '«___» ____________ 20__ г.', '[16]'],
    ['Иные сведения о получении, приёмке', '', '[17]'],
    ['Ответственный за правильность оформления факта хозяйственной жизни', '', '[18]'],
    ['Наименование экономического субъекта — составителя документа', `${document.payer.name}, ИНН/КПП ${innKpp(document.payer)}`, '[19]'],
  ];
  for (const [index, [label, value, code]] of seller.entries()) {
    const other = buyer[index];
    const start = cursor;
    const left = field(label, value, code, MARGIN, half - 6);
    cursor = start;
    const right = other ? field(other[0], other[1], other[2], MARGIN + half + 6, half - 6) : 0;
    cursor = start + Math.max(left, right) + 2;
  }
  doc.lineWidth(1).moveTo(MARGIN + half, top).lineTo(MARGIN + half, cursor).stroke();
  write(doc, 'М. П.', MARGIN + 40, cursor + 2, 40, { size: SMALL });
  write(doc, 'М. П.', MARGIN + half + 46, cursor + 2, 40, { size: SMALL });
  return cursor + 14;
}

/** The УПД (status 1: счёт-фактура and transfer document) as a landscape A4 PDF in memory. */
export function renderTransferPdf(transfer: TransferForPdf): Promise<Buffer> {
  const title = `Универсальный передаточный документ № ${transfer.number} от ${dateInWords(transfer.issuedAt)}`;
  const doc = createDoc(title, transfer.issuedAt, 'landscape', MARGIN);
  let pages = 1;
  doc.on('pageAdded', () => { pages += 1; });
  drawStatus(doc, MARGIN);
  let y = drawHead(doc, transfer, MARGIN) + 6;
  y = drawTable(doc, transfer.document, y) + 8;
  // The signatures and the transfer part stay together, on a new page rather than split.
  if (y + TAIL > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  y = drawSignatures(doc, y, pages);
  doc.lineWidth(1).moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).stroke();
  drawTransfer(doc, transfer, y + 6);
  return toBuffer(doc);
}
