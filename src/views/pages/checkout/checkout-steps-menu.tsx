import { useMemo } from 'react';
import { canGoTo, groupOf, isStepDone, stepsOf } from '../../../machines/checkout/checkout-rules';
import type { CheckoutStep } from '../../../machines/checkout/checkout-types';
import { useHeaderInfo } from '../../../services/header-info';
import { useT } from '../../../services/i18n';
import { StepsMenu, type StepMark } from '../../components/steps-menu';
import { CheckoutActor, useCheckoutSend, useCurrentStep } from './checkout-actor';

interface MenuItem {
  step: CheckoutStep;
  mark: Exclude<StepMark, 'skipped'>;
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
      const mark: MenuItem['mark'] = step === context.step && !placed
        ? 'current'
        : placed || (reachable && isStepDone(context, step)) ? 'done' : reachable ? 'open' : 'locked';
      return { step, mark, reachable };
    });
  }, sameItems);

  const menu = items.map(({ step, mark, reachable }, index) => ({
    step, mark, reachable, number: index + 1, name: t(`checkout.steps.${step}`),
    state: mark === 'done' || mark === 'locked' ? t(`checkout.menu.${mark}`) : null,
  }));
  return <StepsMenu label={t('checkout.menu.label')} items={menu} onGoTo={(step) => send({ type: 'checkout.goTo', step })} />;
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
