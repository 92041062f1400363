import { hasEdgeConnector, type ProjectParams } from '../../../contract/board';
import { panelSizeMm } from '../../../contract/board-checks';
import { useT } from '../../../services/i18n';
import { formatMm, formatNumber } from '../../../services/format';

type Row = [label: string, value: string];

/**
 * Everything that makes the price, in words and with units, grouped; panel, stencil and assembly when the project
 * has them. Labels and option names are the wizard's, so a parameter reads the same where it was chosen.
 */
export function ParametersPanel({ params }: { params: ProjectParams }) {
  const t = useT();
  const { board, panel, stencil, mounting } = params;
  const mm = (value: number) => t('wizard.units.mmValue', { value: formatMm(value) });
  const size = (width: number, height: number) => t('wizard.units.sizeValue', { width: formatMm(width), height: formatMm(height) });
  const field = (key: string) => t(`wizard.fields.${key}`);
  const option = (group: string, code: string | number) => t(`wizard.options.${group}.${code}`);

  const general: Row[] = [
    [t('wizard.summary.productType'), t(`wizard.productTypes.${params.productType}`)],
    [field('quantity'), formatNumber(params.quantity)],
    [field('urgency'), option('urgency', params.urgency)],
  ];
  const boardSize: Row = [t('wizard.summary.boardSize'), size(board.widthMm, board.heightMm)];
  // A stencil is cut for a board made elsewhere: only its size matters here.
  const pcb: Row[] = params.productType === 'stencil' ? [boardSize] : [
    boardSize,
    [field('layers'), option('layerCount', board.layers)],
    [field('material'), option('material', board.material)],
    [field('thicknessMm'), mm(board.thicknessMm)],
    [field('copperUm'), option('copper', board.copperUm)],
    [field('maskColor'), option('maskColor', board.maskColor)],
    [field('silkColor'), option('silkColor', board.silkColor)],
    [field('finish'), option('finish', board.finish)],
    [field('minTrackMm'), mm(board.minTrackMm)],
    [field('minHoleMm'), mm(board.minHoleMm)],
    [field('edgeConnector'), t(hasEdgeConnector(board) ? 'project.params.yes' : 'project.params.no')],
  ];
  const outer = panel ? panelSizeMm(board, panel) : null;
  const panelRows: Row[] | null = panel && outer ? [
    [t('project.params.panelLayout'), t('project.params.layout', { columns: panel.columns, rows: panel.rows })],
    [t('project.params.panelSize'), size(outer.widthMm, outer.heightMm)],
    [field('spacingMm'), mm(panel.spacingMm)],
    [field('railMm'), mm(panel.railMm)],
    [field('fiducials'), t(panel.fiducials ? 'project.params.yes' : 'project.params.no')],
    [field('separation'), t(`board.panel.separation.${panel.separation}`)],
  ] : null;
  const stencilRows: Row[] | null = stencil ? [
    [field('stencilSides'), t(`board.stencil.sides.${stencil.sides}`)],
    [field('stencilThicknessMm'), mm(stencil.thicknessMm)],
    [field('frameMarginMm'), mm(stencil.frameMarginMm)],
    [t('project.params.stencilSize'), size(stencil.widthMm, stencil.heightMm)],
  ] : null;
  const mountingRows: Row[] | null = mounting ? [
    [field('components'), formatNumber(mounting.components)],
    [field('uniqueParts'), formatNumber(mounting.uniqueParts)],
    [field('smd'), formatNumber(mounting.smd)],
    [field('tht'), formatNumber(mounting.tht)],
    [field('mountingSides'), option('mountingSides', mounting.sides)],
  ] : null;

  return (
    <section className="project-panel" aria-labelledby="project-params-title">
      <h2 className="project-panel__title" id="project-params-title">{t('project.params.title')}</h2>
      <ParamGroup title={t('project.params.groups.general')} rows={general} />
      <ParamGroup title={t('project.params.groups.board')} rows={pcb} />
      {panelRows ? <ParamGroup title={t('project.params.groups.panel')} rows={panelRows} /> : null}
      {stencilRows ? <ParamGroup title={t('project.params.groups.stencil')} rows={stencilRows} /> : null}
      {mountingRows ? <ParamGroup title={t('project.params.groups.mounting')} rows={mountingRows} /> : null}
    </section>
  );
}

function ParamGroup({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <div className="project-params__group">
      <h3 className="project-params__group-title">{title}</h3>
      <dl className="project-params">
        {rows.map(([label, value]) => (
          <div key={label} className="project-params__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
