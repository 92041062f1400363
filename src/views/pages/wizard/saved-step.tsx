import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { useDfmVerdict } from '../../components/board-findings/api/use-dfm-verdict';
import { DfmVerdictNote } from '../../components/board-findings/dfm-verdict-note';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { WizardActor } from './wizard-actor';
import { StepHeading } from './wizard-parts';

/** After saving: where the project is now, and another one. */
export function SavedStep({ onAnother }: { onAnother: () => void }) {
  const t = useT();
  const project = WizardActor.useSelector((snapshot) => snapshot.context.savedProject);
  // The gateway's verdict at saving, then the page's own once the DFM still measured then has come.
  const kind = useDfmVerdict(project?.analysis ?? null, project?.params ?? null)?.verdict.kind ?? project?.dfmVerdict;
  if (!project) return null;
  const status = project.status === 'actual' ? 'actual' : 'draft';
  // Never 'ready to order' when ordering it meets an engineer's review or an option its files need.
  const lead = status === 'actual' && kind === 'review' ? 'actualReview' : status === 'actual' && kind === 'option' ? 'actualOption' : status;
  return (
    <section className="wizard-step wizard-saved">
      <Icon name="success" size={40} className="wizard-saved__icon" />
      <StepHeading lead={t(`wizard.saved.lead.${lead}`)}>{t('wizard.saved.title', { title: project.title })}</StepHeading>
      <DfmVerdictNote analysis={project.analysis} params={project.params} />
      <div className="wizard-saved__links">
        <LocalLink to={`/project/${project.id}`} className="button">{t('wizard.saved.openProject')}</LocalLink>
        <LocalLink to={`/projects?status=${status}`} className="button button--ghost">{t(`wizard.saved.list.${status}`)}</LocalLink>
        <Button variant="link" onClick={onAnother}>{t('wizard.saved.another')}</Button>
      </div>
    </section>
  );
}
