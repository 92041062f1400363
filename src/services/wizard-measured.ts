import type { ProjectParams } from '../contract/board';
import type { BoardAnalysis } from '../contract/board-files';
import { isPricedFromFiles, measuredBoardOf, type MeasuredField } from '../contract/board-measured';
import { formatMm } from './format';

/**
 * What the files measure, written as the wizard's fields show it ('68,58'), for the hints beside the fields and the
 * texts of the problems 'the files measure more'. Null without measurements, or for assembly alone, whose
 * price no board measurement makes.
 */
export interface MeasuredTexts { width: string; height: string; layers: string | null; hole: string | null }

export function measuredTexts(analysis: BoardAnalysis | null, params: ProjectParams): MeasuredTexts | null {
  const m = analysis?.measurements;
  if (!m || !isPricedFromFiles(params.productType)) return null;
  const board = measuredBoardOf(m, params);
  return {
    width: formatMm(board.widthMm),
    height: formatMm(board.heightMm),
    layers: board.layers === null ? null : String(board.layers),
    hole: board.minHoleMm === null ? null : formatMm(board.minHoleMm),
  };
}

export const sameMeasuredTexts = (a: MeasuredTexts | null, b: MeasuredTexts | null): boolean =>
  a === b || (a !== null && b !== null && a.width === b.width && a.height === b.height && a.layers === b.layers && a.hole === b.hole);

const FIELD_TEXT: Record<MeasuredField, keyof MeasuredTexts> = {
  'board.widthMm': 'width', 'board.heightMm': 'height', 'board.layers': 'layers', 'board.minHoleMm': 'hole',
};

const isMeasuredField = (field: string): field is MeasuredField => Object.hasOwn(FIELD_TEXT, field);

/** The measured value of one field ('board.widthMm'), with its unit; null for a field the files do not measure. */
export function measuredValueOf(texts: MeasuredTexts | null, field: string): { value: string; unit: 'mm' | 'count' } | null {
  if (!texts || !isMeasuredField(field)) return null;
  const key = FIELD_TEXT[field];
  const value = texts[key];
  return value === null ? null : { value, unit: key === 'layers' ? 'count' : 'mm' };
}

/** The texts as the parameters of a problem's text ('{{width}} × {{height}}'); none without measurements. */
export function measuredParams(texts: MeasuredTexts | null): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(texts ?? {})) if (typeof value === 'string') params[name] = value;
  return params;
}
