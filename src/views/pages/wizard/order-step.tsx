import { LIMITS, URGENCIES } from '../../../contract/board';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { useUrgencyQuotes } from '../../../services/urgency-quotes';
import { ParamNumber } from './param-fields';
import { WizardActor, useWizardSend } from './wizard-actor';
import { StepHeading, StepNav } from './wizard-parts';

/** Step 6: how many and how soon; each urgency shows its days and price for these parameters. */
export function OrderStep() {
  const t = useT();
  const send = useWizardSend();
  const params = WizardActor.useSelector((snapshot) => snapshot.context.params);
  const makeable = WizardActor.useSelector((snapshot) => snapshot.context.problems.length === 0);
  const quotes = useUrgencyQuotes(params, makeable);
  return (
    <section className="wizard-step">
      <StepHeading lead={t('wizard.order.lead')}>{t('wizard.order.title')}</StepHeading>
      <div className="wizard-fields wizard-fields--narrow">
        <ParamNumber
          label={t('wizard.fields.quantity')}
          field="quantity"
          value={params.quantity}
          min={LIMITS.quantity.min}
          max={LIMITS.quantity.max}
          unit="count"
          onChange={(quantity) => send({ type: 'wizard.setOrder', quantity })}
        />
      </div>
      <fieldset className="wizard-urgency">
        <legend className="field__label">{t('wizard.fields.urgency')}</legend>
        {URGENCIES.map((urgency) => {
          const quote = quotes[urgency];
          return (
            <label key={urgency} className={`wizard-urgency__option${params.urgency === urgency ? ' wizard-urgency__option--chosen' : ''}`}>
              <input
                type="radio"
                name="urgency"
                value={urgency}
                checked={params.urgency === urgency}
                onChange={() => send({ type: 'wizard.setOrder', urgency })}
              />
              <span className="wizard-urgency__name">{t(`wizard.options.urgency.${urgency}`)}</span>
              <span className="wizard-urgency__days">
                {quote ? t('board.price.daysValue', { days: quote.days }) : t('wizard.order.daysUnknown')}
              </span>
              <span className="wizard-urgency__price">{quote ? formatPrice(quote.total) : null}</span>
            </label>
          );
        })}
      </fieldset>
      <StepNav blockedReason={t('wizard.order.fixQuantity')} />
    </section>
  );
}
