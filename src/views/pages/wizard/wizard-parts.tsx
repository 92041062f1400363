import { useId, type ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { FormError } from '../../components/form/form-error';
import { Button } from '../../components/ui/button';
import { WizardActor, useWizardSend } from './wizard-actor';

/** The step's heading; the host moves focus here when the step changes, so keyboard users start at its top. */
export function StepHeading({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="wizard-step__header">
      <h2 className="wizard-step__title" tabIndex={-1} data-step-heading="">{children}</h2>
      {lead ? <p className="wizard-step__lead">{lead}</p> : null}
    </header>
  );
}

/** The machine's last failure message (an upload, an apply, a save). */
export function WizardError() {
  const error = WizardActor.useSelector((snapshot) => snapshot.context.error);
  return <FormError message={error} />;
}

interface StepNavProps {
  /** Why 'Далее' is disabled, shown next to it and tied to it for screen readers. */
  blockedReason?: string | null;
  nextLabel?: string;
  showNext?: boolean;
  children?: ReactNode;
}

/** Back and next; each is enabled exactly when the machine would take the event. */
export function StepNav({ blockedReason, nextLabel, showNext = true, children }: StepNavProps) {
  const t = useT();
  const send = useWizardSend();
  const canBack = WizardActor.useSelector((snapshot) => snapshot.can({ type: 'wizard.back' }));
  const canNext = WizardActor.useSelector((snapshot) => snapshot.can({ type: 'wizard.next' }));
  const reasonId = `${useId()}-reason`;
  return (
    <div className="wizard-step__nav">
      <Button variant="secondary" disabled={!canBack} onClick={() => send({ type: 'wizard.back' })}>{t('wizard.nav.back')}</Button>
      {children}
      {showNext ? (
        <>
          {!canNext && blockedReason ? <p className="wizard-step__blocked" id={reasonId}>{blockedReason}</p> : null}
          <Button
            disabled={!canNext}
            aria-describedby={!canNext && blockedReason ? reasonId : undefined}
            onClick={() => send({ type: 'wizard.next' })}
          >
            {nextLabel ?? t('wizard.nav.next')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
