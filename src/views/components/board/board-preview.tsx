import { useId, useState } from 'react';
import type { BoardAnalysis, BoardFile } from '../../../contract/board-files';
import { useBoardImage } from '../../../services/board-images';
import { useT } from '../../../services/i18n';
import { layerName } from './layer-name';
import './board.css';

type Side = 'top' | 'bottom';

interface BoardPreviewProps {
  analysis: BoardAnalysis;
  initialSide?: Side;
}

/** Names one drawing of the files: SetLayers redraws the pictures under the same URLs. */
export function drawingVersion(files: readonly BoardFile[]): string {
  return files.map((file) => `${file.id}:${file.type ?? '-'}:${file.side ?? '-'}:${file.hidden ? 1 : 0}:${file.order}`).join('|');
}

/**
 * The board as rendered by the gateway: top or bottom view, or one layer on its own. Each layer has its own
 * picture with its own extent, so layers are shown one at a time rather than stacked out of register.
 */
export function BoardPreview({ analysis, initialSide = 'top' }: BoardPreviewProps) {
  const t = useT();
  const id = useId();
  const [side, setSide] = useState<Side>(initialSide);
  const [layerId, setLayerId] = useState<string | null>(null);
  const layers = analysis.files.filter((file) => analysis.images.layers[file.id] && !file.hidden);
  const shownLayer = layers.find((file) => file.id === layerId) ?? null;
  const url = shownLayer ? analysis.images.layers[shownLayer.id] ?? null : analysis.images[side];
  const image = useBoardImage(url, drawingVersion(analysis.files));
  const caption = shownLayer
    ? t('board.preview.layerCaption', { name: shownLayer.name, layer: layerName(t, shownLayer) })
    : t(`board.preview.${side}Caption`, { name: analysis.archiveName });

  return (
    <figure className="board-preview" aria-labelledby={`${id}-caption`}>
      <div className="board-preview__toolbar">
        <div className="board-preview__sides" role="group" aria-label={t('board.preview.side')}>
          {(['top', 'bottom'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="board-preview__toggle"
              aria-pressed={!shownLayer && side === value}
              onClick={() => {
                setSide(value);
                setLayerId(null);
              }}
            >
              {t(`board.preview.${value}`)}
            </button>
          ))}
        </div>
      </div>
      <div className={`board-preview__stage board-preview__stage--${shownLayer ? 'layer' : side}`}>
        {image.status === 'loaded' ? (
          <img className="board-preview__image" src={image.src} alt={caption} />
        ) : image.status === 'failed' ? (
          <div className="board-preview__note" role="alert">
            <span>{t('board.preview.failed')}</span>
            <button type="button" className="ui-button ui-button--link" onClick={image.retry}>{t('board.preview.retry')}</button>
          </div>
        ) : image.status === 'loading' ? (
          <div className="board-preview__note" role="status" aria-busy="true">
            <span className="board-preview__spinner" aria-hidden="true" />
            <span>{t('board.preview.loading')}</span>
          </div>
        ) : (
          <div className="board-preview__note">{t('board.preview.none')}</div>
        )}
      </div>
      <figcaption className="board-preview__caption" id={`${id}-caption`}>{caption}</figcaption>
      {layers.length > 0 ? (
        <LayerToggles layers={layers} shown={shownLayer?.id ?? null} onToggle={(fileId) => setLayerId((current) => (current === fileId ? null : fileId))} />
      ) : null}
    </figure>
  );
}

function LayerToggles({ layers, shown, onToggle }: { layers: BoardFile[]; shown: string | null; onToggle: (id: string) => void }) {
  const t = useT();
  return (
    <div className="board-preview__layers" role="group" aria-label={t('board.preview.layers')}>
      {layers.map((file) => (
        <button
          key={file.id}
          type="button"
          className="board-preview__layer"
          aria-pressed={shown === file.id}
          title={file.name}
          onClick={() => onToggle(file.id)}
        >
          <span className={`board-preview__swatch board-preview__swatch--${file.type ?? 'unknown'}`} aria-hidden="true" />
          <span className="board-preview__layer-name">{layerName(t, file)}</span>
          <span className="board-preview__layer-file">{file.name}</span>
        </button>
      ))}
    </div>
  );
}
