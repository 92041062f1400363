import { openAccessRequestModal } from '../../../services/client-modals';
import { formatDate } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { AccessItemOpener, AccessListFrame } from './access-list-frame';
import { useAccessRequests } from './api/get-access-lists';
import { StatusBadge } from './status-badge';

/** The client's access requests, pending first; each opens the request modal, where it is decided. */
export function AccessRequestList({ clientId }: { clientId: number }) {
  const t = useT();
  const list = useAccessRequests(clientId);
  return (
    <AccessListFrame title={t('clientAccess.panel.requestsTitle')} empty={t('clientAccess.panel.requestsEmpty')} list={list}>
      {(request) => (
        <>
          <AccessItemOpener
            label={t('clientAccess.panel.openRequest', { name: request.requesterName })}
            name={request.requesterName}
            meta={[request.requesterEmail, formatDate(request.createdAt)].filter(Boolean).join(', ')}
            onOpen={() => openAccessRequestModal(request.id)}
          />
          <StatusBadge kind="request" status={request.status} />
        </>
      )}
    </AccessListFrame>
  );
}
