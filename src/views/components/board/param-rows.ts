import { hasEdgeConnector, type ProjectParams } from '../../../contract/board';
import { panelSizeMm } from '../../../contract/board-checks';
import { formatMm, formatNumber } from '../../../services/format';
import type { t as translate } from '../../../services/i18n';

export type ParamGroupCode = 'general' | 'board' | 'panel' | 'stencil' | 'mounting';
/** One parameter in words and with units; `key` names it in any set of parameters, so two sets can be compared. */
export interface ParamRow { key: string; label: string; value: string }
export interface ParamGroup { code: ParamGroupCode; rows: ParamRow[] }

/**
 * Everything that makes the price, grouped as the project page shows it; panel, stencil and assembly when the
 * parameters have them. Labels and option names are the wizard's, so a parameter reads the same wherever it is shown.
 */
export function paramGroups(t: typeof translate, params: ProjectParams): ParamGroup[] {
  const { board, panel, stencil, mounting } = params;
  const mm = (value: number) => t('wizard.units.mmValue', { value: formatMm(value) });
  const size = (width: number, height: number) => t('wizard.units.sizeValue', { width: formatMm(width), height: formatMm(height) });
  const yesNo = (value: boolean) => t(value ? 'project.params.yes' : 'project.params.no');
  const field = (key: string, value: string): ParamRow => ({ key, label: t(`wizard.fields.${key}`), value });
  const option = (group: string, code: string | number) => t(`wizard.options.${group}.${code}`);
  const own = (key: string, labelKey: string, value: string): ParamRow => ({ key, label: t(labelKey), value });

  const groups: ParamGroup[] = [{ code: 'general', rows: [
    own('productType', 'wizard.summary.productType', t(`wizard.productTypes.${params.productType}`)),
    field('quantity', formatNumber(params.quantity)),
    field('urgency', option('urgency', params.urgency)),
  ] }];
  const boardSize = own('boardSize', 'wizard.summary.boardSize', size(board.widthMm, board.heightMm));
  // A stencil is cut for a board made elsewhere: only its size matters here.
  groups.push({ code: 'board', rows: params.productType === 'stencil' ? [boardSize] : [
    boardSize,
    field('layers', option('layerCount', board.layers)),
    field('material', option('material', board.material)),
    field('thicknessMm', mm(board.thicknessMm)),
    field('copperUm', option('copper', board.copperUm)),
    field('maskColor', option('maskColor', board.maskColor)),
    field('silkColor', option('silkColor', board.silkColor)),
    field('finish', option('finish', board.finish)),
    field('minTrackMm', mm(board.minTrackMm)),
    field('minHoleMm', mm(board.minHoleMm)),
    field('edgeConnector', yesNo(hasEdgeConnector(board))),
  ] });
  if (panel) {
    const outer = panelSizeMm(board, panel);
    groups.push({ code: 'panel', rows: [
      own('panelLayout', 'project.params.panelLayout', t('project.params.layout', { columns: panel.columns, rows: panel.rows })),
      own('panelSize', 'project.params.panelSize', size(outer.widthMm, outer.heightMm)),
      field('spacingMm', mm(panel.spacingMm)),
      field('railMm', mm(panel.railMm)),
      field('fiducials', yesNo(panel.fiducials)),
      field('separation', t(`board.panel.separation.${panel.separation}`)),
    ] });
  }
  if (stencil) {
    groups.push({ code: 'stencil', rows: [
      field('stencilSides', t(`board.stencil.sides.${stencil.sides}`)),
      field('stencilThicknessMm', mm(stencil.thicknessMm)),
      field('frameMarginMm', mm(stencil.frameMarginMm)),
      own('stencilSize', 'project.params.stencilSize', size(stencil.widthMm, stencil.heightMm)),
    ] });
  }
  if (mounting) {
    groups.push({ code: 'mounting', rows: [
      field('components', formatNumber(mounting.components)),
      field('uniqueParts', formatNumber(mounting.uniqueParts)),
      field('smd', formatNumber(mounting.smd)),
      field('tht', formatNumber(mounting.tht)),
      field('mountingSides', option('mountingSides', mounting.sides)),
    ] });
  }
  return groups;
}

/** A parameter shown differently in two sets; null on the side that does not have it (a panel added or removed). */
export interface ParamChange { key: string; label: string; before: string | null; after: string | null }

/** The parameters that read differently after than before, in the order the project page shows them. */
export function changedParams(t: typeof translate, before: ProjectParams, after: ProjectParams): ParamChange[] {
  const rowsOf = (params: ProjectParams) => paramGroups(t, params).flatMap((group) => group.rows);
  const was = new Map(rowsOf(before).map((row) => [row.key, row]));
  const now = rowsOf(after);
  const changes: ParamChange[] = now.flatMap((row) => {
    const old = was.get(row.key);
    return old?.value === row.value ? [] : [{ key: row.key, label: row.label, before: old?.value ?? null, after: row.value }];
  });
  const gone = [...was.values()].filter((row) => !now.some((kept) => kept.key === row.key));
  return [...changes, ...gone.map((row) => ({ key: row.key, label: row.label, before: row.value, after: null }))];
}
