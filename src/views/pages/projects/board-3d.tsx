import type { BoardAnalysis } from '../../../contract/board-files';
import { useBoardImage } from '../../../services/board-images';
import { useT } from '../../../services/i18n';

/**
 * The '3D' switch of the product spec: the top and bottom pictures side by side, tilted with CSS 3D transforms. An honest,
 * simple relief of the two faces, not a model of the board; the caption says so.
 */
export function Board3d({ analysis }: { analysis: BoardAnalysis }) {
  const t = useT();
  return (
    <figure className="board-3d">
      <div className="board-3d__stage">
        <Face url={analysis.images.top} side="top" />
        <Face url={analysis.images.bottom} side="bottom" />
      </div>
      <figcaption className="board-3d__caption">{t('project.board.threeDCaption')}</figcaption>
    </figure>
  );
}

function Face({ url, side }: { url: string | null; side: 'top' | 'bottom' }) {
  const t = useT();
  const image = useBoardImage(url);
  const label = t(`project.board.${side}`);
  return (
    <div className={`board-3d__face board-3d__face--${side}`}>
      <div className="board-3d__tilt">
        {image.status === 'loaded' ? (
          <img src={image.src} alt={label} />
        ) : (
          <span className="board-3d__none" role={image.status === 'loading' ? 'status' : undefined}>
            {t(image.status === 'loading' ? 'ui.loading' : 'project.board.noImage')}
          </span>
        )}
      </div>
      <span className="board-3d__label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
