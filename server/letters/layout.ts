import type { Lang } from '../http/messages';
import { SUPPLIER } from '../supplier/details';
import { letterText } from './texts';

/**
 * One letter drawn twice from the same blocks: as HTML a mail client renders (tables and inline styles only, no
 * external images or CSS, every value escaped) and as its plain-text part.
 */

export type Block =
  | { kind: 'text'; text: string }
  /** Label and value pairs: the order's number, the payer, the tracking number. */
  | { kind: 'facts'; rows: ReadonlyArray<readonly [string, string]> }
  /** The order's lines: item, quantity, amount, and the total under them. */
  | { kind: 'lines'; head: readonly [string, string, string]; rows: ReadonlyArray<readonly [string, string, string]>; total: readonly [string, string] }
  /** A framed paragraph with a title: what happens next, what to do. */
  | { kind: 'note'; title: string; text: string }
  | { kind: 'button'; label: string; href: string };

export interface LetterDraft {
  lang: Lang;
  subject: string;
  /** The line a mail client shows beside the subject in the list. */
  preheader: string;
  heading: string;
  greeting: string;
  blocks: readonly Block[];
  /** Why the recipient gets the letter and, for order letters, where to choose which ones come. */
  footer: { why: string; manage?: { label: string; href: string } };
}

export interface RenderedLetter { subject: string; body: string; html: string }

const COLOR = { brand: '#0b4f6c', accent: '#107494', text: '#1c2733', muted: '#5c6b7a', border: '#d8e0e6', page: '#eef2f5', tint: '#e6f1f5', head: '#f4f7f9' };
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: the five characters that could open markup or leave an attribute, and line breaks as <br>. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
const paragraphHtml = (value: string): string => escapeHtml(value).replace(/\n/g, '<br>');

const TABLE = 'role="presentation" cellpadding="0" cellspacing="0" border="0"';

function factsHtml(rows: ReadonlyArray<readonly [string, string]>): string {
  const cells = rows.map(
    ([label, value]) =>
      `<tr><td style="padding:7px 12px 7px 0;width:38%;vertical-align:top;color:${COLOR.muted};border-bottom:1px solid ${COLOR.page};">` +
      `${escapeHtml(label)}</td>` +
      `<td style="padding:7px 0;vertical-align:top;font-weight:bold;border-bottom:1px solid ${COLOR.page};">${paragraphHtml(value)}</td></tr>`,
  );
  return `<table ${TABLE} width="100%" style="border-collapse:collapse;margin:0 0 20px;font-size:14px;">${cells.join('')}</table>`;
}

function linesHtml(block: Extract<Block, { kind: 'lines' }>): string {
  const cell = (value: string, align: string, extra = '') =>
    `<td style="padding:8px 10px;text-align:${align};vertical-align:top;border-bottom:1px solid ${COLOR.border};${extra}">${escapeHtml(value)}</td>`;
  const [item, quantity, amount] = block.head;
  const head =
    `<tr style="background:${COLOR.head};color:${COLOR.muted};font-size:12px;">` +
    `${cell(item, 'left')}${cell(quantity, 'right')}${cell(amount, 'right')}</tr>`;
  const rows = block.rows.map(
    ([title, count, sum]) =>
      `<tr>${cell(title, 'left')}${cell(count, 'right', 'white-space:nowrap;')}${cell(sum, 'right', 'white-space:nowrap;')}</tr>`,
  );
  const total = `<tr><td colspan="2" style="padding:10px;text-align:right;font-weight:bold;">${escapeHtml(block.total[0])}</td>`
    + `<td style="padding:10px;text-align:right;font-weight:bold;white-space:nowrap;">${escapeHtml(block.total[1])}</td></tr>`;
  return (
    `<table ${TABLE} width="100%" style="border-collapse:collapse;margin:0 0 20px;font-size:14px;border:1px solid ${COLOR.border};">` +
    `${head}${rows.join('')}${total}</table>`
  );
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'text':
      return `<p style="margin:0 0 16px;">${paragraphHtml(block.text)}</p>`;
    case 'facts':
      return factsHtml(block.rows);
    case 'lines':
      return linesHtml(block);
    case 'note':
      return (
        `<table ${TABLE} width="100%" style="margin:0 0 20px;">` +
        `<tr><td style="padding:14px 18px;background:${COLOR.tint};border-left:4px solid ${COLOR.accent};">` +
        `<p style="margin:0 0 6px;font-weight:bold;color:${COLOR.brand};">${escapeHtml(block.title)}</p><p style="margin:0;">${paragraphHtml(block.text)}</p></td></tr></table>`
      );
    case 'button':
      return (
        `<table ${TABLE} style="margin:4px 0 24px;"><tr><td style="background:${COLOR.accent};border-radius:6px;">` +
        `<a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 26px;color:#ffffff;text-decoration:none;font-weight:bold;font-size:15px;">${escapeHtml(block.label)}</a></td></tr></table>`
      );
  }
}

