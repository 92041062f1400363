import { useRef } from 'react';
import { PROCESSING_STEPS } from '../../../contract/board-files';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { FileDropZone } from './file-drop-zone';
import { WizardActor } from './wizard-actor';
import { StepHeading, StepNav } from './wizard-parts';

type Phase = 'picking' | 'uploading' | 'processing' | 'failed';

/** Step 2: the files go up with a progress bar, then the gateway's processing is followed step by step. */
export function FilesStep() {
  const t = useT();
  const phase = WizardActor.useSelector((snapshot): Phase => {
    for (const value of ['uploading', 'processing', 'failed'] as const) if (snapshot.matches({ files: value })) return value;
    return 'picking';
  });
  const archiveName = WizardActor.useSelector((snapshot) => snapshot.context.archiveName);
  const hasAnalysis = WizardActor.useSelector((snapshot) => snapshot.context.analysis !== null);
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <section className="wizard-step">
      <StepHeading lead={t('wizard.files.lead')}>{t('wizard.files.title')}</StepHeading>
      {phase === 'picking' || phase === 'failed' ? <FileDropZone inputRef={inputRef} /> : null}
      {phase === 'failed' ? <Refusal onPickOther={() => inputRef.current?.click()} /> : null}
      {phase === 'picking' && hasAnalysis ? (
        <p className="wizard-files__done">
          <Icon name="success" size={18} />
          {t('wizard.files.uploaded', { name: archiveName })}
        </p>
      ) : null}
      {phase === 'uploading' || phase === 'processing' ? (
        <div className="wizard-files__progress">
          <p className="wizard-files__name">{archiveName}</p>
          <UploadProgress />
          {phase === 'processing' ? <ProcessingSteps /> : null}
        </div>
      ) : null}
      <StepNav blockedReason={phase === 'picking' && !hasAnalysis ? t('wizard.files.needFiles') : null} />
    </section>
  );
}

function UploadProgress() {
  const t = useT();
  const percent = WizardActor.useSelector((snapshot) => snapshot.context.uploadPercent);
  return (
    <div className="wizard-progress">
      <span className="wizard-progress__label" id="wizard-upload-label">{t('wizard.files.uploading', { percent })}</span>
      <span
        className="wizard-progress__bar"
        role="progressbar"
        aria-labelledby="wizard-upload-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="wizard-progress__fill" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

/** Upload, unpack, identify, render, measure, check: what is done, what runs now with the overall percent. */
function ProcessingSteps() {
  const t = useT();
  const current = WizardActor.useSelector((snapshot) => snapshot.context.processingStep);
  const percent = WizardActor.useSelector((snapshot) => snapshot.context.processingPercent);
  const at = current ? PROCESSING_STEPS.indexOf(current) : 0;
  return (
    <div className="wizard-processing">
      <p className="wizard-processing__title" role="status">
        {t('wizard.files.processing', { percent, step: t(`board.processing.${current ?? 'upload'}`) })}
      </p>
      <ol className="wizard-processing__steps">
        {PROCESSING_STEPS.map((step, index) => {
          const state = index < at ? 'done' : index === at ? 'current' : 'waiting';
          return (
            <li key={step} className={`wizard-processing__step wizard-processing__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="wizard-processing__mark" aria-hidden="true">
                {state === 'done' ? <Icon name="check" size={14} /> : state === 'current' ? <span className="wizard-processing__spinner" /> : null}
              </span>
              <span>{t(`board.processing.${step}`)}</span>
              {state !== 'waiting' ? <span className="visually-hidden">{t(`wizard.files.stepState.${state}`)}</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Why the gateway refused the files, in place, with the way to pick others. */
function Refusal({ onPickOther }: { onPickOther: () => void }) {
  const t = useT();
  const error = WizardActor.useSelector((snapshot) => snapshot.context.error);
  return (
    <div className="wizard-refusal" role="alert">
      <Icon name="failure" size={22} />
      <div>
        <p className="wizard-refusal__title">{t('wizard.files.refusedTitle')}</p>
        <p className="wizard-refusal__text">{error ?? t('wizard.files.refusedUnknown')}</p>
        <Button variant="secondary" onClick={onPickOther}>{t('wizard.files.pickOther')}</Button>
      </div>
    </div>
  );
}
