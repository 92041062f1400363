import { hasEdgeConnector, type ProjectParams } from '../../../contract/board';
import { panelSizeMm } from '../../../contract/board-checks';
import { useT } from '../../../services/i18n';
import { formatMm, formatNumber } from '../../../services/format';

/** The parameters as label and value pairs, in the order the steps asked for them. */
export function ParamsSummary({ params }: { params: ProjectParams }) {
  const t = useT();
  const mm = (value: number) => t('wizard.units.mmValue', { value: formatMm(value) });
  const size = (width: number, height: number) => t('wizard.units.sizeValue', { width: formatMm(width), height: formatMm(height) });
  const { board, panel, stencil, mounting } = params;
  const rows: [string, string][] = [
    [t('wizard.summary.productType'), t(`wizard.productTypes.${params.productType}`)],
    [t('wizard.summary.boardSize'), size(board.widthMm, board.heightMm)],
  ];
  if (params.productType !== 'stencil') {
    rows.push(
      [t('wizard.fields.layers'), t(`wizard.options.layerCount.${board.layers}`)],
      [t('wizard.fields.material'), t(`wizard.options.material.${board.material}`)],
      [t('wizard.fields.thicknessMm'), mm(board.thicknessMm)],
      [t('wizard.fields.copperUm'), t(`wizard.options.copper.${board.copperUm}`)],
      [t('wizard.fields.maskColor'), t(`wizard.options.maskColor.${board.maskColor}`)],
      [t('wizard.fields.silkColor'), t(`wizard.options.silkColor.${board.silkColor}`)],
      [t('wizard.fields.finish'), t(`wizard.options.finish.${board.finish}`)],
      [t('wizard.fields.minTrackMm'), mm(board.minTrackMm)],
      [t('wizard.fields.minHoleMm'), mm(board.minHoleMm)],
      [t('wizard.fields.edgeConnector'), t(hasEdgeConnector(board) ? 'project.params.yes' : 'project.params.no')],
    );
  }
  if (panel) {
    const outer = panelSizeMm(board, panel);
    rows.push([t('wizard.summary.panel'), t('wizard.summary.panelValue', {
      columns: panel.columns, rows: panel.rows, size: size(outer.widthMm, outer.heightMm),
      separation: t(`board.panel.separation.${panel.separation}`),
    })]);
  }
  if (stencil) {
    rows.push([t('wizard.summary.stencil'), t('wizard.summary.stencilValue', {
      sides: t(`board.stencil.sides.${stencil.sides}`), thickness: formatMm(stencil.thicknessMm), size: size(stencil.widthMm, stencil.heightMm),
    })]);
  }
  if (mounting) {
    rows.push([t('wizard.summary.mounting'), t('wizard.summary.mountingValue', {
      components: mounting.components, unique: mounting.uniqueParts, smd: mounting.smd, tht: mounting.tht,
      sides: t(`wizard.options.mountingSides.${mounting.sides}`),
    })]);
  }
  rows.push(
    [t('wizard.fields.quantity'), formatNumber(params.quantity)],
    [t('wizard.fields.urgency'), t(`wizard.options.urgency.${params.urgency}`)],
  );
  return (
    <dl className="wizard-summary__params">
      {rows.map(([label, value]) => (
        <div key={label} className="wizard-summary__param">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
