import { useId } from 'react';
import type { PanelParams, PcbParams } from '../../../contract/board';
import { panelSizeMm } from '../../../contract/board-checks';
import { useT } from '../../../services/i18n';
import { formatMm } from '../../../services/format';
import { panelDrawing } from './panel-geometry';
import './board.css';

/** Room around the panel for the dimension lines, in mm of the drawing. */
const MARGIN_SHARE = 0.08;

/** The panel as it will be made: columns × rows boards with spacing, rails, fiducials and V-cuts or tab routing. */
export function PanelPreview({ board, panel }: { board: PcbParams; panel: PanelParams }) {
  const t = useT();
  const id = useId();
  const size = panelSizeMm(board, panel);
  const drawing = panelDrawing(board, panel, size);
  const margin = Math.max(drawing.width, drawing.height) * MARGIN_SHARE;
  const stroke = Math.max(drawing.width, drawing.height) / 400;
  const sizeText = t('board.panel.size', { width: formatMm(size.widthMm), height: formatMm(size.heightMm) });
  const description = t('board.panel.description', {
    columns: panel.columns, rows: panel.rows, width: formatMm(board.widthMm), height: formatMm(board.heightMm),
    separation: t(`board.panel.separation.${panel.separation}`),
  });
  return (
    <figure className="panel-preview">
      <svg
        className="panel-preview__drawing"
        viewBox={`${-margin} ${-margin} ${drawing.width + 2 * margin} ${drawing.height + 2 * margin}`}
        role="img"
        aria-labelledby={`${id}-size ${id}-description`}
        data-testid="panel-drawing"
      >
        <rect className="panel-preview__panel" x={0} y={0} width={drawing.width} height={drawing.height} strokeWidth={stroke} />
        {drawing.rails.map((rail, index) => (
          <rect key={`rail-${index}`} className="panel-preview__rail" {...rail} data-part="rail" />
        ))}
        {drawing.boards.map((rect, index) => (
          <rect key={`board-${index}`} className="panel-preview__board" {...rect} strokeWidth={stroke} data-part="board" />
        ))}
        {drawing.vcuts.map((line, index) => (
          <line
            key={`vcut-${index}`}
            className="panel-preview__vcut"
            {...line}
            strokeWidth={stroke}
            strokeDasharray={`${stroke * 6} ${stroke * 4}`}
            data-part="vcut"
          />
        ))}
        {drawing.slots.map((line, index) => (
          <line key={`slot-${index}`} className="panel-preview__slot" {...line} strokeWidth={Math.max(panel.spacingMm, 1) * 0.8} data-part="slot" />
        ))}
        {drawing.fiducials.map((mark, index) => (
          <g key={`fiducial-${index}`} data-part="fiducial">
            <circle className="panel-preview__fiducial-clearance" cx={mark.x} cy={mark.y} r={1.5} />
            <circle className="panel-preview__fiducial" cx={mark.x} cy={mark.y} r={0.5} />
          </g>
        ))}
        <line className="panel-preview__dimension" x1={0} y1={-margin / 2} x2={drawing.width} y2={-margin / 2} strokeWidth={stroke} />
        <line className="panel-preview__dimension" x1={-margin / 2} y1={0} x2={-margin / 2} y2={drawing.height} strokeWidth={stroke} />
      </svg>
      <figcaption className="panel-preview__caption">
        <strong id={`${id}-size`}>{sizeText}</strong>
        <span id={`${id}-description`}>{description}</span>
        <span className="panel-preview__legend">
          {drawing.rails.length > 0 ? <span className="panel-preview__key panel-preview__key--rail">{t('board.panel.rails')}</span> : null}
          {drawing.fiducials.length > 0 ? (
            <span className="panel-preview__key panel-preview__key--fiducial">{t('board.panel.fiducials')}</span>
          ) : null}
          <span className={`panel-preview__key panel-preview__key--${panel.separation}`}>{t(`board.panel.separation.${panel.separation}`)}</span>
        </span>
      </figcaption>
    </figure>
  );
}
