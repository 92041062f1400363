import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useLocation } from 'wouter';
import type { Project } from '../../../contract/projects';
import { quoteMachine } from '../../../machines/quote/quote';
import type { PendingQuote } from '../../../machines/quote/quote-types';
import { localizePath, useLocale, useT, type Locale } from '../../../services/i18n';
import { inspectOption } from '../../../services/inspect-option';
import { claimPendingQuote } from '../../../services/quote';
import { refreshCounters } from '../../../services/session';
import { showToast } from '../../../services/toasts';
import { readPendingQuote, storePendingQuote } from '../../../services/quote-storage';
import { LanguageSwitch } from '../../components/language-switch';
import { LocalLink } from '../../components/local-link';
import { Logo } from '../../components/logo';
import { useSession, useSessionActor } from '../../components/session-context';
import { Skeleton } from '../../components/ui/skeleton';
import { QuoteBoard } from './quote-board';
import { QuoteClaim } from './quote-claim';
import { QuoteFlowActor } from './quote-flow-actor';
import '../step-card.css';
import '../wizard/wizard.css';
import './quote.css';

/**
 * /quote: the board wizard for anyone, signed in or not, priced as it goes; 'Заказать' leads through
 * sign-in or registration and back here, then to a client of the user and its cart.
 */
export default function QuotePage({ title }: { title: string }) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const signedIn = useSession((s) => s.hasTag('signedIn'));
  const session = useSessionActor();
  const logic = useMemo(() => quoteMachine.provide({
    actors: {
      restorePending: fromPromise(async () => readPendingQuote()),
      claim: fromPromise(({ input, signal }) => claimPendingQuote(input, signal)),
    },
    actions: {
      storePending: (_, { pending }: { pending: PendingQuote | null }) => storePendingQuote(pending),
      goToSignIn: () => navigate(localizePath(signInAndBack(locale), locale)),
      goToProject: (_, { project }: { project: Project }) => navigate(localizePath(`/project/${project.id}`, locale)),
      goToCart: (_, { dfmReview }: { dfmReview: boolean }) => {
        showToast({ kind: 'success', text: t(dfmReview ? 'quote.inCartForReview' : 'quote.inCart') });
        // The header's cart and menu counts follow the new line, as after AddProject.
        refreshCounters(session);
        navigate(localizePath('/cart', locale));
      },
    },
  }), [locale, navigate, t, session]);
  return (
    <div className="quote-page">
      <QuoteTopBar signedIn={signedIn} />
      <header className="quote-page__header">
        <h1 className="quote-page__title">{title}</h1>
        <p className="quote-page__lead">{t('quote.lead')}</p>
      </header>
      {/* Signing in remounts the flow: it starts again from what it kept. */}
      <QuoteFlowActor.Provider key={String(signedIn)} logic={logic} options={{ input: { signedIn }, inspect: inspectOption() }}>
        <QuoteFlowView />
      </QuoteFlowActor.Provider>
    </div>
  );
}

/** Sign-in (or registration from there) that comes back to /quote in the same language. */
const signInAndBack = (locale: Locale) => `/auth?${new URLSearchParams({ redirect: localizePath('/quote', locale) })}`;

/** A visitor's way around: the brand, the language, and sign-in (back to the portal once signed in). */
function QuoteTopBar({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <nav className="quote-page__bar" aria-label={t('quote.barLabel')}>
      <LocalLink to={signedIn ? '/' : '/auth'} className="brand-link"><Logo /></LocalLink>
      <div className="quote-page__bar-end">
        <LanguageSwitch />
        <LocalLink to={signedIn ? '/' : signInAndBack(locale)} className="quote-page__sign-in">
          {t(signedIn ? 'quote.toPortal' : 'quote.signIn')}
        </LocalLink>
      </div>
    </nav>
  );
}

function QuoteFlowView() {
  const quoting = QuoteFlowActor.useSelector((s) => s.matches('quoting'));
  const choosing = QuoteFlowActor.useSelector((s) => s.matches('choosingClient') || s.matches('claiming'));
  if (quoting) return <QuoteBoard />;
  if (choosing) return <QuoteClaim />;
  return <Skeleton rows={3} imageSize={0} />;
}
