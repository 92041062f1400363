import { useSearch } from 'wouter';
import { editsProjects } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { ClientPicker } from '../../components/client-picker';
import { EmptyState } from '../../components/empty-state';
import { FormError } from '../../components/form/form-error';
import { Skeleton } from '../../components/ui/skeleton';
import { isNotFound } from '../../data/query-client';
import { useWizardProject } from './api/get-wizard-project';
import { WizardHost } from './wizard-host';
import '../step-card.css';
import './wizard.css';

interface WizardPageProps {
  title: string;
  params: Record<string, string | undefined>;
}

/** A project id of the query (`?projectId=`), or null when it is missing or not one. */
function projectIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('projectId');
  return raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/**
 * /wizard-board: a new project for the client in `?clientId=` (else the one chosen last), or `?projectId=` to
 * change a project, which is loaded first and carries its own client.
 */
export default function WizardPage({ title }: WizardPageProps) {
  const t = useT();
  const projectId = projectIdOf(useSearch());
  return (
    <div className="wizard-page">
      <h1 className="wizard-page__title">{title}</h1>
      {projectId !== null ? (
        <EditingWizard key={projectId} projectId={projectId} />
      ) : (
        <ClientPicker hideSingle>
          {(client) => (editsProjects(client.role)
            ? <WizardHost clientId={client.id} editing={null} />
            : <EmptyState icon="board" title={t('wizard.roleTitle')} text={t('wizard.roleText', { client: client.name })} />)}
        </ClientPicker>
      )}
    </div>
  );
}

function EditingWizard({ projectId }: { projectId: number }) {
  const t = useT();
  const { data: project, error } = useWizardProject(projectId);

  if (error) return <FormError message={isNotFound(error) ? t('wizard.edit.notFound') : error.message || t('errors.generic')} />;
  if (!project) return <Skeleton rows={3} imageSize={0} />;
  if (!project.isEditable) {
    return (
      <EmptyState
        icon="board"
        title={t('wizard.edit.readOnlyTitle')}
        text={t('wizard.edit.readOnlyText', { title: project.title })}
        action={{ label: t('wizard.edit.openProject'), to: `/project/${project.id}` }}
      />
    );
  }
  return <WizardHost clientId={project.clientId} editing={project} />;
}
