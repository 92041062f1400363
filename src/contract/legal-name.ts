import { LEGAL_FORMS, type LegalFormCode } from './payers';

/**
 * How a payer's name is printed wherever the portal shows it (the payer list, checkout, the order, the invoice and
 * its PDF): with its legal form, the organisation's own name in quotes. Russian typography (А. Э. Мильчин,
 * «Справочник издателя и автора»): «ёлочки» outside, „лапки“ for quotes inside quotes — «ООО „Микрон-Тест“»,
 * ПАО «Банк „Санкт-Петербург“». Shared by the app and the gateway, so both print one name.
 */

const OPEN = '«';
const CLOSE = '»';

/**
 * Straight and English quotes as typed ("Альфа", “Альфа”, „Альфа“) become «ёлочки»: a straight quote opens at the
 * start or after a space or bracket, and closes elsewhere.
 */
function toGuillemets(text: string): string {
  return text
    .replace(/(^|[\s([{])"/g, `$1${OPEN}`).replace(/"/g, CLOSE)
    .replace(/[“„]/g, (mark, at: number) => (at === 0 || /[\s([{]/.test(text[at - 1] ?? '') ? OPEN : CLOSE))
    .replace(/”/g, CLOSE);
}

/** The « at 0 is closed by the » at the very end: the whole text is one quotation. */
function isWhollyQuoted(text: string): boolean {
  if (!text.startsWith(OPEN) || !text.endsWith(CLOSE)) return false;
  let depth = 0;
  for (const [index, mark] of [...text].entries()) {
    if (mark === OPEN) depth += 1;
    if (mark === CLOSE) depth -= 1;
    if (depth === 0) return index === [...text].length - 1;
  }
  return false;
}

/** «ёлочки» at the outer level, „лапки“ at every level inside ('ПАО "Банк "Санкт-Петербург""' → 'ПАО «Банк „Санкт-Петербург“»'). */
export function typographic(text: string): string {
  let depth = 0;
  return [...toGuillemets(text)].map((mark) => {
    if (mark === OPEN) {
      depth += 1;
      return depth === 1 ? OPEN : '„';
    }
    if (mark === CLOSE && depth > 0) {
      depth -= 1;
      return depth === 0 ? CLOSE : '“';
    }
    return mark;
  }).join('');
}

/** `text` in quotes inside a Russian sentence: «…», with the quotes it holds turned into „…“. */
export function quoted(text: string): string {
  const plain = toGuillemets(text.trim());
  return typographic(`${OPEN}${isWhollyQuoted(plain) ? plain.slice(1, -1) : plain}${CLOSE}`);
}

/** A name already written with its form, short ('ООО «…»', 'ИП …') or in full ('Общество с ограниченной…'). */
function writtenForm(name: string, short: string, full: string): 'short' | 'full' | null {
  const lower = name.toLocaleLowerCase('ru');
  if (lower.startsWith(`${short.toLocaleLowerCase('ru')} `)) return 'short';
  return lower.startsWith(full.toLocaleLowerCase('ru')) ? 'full' : null;
}

const FULL_NAMES: Record<LegalFormCode, string> = {
  ooo: 'Общество с ограниченной ответственностью',
  ao: 'Акционерное общество',
  pao: 'Публичное акционерное общество',
  fgup: 'Федеральное государственное унитарное предприятие',
  ano: 'Автономная некоммерческая организация',
  ip: 'Индивидуальный предприниматель',
};

/**
 * 'ООО «Микрон-Тест»' from form 'ooo' and name 'Микрон-Тест' (or 'ООО Микрон-Тест', 'ООО "Микрон-Тест"'); an
 * entrepreneur's name is a person's and takes no quotes ('ИП Кузнецов Алексей Викторович'). Without a form (an order
 * placed before payers carried one) the name is printed as it was stored.
 */
export function legalName(payer: { legalForm?: LegalFormCode | null | undefined; name: string }): string {
  const name = payer.name.trim().replace(/\s+/g, ' ');
  const form = LEGAL_FORMS.find((candidate) => candidate.code === payer.legalForm);
  if (!form) return name;
  const written = writtenForm(name, form.name, FULL_NAMES[form.code]);
  if (form.kind === 'entrepreneur') return written ? name : `${form.name} ${name}`;
  if (written === 'full') return typographic(name);
  const own = written === 'short' ? name.slice(form.name.length + 1) : name;
  return `${form.name} ${quoted(own)}`;
}
