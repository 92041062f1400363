import { editsProjects } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { PriceBreakdown } from '../../components/board/price-breakdown';
import { ClientPicker } from '../../components/client-picker';
import { EmptyState } from '../../components/empty-state';
import { FormError } from '../../components/form/form-error';
import { Button } from '../../components/ui/button';
import { ParamsSummary } from '../wizard/params-summary';
import { QuoteFlowActor } from './quote-flow-actor';

/** Signed in with a quote to carry: which client it becomes a draft project of (a client is made on /account/clients). */
export function QuoteClaim() {
  const t = useT();
  const flow = QuoteFlowActor.useActorRef();
  const pending = QuoteFlowActor.useSelector((s) => s.context.pending);
  const claiming = QuoteFlowActor.useSelector((s) => s.matches('claiming'));
  const error = QuoteFlowActor.useSelector((s) => s.context.error);
  if (!pending) return null;
  return (
    <section className="quote-claim" aria-labelledby="quote-claim-title">
      <h2 id="quote-claim-title" className="quote-claim__title">{t('quote.claim.title', { title: pending.title })}</h2>
      <p className="quote-claim__lead">{t('quote.claim.lead')}</p>
      <FormError message={error} />
      <ClientPicker>
        {(client) => (editsProjects(client.role) ? (
          <div className="quote-claim__actions">
            <Button busy={claiming} onClick={() => flow.send({ type: 'quote.pickClient', clientId: client.id })}>
              {t('quote.claim.submit', { client: client.name })}
            </Button>
            <Button variant="secondary" disabled={claiming} onClick={() => flow.send({ type: 'quote.cancel' })}>
              {t('quote.claim.cancel')}
            </Button>
          </div>
        ) : (
          <EmptyState icon="board" title={t('wizard.roleTitle')} text={t('wizard.roleText', { client: client.name })} />
        ))}
      </ClientPicker>
      <div className="quote-claim__board">
        <ParamsSummary params={pending.params} />
        {pending.price ? <PriceBreakdown quote={pending.price} state="quoted" /> : null}
      </div>
    </section>
  );
}
