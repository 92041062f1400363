import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';

/**
 * A 404 from Get: the project does not exist or belongs to a client the user is not a member of (the gateway does
 * not tell which). The error page's look, inside the portal's frame, with the way back to the projects.
 */
export function ProjectNotFound() {
  const t = useT();
  return (
    <section className="project-not-found" aria-labelledby="project-not-found-title">
      <p className="project-not-found__code" aria-hidden="true">404</p>
      <h1 id="project-not-found-title">{t('project.notFound')}</h1>
      <p className="project-not-found__text">{t('project.notFoundText')}</p>
      <div className="project-not-found__actions">
        <LocalLink to="/projects" className="ui-button ui-button--primary">{t('project.toProjects')}</LocalLink>
        <LocalLink to="/" className="ui-button ui-button--secondary">{t('errors.toHome')}</LocalLink>
      </div>
    </section>
  );
}
