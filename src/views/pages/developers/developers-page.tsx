import { useT } from '../../../services/i18n';
import { LanguageSwitch } from '../../components/language-switch';
import { LocalLink } from '../../components/local-link';
import { Logo } from '../../components/logo';
import { Skeleton } from '../../components/ui/skeleton';
import { DOCUMENT_URL, useApiDocument, type ApiOperation } from './api-document';
import { OperationCard } from './operation-card';
import { WebhooksGuide } from './webhooks-guide';
import './developers.css';

/**
 * /developers: the staff API for the manufacturer's systems, read from the gateway's OpenAPI document —
 * how to authenticate, the calls by group with their roles and bodies, and how webhooks are signed.
 */
export default function DevelopersPage({ title }: { title: string }) {
  const t = useT();
  const { document, failed } = useApiDocument();
  const groups = new Map<string, ApiOperation[]>();
  for (const operation of document?.operations ?? []) groups.set(operation.tag, [...(groups.get(operation.tag) ?? []), operation]);
  return (
    <div className="developers">
      <nav className="developers__bar" aria-label={t('developers.barLabel')}>
        <LocalLink to="/" className="brand-link"><Logo /></LocalLink>
        <LanguageSwitch />
      </nav>
      <h1>{title}</h1>
      <p className="developers__lead">{t('developers.lead')}</p>
      <p><a href={DOCUMENT_URL}>{t('developers.documentLink')}</a>{document?.version ? ` · ${t('developers.version', { version: document.version })}` : ''}</p>

      <section aria-labelledby="developers-auth">
        <h2 id="developers-auth">{t('developers.authTitle')}</h2>
        <p>{t('developers.authText')}</p>
        <pre className="developers__code">{'curl -X POST https://<portal>/api/staff/members/List \\\n  -H "Authorization: Bearer pcbkey_…" \\\n  -H "Content-Type: application/json" -d \'{}\''}</pre>
        <p>{t('developers.authErrors')}</p>
      </section>

      <WebhooksGuide events={document?.events ?? []} />

      <section aria-labelledby="developers-calls">
        <h2 id="developers-calls">{t('developers.callsTitle')}</h2>
        {document ? [...groups].map(([tag, operations]) => (
          <section key={tag} aria-labelledby={`developers-tag-${tag}`}>
            <h3 id={`developers-tag-${tag}`}>{tag}</h3>
            {operations.map((operation) => <OperationCard key={operation.operationId} operation={operation} />)}
          </section>
        )) : failed ? <p role="status">{t('developers.failed')}</p> : <Skeleton rows={6} imageSize={0} />}
      </section>
    </div>
  );
}
