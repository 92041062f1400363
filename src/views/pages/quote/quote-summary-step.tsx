import { useT } from '../../../services/i18n';
import { isOrderable, pendingQuoteOf } from '../../../machines/quote/quote-rules';
import type { QuoteIntent } from '../../../machines/quote/quote-types';
import { Button } from '../../components/ui/button';
import { DfmVerdictNote } from '../../components/board-findings/dfm-verdict-note';
import { SummaryColumns } from '../wizard/summary-columns';
import { WizardActor } from '../wizard/wizard-actor';
import { useDfmPending } from '../wizard/wizard-dfm';
import { StepHeading, StepNav, WizardError } from '../wizard/wizard-parts';
import { QuoteFlowActor } from './quote-flow-actor';

/** 'Заказать' carries the board into the cart, 'Сохранить проект' into a draft, through sign-in when needed. */
export function QuoteOrderButtons() {
  const t = useT();
  const flow = QuoteFlowActor.useActorRef();
  const orderable = WizardActor.useSelector((snapshot) => isOrderable(snapshot.context));
  // What is ordered is what the files' check judged and priced: nothing is taken on while it runs.
  const checking = useDfmPending();
  const ready = orderable && !checking;
  const wizard = WizardActor.useActorRef();
  const analysis = WizardActor.useSelector((snapshot) => snapshot.context.analysis);
  const params = WizardActor.useSelector((snapshot) => snapshot.context.params);
  const carry = (intent: QuoteIntent) => {
    const snapshot = wizard.getSnapshot();
    const price = snapshot.children.quote?.getSnapshot().context.quote ?? null;
    flow.send({ type: 'quote.order', pending: pendingQuoteOf(snapshot.context, t('quote.defaultTitle'), price, intent) });
  };
  return (
    <div className="quote-order">
      {/* Told before the button that orders: a review, an option, the class chosen from the files. */}
      <DfmVerdictNote analysis={analysis} params={params} />
      <Button disabled={!ready} onClick={() => carry('order')}>{t('quote.order')}</Button>
      <Button variant="secondary" disabled={!ready} onClick={() => carry('save')}>{t('quote.save')}</Button>
      <p className="quote-order__note">{t(ready ? 'quote.orderNote' : orderable ? 'quote.orderAfterCheck' : 'quote.orderBlocked')}</p>
    </div>
  );
}

/** The wizard's last step on /quote: what the board is and its price, then on to ordering. */
export function QuoteSummaryStep() {
  const t = useT();
  return (
    <section className="wizard-step">
      <StepHeading lead={t('quote.summaryLead')}>{t('wizard.summary.title')}</StepHeading>
      <WizardError />
      <SummaryColumns aside={<QuoteOrderButtons />} />
      <StepNav showNext={false} />
    </section>
  );
}
