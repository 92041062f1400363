import { useT } from '../../../services/i18n';
import type { ApiOperation } from './api-document';
import { SchemaFields } from './schema-view';

/** One call, folded: its method, path and roles; opened, its operationId, body and answer (details: keyboard-operable). */
export function OperationCard({ operation }: { operation: ApiOperation }) {
  const t = useT();
  return (
    <details className="developers__operation">
      <summary>
        <code className="developers__method">{operation.method}</code> <code>/api{operation.path}</code>
        <span className="developers__roles">{t('developers.roles', { roles: operation.roles.join(', ') })}</span>
      </summary>
      <p>{t('developers.operationId')}: <code>{operation.operationId}</code></p>
      <h4>{t('developers.requestBody')}</h4>
      {operation.body ? <SchemaFields schema={operation.body} /> : <p>{t('developers.noBody')}</p>}
      <h4>{t('developers.response')}</h4>
      {operation.response ? <SchemaFields schema={operation.response} /> : null}
    </details>
  );
}
