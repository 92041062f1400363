import { useState } from 'react';
import type { Invitation } from '../../../contract/client-access';
import { openInvitationModal } from '../../../services/client-modals';
import { formatDate } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { AccessItemOpener, AccessListFrame } from './access-list-frame';
import { useSettleInvitation } from './api/access-mutations';
import { useInvitations } from './api/get-access-lists';
import { StatusBadge } from './status-badge';

/** The client's invitations, pending first; each opens the invite modal, and its sender may cancel a pending one. */
export function InvitationList({ clientId }: { clientId: number }) {
  const t = useT();
  const list = useInvitations(clientId);
  const settle = useSettleInvitation();
  const [asked, setAsked] = useState<Invitation | null>(null);

  const cancel = (invitation: Invitation) => {
    setAsked(null);
    // The list reloads by itself when it worked (client-events).
    settle.mutate({ invitation, action: 'cancel' });
  };

  return (
    <>
      <AccessListFrame title={t('clientAccess.panel.invitationsTitle')} empty={t('clientAccess.panel.invitationsEmpty')} list={list}>
        {(invitation) => (
          <>
            <AccessItemOpener
              label={t('clientAccess.panel.openInvitation', { email: invitation.email })}
              name={invitation.email}
              meta={t('clientAccess.panel.invitationMeta', {
                role: t(`clientAccess.roles.${invitation.role}`),
                creator: invitation.creatorName,
                date: formatDate(invitation.createdAt),
              })}
              onOpen={() => openInvitationModal(invitation.id)}
            />
            <StatusBadge kind="invitation" status={invitation.status} />
            {invitation.status === 'pending' && invitation.canCancel ? (
              <Button
                variant="link"
                busy={settle.isPending && settle.variables.invitation.id === invitation.id}
                aria-label={t('clientAccess.panel.cancelLabel', { email: invitation.email })}
                onClick={() => setAsked(invitation)}
              >
                {t('clientAccess.panel.cancel')}
              </Button>
            ) : null}
          </>
        )}
      </AccessListFrame>
      <ConfirmDialog
        open={asked !== null}
        text={t('clientAccess.panel.cancelConfirm', { email: asked?.email ?? '' })}
        okLabel={t('clientAccess.panel.cancelOk')}
        cancelLabel={t('clientAccess.panel.cancelKeep')}
        onConfirm={() => (asked ? cancel(asked) : undefined)}
        onCancel={() => setAsked(null)}
      />
    </>
  );
}
