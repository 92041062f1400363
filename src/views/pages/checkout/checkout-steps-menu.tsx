import { useMemo } from 'react';
import { canGoTo, groupOf, isStepDone, stepsOf } from '../../../machines/checkout/checkout-rules';
import type { CheckoutStep } from '../../../machines/checkout/checkout-types';
import { useHeaderInfo } from '../../../services/header-info';
import { useT } from '../../../services/i18n';
import { Icon } from '../../components/ui/icon';
import { CheckoutActor, useCheckoutSend, useCurrentStep } from './checkout-actor';

type StepMark = 'current' | 'done' | 'open' | 'locked';

interface MenuItem {
  step: CheckoutStep;
  mark: StepMark;
  reachable: boolean;
}

const sameItems = (a: MenuItem[], b: MenuItem[]) => JSON.stringify(a) === JSON.stringify(b);

/** The steps of this checkout, like the wizard's: the current one marked, reached ones clickable, later ones locked. */
export function CheckoutStepsMenu() {
  const t = useT();
  const send = useCheckoutSend();
  const items = CheckoutActor.useSelector((snapshot): MenuItem[] => {
    const { context } = snapshot;
    const busy = !snapshot.matches('steps');
    const placed = snapshot.matches('placed');
    return stepsOf(context).map((step) => {
      const reachable = !busy && canGoTo(context, step, context.step);
      const mark: StepMark = step === context.step && !placed
        ? 'current'
        : placed || (reachable && isStepDone(context, step)) ? 'done' : reachable ? 'open' : 'locked';
      return { step, mark, reachable };
    });
  }, sameItems);

  return (
    <nav className="checkout-menu" aria-label={t('checkout.menu.label')}>
      <ol className="checkout-menu__list">
        {items.map(({ step, mark, reachable }, index) => (
          <li key={step} className={`checkout-menu__item checkout-menu__item--${mark}`}>
            <button
              type="button"
              className="checkout-menu__button"
              disabled={!reachable}
              aria-current={mark === 'current' ? 'step' : undefined}
              onClick={() => send({ type: 'checkout.goTo', step })}
            >
              <span className="checkout-menu__number" aria-hidden="true">{mark === 'done' ? <Icon name="check" size={14} /> : index + 1}</span>
              <span className="checkout-menu__name">{t(`checkout.steps.${step}`)}</span>
              {mark === 'done' || mark === 'locked' ? <span className="checkout-menu__state">{t(`checkout.menu.${mark}`)}</span> : null}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The related-info bar: the client ordered for, 'Шаг n / N' and the step's name; gone with the page. */
export function useCheckoutHeader() {
  const t = useT();
  const step = useCurrentStep();
  const placed = CheckoutActor.useSelector((snapshot) => snapshot.matches('placed'));
  const total = CheckoutActor.useSelector((snapshot) => (snapshot.context.cart ? stepsOf(snapshot.context).length : 0));
  const number = CheckoutActor.useSelector((snapshot) => (snapshot.context.step ? stepsOf(snapshot.context).indexOf(snapshot.context.step) + 1 : 0));
  const clientName = CheckoutActor.useSelector((snapshot) => groupOf(snapshot.context)?.clientName ?? null);
  const name = clientName ?? t('checkout.headerName');
  const stepTitle = placed ? t('checkout.placed.stepTitle') : step ? t(`checkout.steps.${step}`) : null;
  const info = useMemo(
    () => (total > 0 && stepTitle !== null
      ? { isVisible: true, name, stepTitle, stepNumber: placed ? total : number, stepsTotal: total, typeIco: 'quickOrder' as const }
      : null),
    [name, stepTitle, number, total, placed],
  );
  useHeaderInfo(info);
}
