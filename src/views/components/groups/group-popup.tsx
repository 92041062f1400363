import { useEffect } from 'react';
import { groupPopupFlow } from '../../../services/groups';
import { useT } from '../../../services/i18n';
import { Modal } from '../ui/modal';
import { RetryNote } from '../ui/retry-note';
import { AddParticipantForm } from './add-participant-form';
import { AddUserCard } from './add-user-card';
import { CreateGroupCard } from './create-group-card';
import { GroupCard } from './group-card';
import { GroupConfirm } from './group-confirm';
import { GroupHome } from './group-home';
import { GroupPopupActor } from './group-popup-context';
import { GroupSearchList } from './group-search-list';
import { ProfileCard } from './profile-card';
import './groups.css';

/** 832×512 with the search list, 512×512 for a single card. */
const WIDE = 832;
const NARROW = 512;

/** One opening of the popup: a fresh machine that loads the user's groups; `onClosed` when the machine is done. */
export function GroupPopup({ onClosed }: { onClosed: () => void }) {
  return (
    <GroupPopupActor.Provider logic={groupPopupFlow}>
      <GroupPopupDialog onClosed={onClosed} />
    </GroupPopupActor.Provider>
  );
}

function GroupPopupDialog({ onClosed }: { onClosed: () => void }) {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const closed = GroupPopupActor.useSelector((s) => s.status === 'done');
  const stage = GroupPopupActor.useSelector((s) => (s.matches('open') ? 'open' : s.matches('failed') ? 'failed' : 'loading'));
  const mode = GroupPopupActor.useSelector((s) =>
    (['addParticipant', 'addUser', 'createGroup'] as const).find((name) => s.matches({ open: { mode: name } })) ?? 'main');
  const pane = GroupPopupActor.useSelector((s) =>
    (['group', 'profile'] as const).find((name) => s.matches({ open: { pane: name } })) ?? 'home');
  const paneLoading = GroupPopupActor.useSelector((s) => s.matches('open') && s.hasTag('busy'));
  const groupId = GroupPopupActor.useSelector((s) => s.context.groupId);
  const profileId = GroupPopupActor.useSelector((s) => s.context.profileId);

  useEffect(() => {
    if (closed) onClosed();
  }, [closed, onClosed]);

  const single = stage === 'open' && (mode === 'addUser' || mode === 'createGroup');
  const right = paneLoading ? <p className="group-popup__status" role="status">{t('groups.loading')}</p>
    : mode === 'addParticipant' && pane === 'group' ? <AddParticipantForm />
      : pane === 'group' ? <GroupCard key={groupId} />
        : pane === 'profile' ? <ProfileCard key={profileId} />
          : <GroupHome />;

  return (
    <>
      <Modal
        open={!closed}
        onOpenChange={(open) => (open ? undefined : actor.send({ type: 'popup.close' }))}
        title={t('groups.title')}
        width={single ? NARROW : WIDE}
        className={`group-popup group-popup--${single ? 'narrow' : 'wide'}`}
      >
        {stage === 'loading' ? <p className="group-popup__status" role="status">{t('groups.loading')}</p> : null}
        {stage === 'failed' ? (
          <RetryNote
            text={t('groups.failed')}
            retryLabel={t('groups.retry')}
            onRetry={() => actor.send({ type: 'popup.retry' })}
            look="secondary"
            className="group-popup__status"
            role="alert"
          />
        ) : null}
        {stage === 'open' && single ? (
          <div className="group-popup__single">{mode === 'addUser' ? <AddUserCard /> : <CreateGroupCard />}</div>
        ) : null}
        {stage === 'open' && !single ? (
          <div className="group-popup__columns">
            <GroupSearchList />
            <div className="group-popup__pane">{right}</div>
          </div>
        ) : null}
      </Modal>
      <GroupConfirm />
    </>
  );
}
