import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookEndpoint, WebhookEventType } from '../../../../contract/webhooks';
import { useT } from '../../../../services/i18n';
import { staffAdminCalls } from '../../../../services/staff/staff-admin-calls';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { WEBHOOKS_KEY } from './admin-queries';
import { ConfirmRemoval, RemovalError, RemoveButton, useRemoval } from './confirm-removal';
import { OneTimeSecret } from './one-time-secret';
import { WebhookForm } from './webhook-form';

/** The endpoints events are posted to: registered with the signing secret shown once, listed with their deliveries, deleted. */
export function WebhookEndpoints() {
  const t = useT();
  const endpoints = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => staffAdminCalls().webhooks(signal) });
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const remove = useRemoval<WebhookEndpoint>((id) => staffAdminCalls().deleteWebhook(id), WEBHOOKS_KEY);
  const number = (label: string) => ({ label, className: 'staff-table__number' });
  const columns = [
    t('staff.integrations.url'), t('staff.integrations.eventsLabel'), number(t('staff.integrations.waiting')),
    number(t('staff.integrations.failedCount')), t('staff.integrations.lastError'), t('staff.members.actions'),
  ];
  const eventText = (event: WebhookEventType) => t(`staff.integrations.events.${event}`);
  return (
    <section className="staff-panel" aria-labelledby="staff-webhooks-heading">
      <h2 id="staff-webhooks-heading">{t('staff.integrations.webhooks')}</h2>
      <WebhookForm eventText={eventText} onCreated={(endpoint, value) => setSecret({ url: endpoint.url, secret: value })} />
      {secret ? (
        <OneTimeSecret label={t('staff.integrations.secret', { url: secret.url })} value={secret.secret} onDone={() => setSecret(null)} />
      ) : null}
      <RemovalError removal={remove} />
      <LoadState
        items={endpoints.data}
        failed={endpoints.isError}
        failedText={t('staff.integrations.failed')}
        skeletonRows={2}
        empty={<p className="staff-muted">{t('staff.integrations.noWebhooks')}</p>}
      >
        {(items) => (
          <DataTable className="staff-table" columns={columns} rows={items}>
            {(endpoint) => (
              <tr key={endpoint.id}>
                <th scope="row">
                  <code>{endpoint.url}</code>
                  {endpoint.description ? <div className="staff-muted">{endpoint.description}</div> : null}
                </th>
                <td>{endpoint.events.map(eventText).join(', ')}</td>
                <td className="staff-table__number">{endpoint.waiting}</td>
                <td className="staff-table__number">{endpoint.failed}</td>
                <td>{endpoint.lastError ?? <span className="staff-muted">—</span>}</td>
                <td>
                  <RemoveButton removal={remove} item={endpoint} label={t('staff.integrations.delete')} />
                </td>
              </tr>
            )}
          </DataTable>
        )}
      </LoadState>
      <ConfirmRemoval
        removal={remove}
        text={(endpoint) => t('staff.integrations.confirmDelete', { url: endpoint.url })}
        okLabel={t('staff.integrations.delete')}
      />
    </section>
  );
}
