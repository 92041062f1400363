import { canGoTo } from '../../../machines/wizard-board/wizard-board-rules';
import { WIZARD_STEPS, type WizardStepId } from '../../../machines/wizard-board/wizard-board-types';
import { useT } from '../../../services/i18n';
import { StepsMenu, type StepMark } from '../../components/steps-menu';
import { WizardActor, useWizardSend } from './wizard-actor';

/**
 * The steps of the chosen way (the product spec's step rules): the current one marked, reached ones clickable when the
 * machine would go there, later ones locked while the flow is in progress. Steps the manual way leaves out are
 * listed as skipped, so the numbering the header shows is the one seen here.
 */
export function WizardStepsMenu() {
  const t = useT();
  const send = useWizardSend();
  const marks = WizardActor.useSelector((snapshot) => {
    const { context } = snapshot;
    const busy = snapshot.matches({ summary: 'saving' }) || snapshot.matches('saved');
    return WIZARD_STEPS.map((step): { step: WizardStepId; mark: StepMark; number: number | null; reachable: boolean } => {
      const index = context.stepIds.indexOf(step);
      if (index < 0) return { step, mark: 'skipped', number: null, reachable: false };
      const reachable = !busy && canGoTo(context, step);
      const mark: StepMark = step === context.step && !snapshot.matches('saved')
        ? 'current'
        : index <= context.furthestStep ? 'done' : reachable ? 'open' : 'locked';
      return { step, mark, number: index + 1, reachable };
    });
  }, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  const items = marks.map((item) => ({
    ...item, name: t(`wizard.steps.${item.step}`),
    state: item.mark === 'skipped' || item.mark === 'done' ? t(`wizard.menu.${item.mark}`) : null,
  }));
  return <StepsMenu label={t('wizard.menu.label')} items={items} onGoTo={(step) => send({ type: 'wizard.goTo', step })} />;
}
