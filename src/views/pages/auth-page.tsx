import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'wouter';
import type { LoginInput } from '../../machines/login/login-types';
import { useT } from '../../services/i18n';
import { keptQuoteNote } from '../../services/quote-storage';
import { LocalLink } from '../components/local-link';
import { LoginFlow } from './auth/login-flow';
import './auth/auth.css';

// Most visitors sign in: registration (its machine, steps and phone mask) loads when its tab is opened.
const loadRegistration = () => import('./auth/registration-flow');
const RegistrationFlow = lazy(() => loadRegistration().then((module) => ({ default: module.RegistrationFlow })));

const TABS = ['login', 'register'] as const;
type Tab = (typeof TABS)[number];

/** /auth: sign-in and registration side by side; `?reset=1&code=…` (the recovery letter's link) opens recovery. */
export default function AuthPage() {
  const t = useT();
  const [params] = useSearchParams();
  const [input] = useState<LoginInput>(() =>
    params.get('reset') === '1' ? { recoveryEmail: params.get('email') ?? '', recoveryCode: params.get('code') ?? '' } : {},
  );
  const [tab, setTab] = useState<Tab>('login');
  const quoteNote = keptQuoteNote(params.get('redirect'));
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length] ?? 'login';
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="auth-page">
      {quoteNote ? <p className="auth-page__quote-kept" role="status">{t(quoteNote)}</p> : null}
      <div className="auth-tabs" role="tablist" aria-label={t('auth.tabs.label')} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`auth-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`auth-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="auth-tabs__tab"
            onClick={() => setTab(name)}
            // A pointer on its way to the tab, or focus on it, starts loading registration before the click.
            onPointerEnter={name === 'register' ? loadRegistration : undefined}
            onFocus={name === 'register' ? loadRegistration : undefined}
          >
            {t(`auth.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div className="auth-page__panel" role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
        {tab === 'login' ? (
          <LoginFlow input={input} />
        ) : (
          <Suspense fallback={null}>
            <RegistrationFlow />
          </Suspense>
        )}
      </div>
      <p className="auth-page__quote">
        <LocalLink to="/quote">{t('auth.quoteLink')}</LocalLink>
      </p>
    </div>
  );
}
