import type { BoardAlert, LayerSide, LayerType } from '../../src/contract/board-files';

/**
 * Whether the identified layers make one board: at most one mask, silk and paste on each side, a mask on
 * both faces or on neither, drill files joining the copper layers there are. A file whose side was read wrong shows
 * here as a contradiction: a PADS board once had two bottom masks and no top one, each shown as certain.
 */
export interface CheckedLayer {
  read: { source: { id: string } };
  type: LayerType | null;
  side: LayerSide | null;
  hidden: boolean;
  drillSpan: [number, number] | null;
}

type ConflictCode = Extract<BoardAlert['code'], 'twoMasksOneSide' | 'twoSilksOneSide' | 'twoPastesOneSide' | 'maskOnOneSide' | 'drillSpanMismatch'>;
export interface LayerConflict { code: ConflictCode; fileIds: string[] }

/** The conflicts that say a file's side may be wrong, as opposed to files missing. */
export const SIDE_CONFLICTS: ReadonlySet<ConflictCode> = new Set(['twoMasksOneSide', 'twoSilksOneSide', 'twoPastesOneSide', 'maskOnOneSide']);

const FILMS = [['soldermask', 'twoMasksOneSide'], ['silkscreen', 'twoSilksOneSide'], ['solderpaste', 'twoPastesOneSide']] as const;
/** Eagle numbers its bottom layer 16 whatever the layer count: a span to 16 on a smaller board ends at its bottom. */
const EAGLE_BOTTOM = 16;

const idOf = (file: CheckedLayer) => file.read.source.id;

/** Drill spans that reach past the copper files, or, when every drill file states its span, copper no span joins. */
function drillSpanConflict(shown: CheckedLayer[]): LayerConflict | null {
  const count = shown.filter((file) => file.type === 'copper').length;
  const drills = shown.filter((file) => file.type === 'drill');
  if (count === 0) return null;
  const spans = drills.flatMap((file) => {
    if (!file.drillSpan) return [];
    const [from, to] = file.drillSpan;
    return [{ file, from, to: to === EAGLE_BOTTOM && count < EAGLE_BOTTOM ? count : to }];
  });
  const beyond = spans.filter((span) => span.to > count);
  if (beyond.length > 0) return { code: 'drillSpanMismatch', fileIds: beyond.map((span) => idOf(span.file)) };
  if (spans.length === 0 || spans.length < drills.length) return null;
  for (let layer = 1; layer <= count; layer += 1) {
    if (!spans.some((span) => span.from <= layer && layer <= span.to)) return { code: 'drillSpanMismatch', fileIds: [] };
  }
  return null;
}

export function layerConflicts(files: CheckedLayer[]): LayerConflict[] {
  const shown = files.filter((file) => !file.hidden);
  const on = (type: LayerType, side: LayerSide) => shown.filter((file) => file.type === type && file.side === side);
  const conflicts: LayerConflict[] = [];
  for (const [type, code] of FILMS) {
    for (const side of ['top', 'bottom'] as const) {
      const films = on(type, side);
      if (films.length > 1) conflicts.push({ code, fileIds: films.map(idOf) });
    }
  }
  // Copper on both faces and a mask on one: the other face's mask is missing, or was taken for this face's.
  const masks = [...on('soldermask', 'top'), ...on('soldermask', 'bottom')];
  const masked = (side: LayerSide) => on('soldermask', side).length > 0;
  if (on('copper', 'top').length > 0 && on('copper', 'bottom').length > 0 && masked('top') !== masked('bottom')) {
    conflicts.push({ code: 'maskOnOneSide', fileIds: masks.map(idOf) });
  }
  const drill = drillSpanConflict(shown);
  if (drill) conflicts.push(drill);
  return conflicts;
}
