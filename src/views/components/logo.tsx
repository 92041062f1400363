import { useT } from '../../services/i18n';

/** Product mark and name. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <span className="logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect className="logo__plate" x="2" y="2" width="28" height="28" rx="6" />
        <g className="logo__traces">
          <path d="M9 10h8v4h6M9 22h5v-4h9" strokeWidth="2" fill="none" strokeLinecap="round" />
          <circle cx="23" cy="14" r="2" />
          <circle cx="23" cy="18" r="2" />
        </g>
      </svg>
      <span className={compact ? 'visually-hidden' : 'logo__name'}>{t('app.productName')}</span>
    </span>
  );
}
