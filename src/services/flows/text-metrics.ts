// Text is measured without a DOM (the layout also runs in Node), so diagrams use a monospace font
// whose advance width is a known share of its size; the estimate errs wide so text never spills.

export const FONT_FAMILY = "'DejaVu Sans Mono', ui-monospace, Menlo, Consolas, monospace";
export const TEXT_SIZE = 11;
export const TITLE_SIZE = 12;
export const LINE_HEIGHT = 15;
const ADVANCE = 0.62;

export function textWidth(text: string, size = TEXT_SIZE): number {
  return Math.ceil([...text].length * size * ADVANCE);
}
