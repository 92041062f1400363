import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useLocation } from 'wouter';
import type { Project } from '../../../contract/projects';
import { quoteFlowMachine } from '../../../machines/quote/quote';
import type { PendingQuote } from '../../../machines/quote/quote-types';
import { localizePath, useLocale, useT } from '../../../services/i18n';
import { inspectOption } from '../../../services/inspect-option';
import { claimPendingQuote, readPendingQuote, storePendingQuote } from '../../../services/quote';
import { useSession } from '../../components/session-context';
import { Skeleton } from '../../components/ui/skeleton';
import { QuoteBoard } from './quote-board';
import { QuoteClaim } from './quote-claim';
import { QuoteFlowActor } from './quote-flow-actor';
import '../wizard/wizard.css';
import './quote.css';

/**
 * /quote (issue 21): the board wizard for anyone, signed in or not, priced as it goes; 'Заказать' leads through
 * sign-in or registration and back here, then to a client of the user and a draft project of it.
 */
export default function QuotePage({ title }: { title: string }) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const signedIn = useSession((s) => s.hasTag('signedIn'));
  const logic = useMemo(() => quoteFlowMachine.provide({
    actors: {
      restorePending: fromPromise(async () => readPendingQuote()),
      claim: fromPromise(({ input, signal }) => claimPendingQuote(input, signal)),
    },
    actions: {
      storePending: (_, { pending }: { pending: PendingQuote | null }) => storePendingQuote(pending),
      goToSignIn: () => {
        const back = localizePath('/quote', locale);
        navigate(`${localizePath('/auth', locale)}?${new URLSearchParams({ redirect: back })}`);
      },
      goToProject: (_, { project }: { project: Project }) => navigate(localizePath(`/project/${project.id}`, locale)),
    },
  }), [locale, navigate]);
  return (
    <div className="quote-page">
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

function QuoteFlowView() {
  const quoting = QuoteFlowActor.useSelector((s) => s.matches('quoting'));
  const choosing = QuoteFlowActor.useSelector((s) => s.matches('choosingClient') || s.matches('claiming'));
  if (quoting) return <QuoteBoard />;
  if (choosing) return <QuoteClaim />;
  return <Skeleton rows={3} imageSize={0} />;
}
