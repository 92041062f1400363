import { useId } from 'react';
import { useT } from '../../services/i18n';
import { LocalLink } from './local-link';
import './entity-not-found.css';

interface EntityNotFoundProps {
  title: string;
  text: string;
  /** The way back to the entity's list. */
  back: { to: string; label: string };
}

/**
 * A 404 from a Get: the project or order does not exist or belongs to a client the user is not a member of (the
 * gateway does not tell which). The error page's look, inside the portal's frame, with the way back to the list.
 */
export function EntityNotFound({ title, text, back }: EntityNotFoundProps) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="entity-not-found" aria-labelledby={titleId}>
      <p className="entity-not-found__code" aria-hidden="true">404</p>
      <h1 id={titleId}>{title}</h1>
      <p className="entity-not-found__text">{text}</p>
      <div className="entity-not-found__actions">
        <LocalLink to={back.to} className="ui-button ui-button--primary">{back.label}</LocalLink>
        <LocalLink to="/" className="ui-button ui-button--secondary">{t('errors.toHome')}</LocalLink>
      </div>
    </section>
  );
}