const company = (): string => [SUPPLIER.name, SUPPLIER.address, SUPPLIER.phone].filter(Boolean).join(' · ');

function letterHtml(draft: LetterDraft): string {
  const { footer } = draft;
  const manage = footer.manage
    ? `<br><a href="${escapeHtml(footer.manage.href)}" style="color:${COLOR.accent};">${escapeHtml(footer.manage.label)}</a>` : '';
  return `<!DOCTYPE html><html lang="${draft.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<meta name="color-scheme" content="light"><title>${escapeHtml(draft.subject)}</title></head>`
    + `<body style="margin:0;padding:0;background:${COLOR.page};">`
    // The preheader: shown by the mail client beside the subject, hidden in the letter itself.
    + `<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(draft.preheader)}</div>`
    + `<table ${TABLE} width="100%" style="background:${COLOR.page};"><tr><td align="center" style="padding:24px 12px;">`
    + `<table ${TABLE} width="600" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${COLOR.border};border-radius:8px;${FONT};">`
    + `<tr><td style="padding:20px 32px;background:${COLOR.brand};border-radius:8px 8px 0 0;">`
    + `<span style="font-size:20px;font-weight:bold;color:#ffffff;letter-spacing:0.3px;">PCB Portal</span><br>`
    + `<span style="font-size:13px;color:#cfe3ec;">${escapeHtml(letterText(draft.lang, 'brandTagline'))}</span></td></tr>`
    + `<tr><td style="padding:32px;font-size:15px;line-height:1.55;color:${COLOR.text};">`
    + `<h1 style="margin:0 0 18px;font-size:22px;line-height:1.3;color:${COLOR.brand};">${escapeHtml(draft.heading)}</h1>`
    + `<p style="margin:0 0 16px;">${escapeHtml(draft.greeting)}</p>`
    + draft.blocks.map(blockHtml).join('')
    + `<p style="margin:8px 0 0;">${paragraphHtml(letterText(draft.lang, 'signature'))}</p></td></tr>`
    + `<tr><td style="padding:18px 32px 22px;border-top:1px solid ${COLOR.border};font-size:12px;line-height:1.5;color:${COLOR.muted};">`
    + `${escapeHtml(footer.why)}${manage}<br><br>${escapeHtml(company())}</td></tr>`
    + '</table></td></tr></table></body></html>';
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'text': return block.text;
    // A value of several lines keeps them under it, indented.
    case 'facts': return block.rows.map(([label, value]) => `${label}: ${value.replace(/\n/g, '\n  ')}`).join('\n');
    case 'lines': return [...block.rows.map(([title, count, sum]) => `- ${title} — ${count} — ${sum}`), `${block.total[0]}: ${block.total[1]}`].join('\n');
    case 'note': return `${block.title}\n${block.text}`;
    case 'button': return `${block.label}: ${block.href}`;
  }
}

function letterBody(draft: LetterDraft): string {
  const manage = draft.footer.manage ? `\n${draft.footer.manage.label}: ${draft.footer.manage.href}` : '';
  return [
    draft.heading, draft.greeting, ...draft.blocks.map(blockText), letterText(draft.lang, 'signature'),
    `--\n${draft.footer.why}${manage}\n${company()}`,
  ].join('\n\n');
}

export function renderLetter(draft: LetterDraft): RenderedLetter {
  return { subject: draft.subject, body: letterBody(draft), html: letterHtml(draft) };
}
