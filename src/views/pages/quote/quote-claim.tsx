import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Client } from '../../../contract/clients';
import { editsProjects } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { showToast } from '../../../services/toasts';
import { useAddMyClient } from '../../components/api/get-my-clients';
import { PriceBreakdown } from '../../components/board/price-breakdown';
import { ClientPicker } from '../../components/client-picker';
import { EmptyState } from '../../components/empty-state';
import { FormError } from '../../components/form/form-error';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { CreationFlow } from '../account/clients/creation-flow';
import { ParamsSummary } from '../wizard/params-summary';
import { QuoteFlowActor } from './quote-flow-actor';

/** Signed in with a quote to carry: which client it becomes a draft project of, picked or made here. */
export function QuoteClaim() {
  const t = useT();
  const [creating, setCreating] = useState(false);
  const [location, navigate] = useLocation();
  const addMyClient = useAddMyClient();
  // The new client is the one to save to: it joins the list and the address names it.
  const created = (client: Client) => {
    setCreating(false);
    addMyClient(client);
    navigate(`${location}?clientId=${client.id}`, { replace: true });
    showToast({ kind: 'success', text: t(pending?.intent === 'order' ? 'quote.claim.createdOrder' : 'quote.claim.created', { name: client.name }) });
  };
  const flow = QuoteFlowActor.useActorRef();
  const pending = QuoteFlowActor.useSelector((s) => s.context.pending);
  const claiming = QuoteFlowActor.useSelector((s) => s.matches('claiming'));
  const error = QuoteFlowActor.useSelector((s) => s.context.error);
  if (!pending) return null;
  return (
    <section className="quote-claim" aria-labelledby="quote-claim-title">
      <h2 id="quote-claim-title" className="quote-claim__title">
        {t(pending.intent === 'order' ? 'quote.claim.orderTitle' : 'quote.claim.title', { title: pending.title })}
      </h2>
      <p className="quote-claim__lead">{t(pending.intent === 'order' ? 'quote.claim.orderLead' : 'quote.claim.lead')}</p>
      <FormError message={error} />
      <ClientPicker onCreateClient={() => setCreating(true)}>
        {(client) =>
          editsProjects(client.role) ? (
            <div className="quote-claim__actions">
              <Button busy={claiming} onClick={() => flow.send({ type: 'quote.pickClient', clientId: client.id })}>
                {t(pending.intent === 'order' ? 'quote.claim.order' : 'quote.claim.submit', { client: client.name })}
              </Button>
              <Button variant="secondary" disabled={claiming} onClick={() => flow.send({ type: 'quote.cancel' })}>
                {t('quote.claim.cancel')}
              </Button>
            </div>
          ) : (
            <EmptyState icon="board" title={t('wizard.roleTitle')} text={t('wizard.roleText', { client: client.name })} />
          )
        }
      </ClientPicker>
      <Modal open={creating} onOpenChange={setCreating} title={t('account.clients.creation.title')} width={720}>
        {creating ? <CreationFlow onDone={created} /> : null}
      </Modal>
      <div className="quote-claim__board">
        <ParamsSummary params={pending.params} />
        {pending.price ? <PriceBreakdown quote={pending.price} state="quoted" /> : null}
      </div>
    </section>
  );
}
