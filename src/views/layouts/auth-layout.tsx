import type { ReactNode } from 'react';
import { useT } from '../../services/i18n';
import { LanguageSwitch } from '../components/language-switch';
import { LocalLink } from '../components/local-link';
import { Logo } from '../components/logo';
import { SupportChat } from '../components/support-chat';

/** The v2/auth layout: form column on the left, product benefits on the right, support chat button. */
export default function AuthLayout({ children }: { title?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="auth-layout">
      <div className="auth-layout__column">
        <header className="auth-layout__header">
          <LocalLink to="/auth" className="brand-link">
            <Logo />
          </LocalLink>
          <LanguageSwitch />
        </header>
        <main className="auth-layout__main" id="content">
          {children}
        </main>
      </div>
      <aside className="auth-layout__aside" aria-label={t('authLayout.benefitsTitle')}>
        <BoardIllustration />
        <p className="auth-layout__tagline">{t('authLayout.tagline')}</p>
        <h2>{t('authLayout.benefitsTitle')}</h2>
        <ul>
          <li>{t('authLayout.benefitProjects')}</li>
          <li>{t('authLayout.benefitOrders')}</li>
          <li>{t('authLayout.benefitNotifications')}</li>
        </ul>
      </aside>
      <SupportChat />
    </div>
  );
}

/** A stylised circuit board: decoration only. */
function BoardIllustration() {
  return (
    <svg className="auth-layout__illustration" viewBox="0 0 240 160" aria-hidden="true">
      <rect x="10" y="10" width="220" height="140" rx="12" fill="#0e6a8f" stroke="#5fb3d3" strokeWidth="2" />
      <rect x="90" y="50" width="60" height="60" rx="4" fill="#083a50" />
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i} stroke="#9fd3e6" strokeWidth="2" fill="none">
          <path d={`M90 ${58 + i * 11}H40V${30 + i * 22}`} />
          <path d={`M150 ${58 + i * 11}H200V${130 - i * 22}`} />
          <circle cx="40" cy={30 + i * 22} r="4" fill="#9fd3e6" />
          <circle cx="200" cy={130 - i * 22} r="4" fill="#9fd3e6" />
        </g>
      ))}
    </svg>
  );
}
