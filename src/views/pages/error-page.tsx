import { useT } from '../../services/i18n';
import { LocalLink } from '../components/local-link';
import { SiteFooter } from '../components/site-footer';
import { errorMessageKey } from './error-message';

interface ErrorPageProps {
  /** Default 404. */
  status?: number;
}

export default function ErrorPage({ status = 404 }: ErrorPageProps) {
  const t = useT();
  return (
    <div className="error-page">
      <main className="error-page__main" id="content">
        <p className="error-page__code" aria-hidden="true">{status}</p>
        <h1>
          <span className="visually-hidden">{status} </span>
          {t(errorMessageKey(status))}
        </h1>
        <div className="error-page__actions">
          <LocalLink to="/" className="button">{t('errors.toHome')}</LocalLink>
          <LocalLink to="/account/profile" className="button button--ghost">{t('errors.toProfile')}</LocalLink>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
