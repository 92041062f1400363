import type { SheetRow } from './csv';

/** What a column of a BOM or pick-and-place file can tell. */
export const COLUMN_ROLES = ['designator', 'quantity', 'value', 'footprint', 'mpn', 'side', 'type', 'x', 'y', 'rotation'] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

/** Lower case, 'ё' as 'е', units in brackets dropped, punctuation as single spaces: "Center-X(mm)" → "center x". */
export function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е')
    .replace(/[([](mm|мм|mil|mils|deg|град|°)[)\]]/g, ' ')
    .replace(/[^a-zа-я0-9]+/g, ' ')
    .trim();
}

/**
 * Header names by role, already normalised, in order of preference: the names of Altium, KiCad, Eagle, JLCPCB and
 * of Russian ГОСТ lists ("Поз. обозначение", "Кол."), as these programs and people write them.
 */
const NAMES: Record<ColumnRole, readonly string[]> = {
  designator: [
    'designator', 'designators', 'refdes', 'ref des', 'reference', 'references', 'reference designator',
    'reference designators', 'part reference', 'ref', 'refs', 'позиционное обозначение', 'позиционные обозначения',
    'поз обозначение', 'поз обозн', 'поз обозначения', 'обозначение', 'поз', 'позиция',
  ],
  quantity: ['quantity', 'qty', 'qnty', 'quant', 'count', 'количество', 'кол во', 'колво', 'кол', 'кол шт'],
  value: ['value', 'val', 'comment', 'номинал', 'значение', 'наименование', 'name'],
  footprint: ['footprint', 'package', 'pattern', 'pcb footprint', 'footprint name', 'case', 'корпус', 'посадочное место'],
  mpn: [
    'mpn', 'manufacturer part number', 'mfr part number', 'mfr part', 'mfr pn', 'mfg part number', 'manufacturer pn',
    'part number', 'part no', 'p n', 'pn', 'артикул', 'партномер', 'lcsc', 'lcsc part', 'supplier part',
  ],
  side: ['layer', 'side', 'mount side', 'placement side', 'tb', 'сторона', 'слой', 'сторона монтажа'],
  type: ['mount type', 'mounting type', 'mount', 'mounting', 'smd tht', 'technology', 'type', 'тип монтажа', 'монтаж', 'тип'],
  x: ['x', 'mid x', 'center x', 'centre x', 'pos x', 'posx', 'ref x', 'location x', 'x coord', 'координата x'],
  y: ['y', 'mid y', 'center y', 'centre y', 'pos y', 'posy', 'ref y', 'location y', 'y coord', 'координата y'],
  rotation: ['rotation', 'rot', 'angle', 'orientation', 'поворот', 'угол'],
};

export interface HeaderMatch {
  /** Index of the header row among the rows. */
  rowIndex: number;
  columns: Partial<Record<ColumnRole, number>>;
  /** The header cells the columns were found by, as the file writes them. */
  names: string[];
}

/** The columns of one header row; a role takes the most preferred name present, a cell serves one role only. */
export function matchHeader(cells: readonly string[]): Pick<HeaderMatch, 'columns' | 'names'> {
  const normalized = cells.map(normalizeHeader);
  const taken = new Set<number>();
  const columns: Partial<Record<ColumnRole, number>> = {};
  const names: string[] = [];
  for (const role of COLUMN_ROLES) {
    for (const name of NAMES[role]) {
      const index = normalized.findIndex((cell, at) => cell === name && !taken.has(at));
      if (index < 0) continue;
      columns[role] = index;
      taken.add(index);
      names.push((cells[index] ?? '').trim());
      break;
    }
  }
  return { columns, names };
}

/** Files often open with a title block (Altium, ГОСТ forms): the header is looked for within the first rows. */
const HEADER_SEARCH_ROWS = 40;

/**
 * The header row: among the first rows, the one that names a required role and the most roles overall.
 * `required`: a row qualifies only with at least one of these roles.
 */
export function findHeader(rows: readonly SheetRow[], required: readonly ColumnRole[]): HeaderMatch | null {
  let best: HeaderMatch | null = null;
  for (let rowIndex = 0; rowIndex < Math.min(rows.length, HEADER_SEARCH_ROWS); rowIndex += 1) {
    const match = matchHeader(rows[rowIndex]?.cells ?? []);
    if (!required.some((role) => match.columns[role] !== undefined)) continue;
    if (!best || match.names.length > best.names.length) best = { rowIndex, ...match };
  }
  return best;
}
