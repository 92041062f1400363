import type { ReactNode } from 'react';
import type { Invitation } from '../../../contract/client-access';
import { isRecentRequest } from '../../../services/client-access';
import { openInvitationModal } from '../../../services/client-modals';
import { formatDate } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { Button } from '../ui/button';
import { useSettleInvitation } from './api/access-mutations';
import { useMyAccessRequests, useMyInvitations } from './api/get-access-lists';
import { ANSWERS, type Answer } from './modal-parts';
import { StatusBadge } from './status-badge';
import './client-access.css';

/** One of the user's own lists under its title; nothing at all while it is empty. */
function MineList<T extends { id: number }>({ title, items, children }: { title: string; items: T[]; children: (item: T) => ReactNode }) {
  if (items.length === 0) return null;
  return (
    <>
      <h2 className="my-access__title">{title}</h2>
      <ul className="access-list__items">
        {items.map((item) => <li key={item.id} className="access-list__item">{children(item)}</li>)}
      </ul>
    </>
  );
}

/**
 * Above the user's clients: invitations waiting for the user's answer, and the user's own access requests while
 * pending or recently decided. Hidden when there is neither (and while loading: nothing to say yet).
 */
export function MyInvitations() {
  const t = useT();
  const invitations = useMyInvitations();
  const requests = useMyAccessRequests();
  const settle = useSettleInvitation();

  const pending = invitations.data?.filter((item) => item.status === 'pending') ?? [];
  const recent = requests.data?.filter((item) => isRecentRequest(item)) ?? [];
  if (pending.length === 0 && recent.length === 0) return null;

  // Both lists and the clients page reload by themselves when it worked (client-events).
  const answer = (invitation: Invitation, action: Answer) => settle.mutate({ invitation, action });
  const busy = (id: number, action: Answer) =>
    settle.isPending && settle.variables.invitation.id === id && settle.variables.action === action;

  return (
    <section className="my-access" aria-label={t('clientAccess.mine.label')}>
      <MineList title={t('clientAccess.mine.invitationsTitle')} items={pending}>
        {(invitation) => (
          <>
            <span className="access-list__text">
              {t('clientAccess.mine.invitationLine', {
                creator: invitation.creatorName,
                client: invitation.clientName,
                role: t(`clientAccess.roles.${invitation.role}`),
              })}
            </span>
            <Button
              variant="link"
              aria-label={t('clientAccess.mine.detailsLabel', { client: invitation.clientName })}
              onClick={() => openInvitationModal(invitation.id)}
            >
              {t('clientAccess.mine.details')}
            </Button>
            {ANSWERS.map(({ action, variant }) => (
              <Button
                key={action}
                variant={variant}
                busy={busy(invitation.id, action)}
                disabled={settle.isPending}
                aria-label={t(`clientAccess.mine.${action}Label`, { client: invitation.clientName })}
                onClick={() => answer(invitation, action)}
              >
                {t(`clientAccess.mine.${action}`)}
              </Button>
            ))}
          </>
        )}
      </MineList>
      <MineList title={t('clientAccess.mine.requestsTitle')} items={recent}>
        {(request) => (
          <>
            <span className="access-list__text">
              {t('clientAccess.mine.requestLine', { client: request.clientName, date: formatDate(request.createdAt) })}
            </span>
            <StatusBadge kind="request" status={request.status} />
          </>
        )}
      </MineList>
    </section>
  );
}
