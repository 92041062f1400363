import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { editsProjects, type Project } from '../../../contract/projects';
import { ApiError } from '../../../services/api';
import { useT } from '../../../services/i18n';
import { loadProjectForWizard } from '../../../services/wizard';
import { ClientPicker } from '../../components/client-picker';
import { EmptyState } from '../../components/empty-state';
import { FormError } from '../../components/form/form-error';
import { Skeleton } from '../../components/ui/skeleton';
import { WizardHost } from './wizard-host';
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

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; project: Project };

function EditingWizard({ projectId }: { projectId: number }) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    loadProjectForWizard(projectId, controller.signal).then(
      (project) => setLoaded({ status: 'loaded', project }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiError && error.status === 404;
        setLoaded({ status: 'failed', message: missing ? t('wizard.edit.notFound') : error instanceof Error ? error.message : t('errors.generic') });
      },
    );
    return () => controller.abort();
  }, [projectId, t]);

  if (loaded.status === 'loading') return <Skeleton rows={3} imageSize={0} />;
  if (loaded.status === 'failed') return <FormError message={loaded.message} />;
  const { project } = loaded;
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
