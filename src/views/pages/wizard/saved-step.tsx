import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { WizardActor } from './wizard-actor';
import { StepHeading } from './wizard-parts';

/** After saving: where the project is now, and another one. */
export function SavedStep({ onAnother }: { onAnother: () => void }) {
  const t = useT();
  const project = WizardActor.useSelector((snapshot) => snapshot.context.savedProject);
  if (!project) return null;
  const status = project.status === 'actual' ? 'actual' : 'draft';
  return (
    <section className="wizard-step wizard-saved">
      <Icon name="success" size={40} className="wizard-saved__icon" />
      <StepHeading lead={t(`wizard.saved.lead.${status}`)}>{t('wizard.saved.title', { title: project.title })}</StepHeading>
      <div className="wizard-saved__links">
        <LocalLink to={`/project/${project.id}`} className="button">{t('wizard.saved.openProject')}</LocalLink>
        <LocalLink to={`/projects?status=${status}`} className="button button--ghost">{t(`wizard.saved.list.${status}`)}</LocalLink>
        <Button variant="link" onClick={onAnother}>{t('wizard.saved.another')}</Button>
      </div>
    </section>
  );
}
