import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';
import { useDfmVerdict } from '../../components/board-findings/api/use-dfm-verdict';
import { DfmVerdictNote } from '../../components/board-findings/dfm-verdict-note';
import { SummaryColumns } from './summary-columns';
import { WizardActor, useWizardSend } from './wizard-actor';
import { StepHeading, StepNav, WizardError } from './wizard-parts';

/** Step 7: the project's title, what it is, its price; saved as a draft or as ready to order. */
export function SummaryStep() {
  const t = useT();
  const send = useWizardSend();
  const title = WizardActor.useSelector((snapshot) => snapshot.context.title);
  const params = WizardActor.useSelector((snapshot) => snapshot.context.params);
  const analysis = WizardActor.useSelector((snapshot) => snapshot.context.analysis);
  // A board that goes for an engineer's review is never saved as 'ready to order'.
  const kind = useDfmVerdict(analysis, params)?.verdict.kind;
  const review = kind === 'review' || kind === 'option';
  const problems = WizardActor.useSelector((snapshot) => snapshot.context.problems.length);
  const saving = WizardActor.useSelector((snapshot) => snapshot.matches({ summary: 'saving' }));
  const canDraft = WizardActor.useSelector((snapshot) => snapshot.can({ type: 'wizard.save', status: 'draft' }));
  const canActual = WizardActor.useSelector((snapshot) => snapshot.can({ type: 'wizard.save', status: 'actual' }));
  const [touched, setTouched] = useState(false);
  const missingTitle = title.trim() === '';
  const [status, setStatus] = useState<'draft' | 'actual' | null>(null);
  return (
    <section className="wizard-step">
      <StepHeading lead={t('wizard.summary.lead')}>{t('wizard.summary.title')}</StepHeading>
      <WizardError />
      <SummaryColumns
        titleField={{
          onBlur: () => setTouched(true),
          error: touched && missingTitle ? t('wizard.summary.titleRequired') : undefined,
          hint: !touched && missingTitle ? t('wizard.summary.titleHint') : undefined,
        }}
        aside={<DfmVerdictNote analysis={analysis} params={params} />}
      />
      {problems > 0 ? <p className="wizard-summary__note" role="status">{t('wizard.summary.problemsNote', { count: problems })}</p> : null}
      <StepNav showNext={false}>
        <div className="wizard-summary__save">
          <Button
            variant="secondary"
            busy={saving && status === 'draft'}
            disabled={!canDraft || saving}
            onClick={() => {
              setStatus('draft');
              send({ type: 'wizard.save', status: 'draft' });
            }}
          >
            {t('wizard.summary.saveDraft')}
          </Button>
          <Button
            busy={saving && status === 'actual'}
            disabled={!canActual || saving}
            onClick={() => {
              setStatus('actual');
              send({ type: 'wizard.save', status: 'actual' });
            }}
          >
            {t(review ? 'wizard.summary.saveActualReview' : 'wizard.summary.saveActual')}
          </Button>
        </div>
      </StepNav>
      {saving ? <span className="visually-hidden" role="status">{t('wizard.summary.saving')}</span> : null}
    </section>
  );
}
