/** Reading one part's cells: designator lists, quantities, coordinates, mount type and side. */

/** A range like "R1-R4" expands only within this many parts; anything longer is a typo, counted as two. */
const MAX_RANGE = 1000;

/** "R1, R2 R5-R7" → R1 R2 R5 R6 R7; ranges also as "R5...R7" or "R5…R7" (ГОСТ lists). Separators: comma, semicolon, whitespace. */
export function splitDesignators(cell: string): string[] {
  const designators: string[] = [];
  for (const token of cell.split(/[\s,;]+/).filter(Boolean)) {
    const range = /^([A-Za-zА-Яа-я_]+)(\d+)(?:-|–|…|\.{2,3})(?:\1)?(\d+)$/.exec(token);
    const from = Number(range?.[2]);
    const to = Number(range?.[3]);
    if (range && to > from && to - from < MAX_RANGE) {
      for (let n = from; n <= to; n += 1) designators.push(`${range[1]}${n}`);
    } else {
      designators.push(token);
    }
  }
  return designators;
}

/** "10", "10 шт", "10,0", "10.00" → 10; null when the cell holds no whole count. */
export function parseQuantity(cell: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,]0*)?\s*(?:шт\.?|pcs\.?|pc\.?|ea\.?)?\s*$/i.exec(cell);
  return match ? Number(match[1]) : null;
}

/** "12.5", "12,5", "12.5mm", "-3.1 mm" → a number; null otherwise. */
export function parseCoordinate(cell: string): number | null {
  const match = /^\s*(-?\d+(?:[.,]\d+)?)\s*(?:mm|мм|mil)?\s*$/i.exec(cell);
  return match?.[1] ? Number(match[1].replace(',', '.')) : null;
}

export type MountType = 'smd' | 'tht';

/** Short marks stand alone ("SMD", "TH"), words may go on ("Surface mount", "Выводной"): "Thermistor" is not THT. */
const TYPE_SMD = /(^|[^a-zа-я])((smd|smt)(?![a-zа-я])|surface|поверхн)/i;
const TYPE_THT = /(^|[^a-zа-я])((tht|pth|th|dip)(?![a-zа-я])|through|выводн|штыр|в отверст)/i;
/**
 * Through-hole footprints as libraries name them: KiCad's *_THT libraries, DIP/SIP, TO-92/220/247, DO-35/41 diodes,
 * axial and radial parts, pin headers and sockets, terminal blocks, HC-49 crystals. An explicit SMD in the name wins.
 */
const FOOTPRINT_THT = new RegExp(
  '(^|[^a-z])(tht|pth|through[ _-]?hole|p?dip|sip|axial|radial|to-?(92|126|220|247|264)|do-?(15|35|41|201)|hc-?49'
  + '|pin[ _-]?header|pin[ _-]?socket|terminal[ _-]?block)(?![a-z])',
  'i',
);

/** From a mount-type cell when it says, else from the footprint; parts with neither are SMD, as most parts are. */
export function mountTypeOf(typeCell: string, footprint: string): MountType {
  if (TYPE_SMD.test(typeCell)) return 'smd';
  if (TYPE_THT.test(typeCell)) return 'tht';
  if (TYPE_SMD.test(footprint)) return 'smd';
  return FOOTPRINT_THT.test(footprint) ? 'tht' : 'smd';
}

/** "Bottom", "BottomLayer", "B", "Bot", "Back", "Низ", "Нижняя" → bottom; anything else is the top side. */
export function isBottomSide(cell: string): boolean {
  return /^\s*(b|bot|bottom|back|низ|нижн)/i.test(cell) && !/^\s*both/i.test(cell);
}
