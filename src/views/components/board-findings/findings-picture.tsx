import { useCallback, useState, type CSSProperties } from 'react';
import type { BoardAnalysis } from '../../../contract/board-files';
import { useBoardImage } from '../../../services/board-images';
import { useT } from '../../../services/i18n';
import { drawingVersion } from '../board/board-preview';
import { groupMarkers, placeOnPicture, sideOfFinding, zoomFor, type PictureBox, type PictureSide } from './finding-place';
import { findingTitle } from './finding-words';
import type { ShownFinding } from './shown-finding';

interface FindingsPictureProps {
  analysis: BoardAnalysis;
  box: PictureBox;
  findings: readonly ShownFinding[];
  side: PictureSide;
  onSide: (side: PictureSide) => void;
  /** The finding zoomed to, by its number; null shows the whole board. */
  selected: number | null;
  onSelect: (number: number) => void;
  onWhole: () => void;
}

/** A fraction as a CSS percentage, without the float's tail (9.999999999999998%). */
const percent = (fraction: number) => `${Math.round(fraction * 1e5) / 1e3}%`;

/** The pictures are at most this tall: the frame is sized from the box so the markers' percentages fit the image. */
const MAX_HEIGHT_PX = 420;

/** A marker's width in pixels (board-findings.css) with a little air, within which two markers are one group. */
const MARKER_PX = 26;

/** The element's laid-out width (untransformed), followed as the page resizes; 0 before layout or where none is done. */
function useWidth(): [(element: HTMLElement | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  // React 19 calls the ref's returned function when the element goes.
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(element.offsetWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** A side's picture with a numbered marker at each finding seen from that side; zoomed to the selected one. */
export function FindingsPicture({ analysis, box, findings, side, onSide, selected, onSelect, onWhole }: FindingsPictureProps) {
  const t = useT();
  const image = useBoardImage(analysis.images[side], drawingVersion(analysis.files));
  const [minX, minY, maxX, maxY] = box;
  const aspect = (maxX - minX) / (maxY - minY);
  const focus = findings.find((finding) => finding.number === selected && finding.side === side);
  const focusAt = focus?.finding.at ? placeOnPicture(focus.finding.at, box, side) : null;
  const zoom = focusAt ? zoomFor(box) : 1;
  // Markers keep their size in pixels while the frame zooms: the closer the zoom, the fewer of them overlap.
  const [frame, frameWidth] = useWidth();
  const markerFraction = frameWidth > 0 ? MARKER_PX / (frameWidth * zoom) : 0;
  const byNumber = new Map(findings.map((shown) => [shown.number, shown]));
  const groups = groupMarkers(findings.flatMap((shown) => shown.all.flatMap((finding) => {
    const at = sideOfFinding(finding, analysis) === side && finding.at ? placeOnPicture(finding.at, box, side) : null;
    return at ? [{ number: shown.number, ...at }] : [];
  })), { x: markerFraction, y: markerFraction * aspect });
  const frameStyle = {
    aspectRatio: `${aspect}`,
    width: `min(100%, ${Math.round(MAX_HEIGHT_PX * aspect)}px)`,
    '--zoom': zoom,
    transformOrigin: focusAt ? `${percent(focusAt.left)} ${percent(focusAt.top)}` : undefined,
    transform: focusAt ? `translate(${percent(0.5 - focusAt.left)}, ${percent(0.5 - focusAt.top)}) scale(${zoom})` : undefined,
  } as CSSProperties;
  return (
    <figure className="findings-picture">
      <div className="findings-picture__toolbar">
        {/* Named apart from the plain picture's 'Сверху'/'Снизу': the wizard's layer step shows both. */}
        <div className="board-preview__sides" role="group" aria-label={t('board.dfm.sides.label')}>
          {(['top', 'bottom'] as const).map((value) => (
            <button key={value} type="button" className="board-preview__toggle" aria-pressed={side === value} onClick={() => onSide(value)}>
              {t(`board.dfm.sides.${value}`)}
            </button>
          ))}
        </div>
        {focusAt ? (
          <button type="button" className="ui-button ui-button--link" onClick={onWhole}>
            {t('board.dfm.wholeBoard')}
          </button>
        ) : null}
      </div>
      <div className={`findings-picture__stage${focusAt ? ' findings-picture__stage--zoomed' : ''}`}>
        <div className="findings-picture__frame" ref={frame} style={frameStyle} data-testid="findings-frame">
          {image.status === 'loaded' ? (
            <img className="findings-picture__image" src={image.src} alt={t(`board.preview.${side}Caption`, { name: analysis.archiveName })} />
          ) : null}
          {groups.map((group) => {
            const [number = 0, ...others] = group.numbers;
            const lead = byNumber.get(number);
            if (!lead) return null;
            const rule = findingTitle(t, lead.finding);
            return (
              <button
                key={number}
                type="button"
                tabIndex={-1}
                className={`findings-picture__marker findings-picture__marker--${lead.finding.severity}`}
                style={{ left: percent(group.left), top: percent(group.top) }}
                aria-pressed={selected !== null && group.numbers.includes(selected)}
                aria-label={
                  others.length > 0 ? t('board.dfm.markerGroup', { number, more: others.length, rule }) : t('board.dfm.marker', { number, rule })
                }
                onClick={() => onSelect(number)}
              >
                {others.length > 0 ? `${number} +${others.length}` : number}
              </button>
            );
          })}
        </div>
        {image.status === 'failed' ? (
          <div className="board-preview__note findings-picture__note" role="alert">
            <span>{t('board.preview.failed')}</span>
            <button type="button" className="ui-button ui-button--link" onClick={image.retry}>
              {t('board.preview.retry')}
            </button>
          </div>
        ) : image.status === 'loading' ? (
          <div className="board-preview__note findings-picture__note" role="status" aria-busy="true">
            {t('board.preview.loading')}
          </div>
        ) : null}
      </div>
    </figure>
  );
}
