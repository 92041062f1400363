import { useLocation } from 'wouter';
import { localizePath, useLocale, useT } from '../../../services/i18n';
import { showToast } from '../../../services/toasts';
import { LocalLink } from '../../components/local-link';
import { CreationFlow } from './clients/creation-flow';
import './clients/clients.css';

/** /v2/account/clients (dev hosts only): the new-client flow as a full page; done opens the client in its tab. */
export default function V2ClientsPage() {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  return (
    <div className="clients-v2">
      <LocalLink to="/account/clients" className="clients-v2__back">{t('account.clients.v2.toList')}</LocalLink>
      <h1 className="clients-page__title">{t('account.clients.v2.title')}</h1>
      <p className="clients-page__lead">{t('account.clients.v2.lead')}</p>
      <div className="clients-v2__panel">
        <CreationFlow
          onDone={(client) => {
            showToast({ kind: 'success', text: t('account.clients.creation.done', { name: client.name }) });
            navigate(localizePath(`/account/clients?clientId=${client.id}`, locale));
          }}
        />
      </div>
    </div>
  );
}
