import { useT } from '../../../services/i18n';
import type { ApiEvent } from './api-document';
import { SchemaFields } from './schema-view';

/** How webhooks are sent and signed (Standard Webhooks), and each event's body as the document has it. */
export function WebhooksGuide({ events }: { events: ApiEvent[] }) {
  const t = useT();
  return (
    <section aria-labelledby="developers-webhooks">
      <h2 id="developers-webhooks">{t('developers.webhooksTitle')}</h2>
      <p>{t('developers.webhooksText')}</p>
      <h3>{t('developers.signatureTitle')}</h3>
      <ol>
        <li>{t('developers.signatureHeaders')}</li>
        <li>{t('developers.signatureKey')}</li>
        <li>{t('developers.signatureCompute')}</li>
        <li>{t('developers.signatureCompare')}</li>
        <li>{t('developers.signatureReplay')}</li>
      </ol>
      <pre className="developers__code">{[
        "const key = Buffer.from(secret.slice('whsec_'.length), 'base64');",
        "const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest('base64');",
        "const ok = header.split(' ').some((part) => part === `v1,${expected}`);",
      ].join('\n')}</pre>
      <p>{t('developers.delivery')}</p>
      <h3>{t('developers.eventsTitle')}</h3>
      {events.map((event) => (
        <details key={event.name} className="developers__operation">
          <summary><code>{event.name}</code></summary>
          {event.payload ? <SchemaFields schema={event.payload} /> : null}
        </details>
      ))}
    </section>
  );
}
