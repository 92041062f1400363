import { useId } from 'react';
import type { StencilParams } from '../../../contract/board';
import { useT } from '../../../services/i18n';
import { formatMm } from '../../../services/format';
import './board.css';

/**
 * The stencil sheet: the frame margin around the area where the paste openings are cut. Two sides are two sheets,
 * drawn side by side.
 */
export function StencilPreview({ stencil }: { stencil: StencilParams }) {
  const t = useT();
  const id = useId();
  const { widthMm: w, heightMm: h, frameMarginMm: margin } = stencil;
  const sheets = stencil.sides === 'both' ? (['top', 'bottom'] as const) : ([stencil.sides] as const);
  const gap = w * 0.1;
  const totalW = sheets.length * w + (sheets.length - 1) * gap;
  const pad = Math.max(totalW, h) * 0.04;
  const stroke = Math.max(totalW, h) / 400;
  const inner = { width: Math.max(0, w - 2 * margin), height: Math.max(0, h - 2 * margin) };
  const sizeText = t('board.stencil.size', { width: formatMm(w), height: formatMm(h) });
  const description = t('board.stencil.description', {
    sides: t(`board.stencil.sides.${stencil.sides}`),
    thickness: formatMm(stencil.thicknessMm),
    margin: formatMm(margin),
  });
  return (
    <figure className="stencil-preview">
      <svg
        className="stencil-preview__drawing"
        viewBox={`${-pad} ${-pad} ${totalW + 2 * pad} ${h + 2 * pad}`}
        role="img"
        aria-labelledby={`${id}-size ${id}-description`}
      >
        {sheets.map((side, index) => {
          const x = index * (w + gap);
          return (
            <g key={side} data-part={`sheet-${side}`}>
              <rect className="stencil-preview__sheet" x={x} y={0} width={w} height={h} strokeWidth={stroke} />
              <rect
                className="stencil-preview__area"
                x={x + margin}
                y={margin}
                width={inner.width}
                height={inner.height}
                strokeWidth={stroke}
                strokeDasharray={`${stroke * 5} ${stroke * 3}`}
              />
              <text
                className="stencil-preview__label"
                x={x + w / 2}
                y={h / 2}
                fontSize={Math.max(h / 12, 4)}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {t(`board.stencil.sheet.${side}`)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="stencil-preview__caption">
        <strong id={`${id}-size`}>{sizeText}</strong>
        <span id={`${id}-description`}>{description}</span>
      </figcaption>
    </figure>
  );
}
