import { useT } from '../../../../services/i18n';
import { LocalLink } from '../../../components/local-link';
import { AdminOnly } from './admin-only';
import { ApiSystems } from './api-systems';
import { WebhookEndpoints } from './webhook-endpoints';

/** /staff/integrations: the manufacturer's systems with their API keys, and the webhook endpoints events go to. */
export default function StaffIntegrationsPage() {
  const t = useT();
  return (
    <AdminOnly>
      <section className="staff-page" aria-labelledby="staff-integrations-heading">
        <h1 id="staff-integrations-heading">{t('staff.integrations.heading')}</h1>
        <p className="staff-page__lead">
          {t('staff.integrations.lead')} <LocalLink to="/developers">{t('staff.integrations.reference')}</LocalLink>
        </p>
        <ApiSystems />
        <WebhookEndpoints />
      </section>
    </AdminOnly>
  );
}
