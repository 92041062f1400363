import { useT } from '../../../services/i18n';
import './ui.css';

interface SkeletonProps {
  /** Text lines; 2 by default. */
  rows?: number;
  /** The round image placeholder in pixels; 24 by default, 0 for none. */
  imageSize?: number;
  className?: string;
  /** False for the second and later placeholders of a list, so 'loading' is announced once, not per row. */
  announce?: boolean;
}

/** A loading placeholder in the shape of a list item; announced once as 'loading', its bars are decoration. */
export function Skeleton({ rows = 2, imageSize = 24, className, announce = true }: SkeletonProps) {
  const t = useT();
  return (
    <div
      className={['ui-skeleton', className].filter(Boolean).join(' ')}
      role={announce ? 'status' : undefined}
      aria-busy={announce || undefined}
      aria-hidden={announce ? undefined : true}
      data-rows={rows}
      data-image-size={imageSize}
    >
      {announce ? <span className="visually-hidden">{t('ui.loading')}</span> : null}
      {imageSize > 0 ? <span className="ui-skeleton__image" style={{ width: imageSize, height: imageSize }} aria-hidden="true" /> : null}
      <span className="ui-skeleton__rows" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          <span key={index} className="ui-skeleton__row" />
        ))}
      </span>
    </div>
  );
}
