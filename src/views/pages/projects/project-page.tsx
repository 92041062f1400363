import { Redirect } from 'wouter';
import { localizePath, useLocale } from '../../../services/i18n';
import { ProjectView } from './project-view';
import './projects.css';

interface ProjectPageProps {
  title: string;
  params: Record<string, string | undefined>;
}

/** /project/:id; /project without an id is the 'new project' route, which is the wizard (history replaced). */
export default function ProjectPage({ params }: ProjectPageProps) {
  const locale = useLocale();
  // The router's guard has checked the id's format already.
  const id = params.id === undefined ? null : Number(params.id);
  if (id === null || !Number.isSafeInteger(id)) return <Redirect to={localizePath('/wizard-board', locale)} replace />;
  return <ProjectView key={id} id={id} />;
}
