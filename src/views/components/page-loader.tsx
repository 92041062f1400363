import { useT } from '../../services/i18n';

/** Overlay shown while a page chunk loads. */
export function PageLoader() {
  const t = useT();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <div className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
