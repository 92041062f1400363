import { useT } from '../../../services/i18n';
import type { PendingQuote } from '../../../machines/quote/quote-types';
import type { WizardBoardContext } from '../../../machines/wizard-board/wizard-board-types';
import { TextField } from '../../components/form/text-field';
import { Button } from '../../components/ui/button';
import { LivePrice } from '../wizard/live-price';
import { ParamsSummary } from '../wizard/params-summary';
import { WizardActor, useWizardSend } from '../wizard/wizard-actor';
import { StepHeading, StepNav, WizardError } from '../wizard/wizard-parts';
import { QuoteFlowActor } from './quote-flow-actor';

/** A board can be ordered once it is makeable and, on the files' way, its files are analysed. */
const orderable = (context: WizardBoardContext) =>
  context.problems.length === 0 && (context.way === 'manual' || (context.analysis !== null && context.uploadId !== null));

const stem = (name: string) => name.replace(/\.[^.]*$/, '');

function pendingOf(context: WizardBoardContext, fallbackTitle: string): PendingQuote {
  const title = context.title.trim() || stem(context.archiveName) || fallbackTitle;
  return { uploadId: context.way === 'manual' ? null : context.uploadId, title: title.slice(0, 200), params: context.params };
}

/** 'Заказать' and 'Сохранить проект': both carry the board into a draft project, through sign-in when needed. */
export function QuoteOrderButtons() {
  const t = useT();
  const flow = QuoteFlowActor.useActorRef();
  const ready = WizardActor.useSelector((snapshot) => orderable(snapshot.context));
  const wizard = WizardActor.useActorRef();
  const order = () => flow.send({ type: 'quote.order', pending: pendingOf(wizard.getSnapshot().context, t('quote.defaultTitle')) });
  return (
    <div className="quote-order">
      <Button disabled={!ready} onClick={order}>{t('quote.order')}</Button>
      <Button variant="secondary" disabled={!ready} onClick={order}>{t('quote.save')}</Button>
      <p className="quote-order__note">{t(ready ? 'quote.orderNote' : 'quote.orderBlocked')}</p>
    </div>
  );
}

/** The wizard's last step on /quote: what the board is and its price, then on to ordering. */
export function QuoteSummaryStep() {
  const t = useT();
  const send = useWizardSend();
  const title = WizardActor.useSelector((snapshot) => snapshot.context.title);
  const params = WizardActor.useSelector((snapshot) => snapshot.context.params);
  return (
    <section className="wizard-step">
      <StepHeading lead={t('quote.summaryLead')}>{t('wizard.summary.title')}</StepHeading>
      <WizardError />
      <div className="wizard-summary">
        <div className="wizard-summary__main">
          <TextField
            label={t('wizard.summary.projectTitle')}
            value={title}
            maxLength={200}
            onValueChange={(value) => send({ type: 'wizard.setTitle', title: value })}
          />
          <ParamsSummary params={params} />
        </div>
        <div className="wizard-summary__price">
          <LivePrice />
          <QuoteOrderButtons />
        </div>
      </div>
      <StepNav showNext={false} />
    </section>
  );
}
