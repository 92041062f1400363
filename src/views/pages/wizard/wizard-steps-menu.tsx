import { canGoTo } from '../../../machines/wizard-board/wizard-board-rules';
import { WIZARD_STEPS, type WizardStepId } from '../../../machines/wizard-board/wizard-board-types';
import { useT } from '../../../services/i18n';
import { Icon } from '../../components/ui/icon';
import { WizardActor, useWizardSend } from './wizard-actor';

type StepMark = 'current' | 'done' | 'open' | 'locked' | 'skipped';

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

  return (
    <nav className="wizard-menu" aria-label={t('wizard.menu.label')}>
      <ol className="wizard-menu__list">
        {marks.map(({ step, mark, number, reachable }) => (
          <li key={step} className={`wizard-menu__item wizard-menu__item--${mark}`}>
            <button
              type="button"
              className="wizard-menu__button"
              disabled={!reachable}
              aria-current={mark === 'current' ? 'step' : undefined}
              onClick={() => send({ type: 'wizard.goTo', step })}
            >
              <span className="wizard-menu__number" aria-hidden="true">
                {mark === 'done' ? <Icon name="check" size={14} /> : number ?? '–'}
              </span>
              <span className="wizard-menu__name">{t(`wizard.steps.${step}`)}</span>
              {mark === 'skipped' || mark === 'done' ? (
                <span className="wizard-menu__state">{t(`wizard.menu.${mark}`)}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
