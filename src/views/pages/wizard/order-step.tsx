import { LIMITS, URGENCIES } from '../../../contract/board';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { useUrgencyQuotes } from '../../../services/urgency-quotes';
import { numberField, ParamFieldList } from './param-field-list';
import { WizardActor, useWizardSend } from './wizard-actor';
import { StepHeading, StepNav } from './wizard-parts';

const QUANTITY_FIELDS = [numberField('quantity', (t) => t('wizard.fields.quantity'), LIMITS.quantity, 'count')];

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
        <ParamFieldList section="" fields={QUANTITY_FIELDS} values={params} set={(patch) => send({ type: 'wizard.setOrder', ...patch })} />
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
