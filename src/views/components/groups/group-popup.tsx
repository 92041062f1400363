import { useEffect, useMemo } from 'react';
import { groupPopupMachine } from '../../../machines/group-popup';
import { logOwnerAction } from '../../../services/group-prototype';
import { useT } from '../../../services/i18n';
import { Modal } from '../ui/modal';
import { AddParticipantForm } from './add-participant-form';
import { AddUserCard } from './add-user-card';
import { CreateGroupCard } from './create-group-card';
import { GroupCard } from './group-card';
import { GroupConfirm } from './group-confirm';
import { GroupHome } from './group-home';
import { DirectoryProvider, GroupPopupActor } from './group-popup-context';
import { GroupSearchList } from './group-search-list';
import { ProfileCard } from './profile-card';
import './groups.css';

/** Spec 2.7: 832×512 with the search list, 512×512 for a single card. */
const WIDE = 832;
const NARROW = 512;

/** One opening of the popup: a fresh machine and fresh sample data; `onClosed` when the machine is done. */
export function GroupPopup({ onClosed }: { onClosed: () => void }) {
  const logic = useMemo(
    () => groupPopupMachine.provide({ actions: { logOwnerAction: (_, params) => logOwnerAction(params) } }),
    [],
  );
  return (
    <GroupPopupActor.Provider logic={logic}>
      <DirectoryProvider>
        <GroupPopupDialog onClosed={onClosed} />
      </DirectoryProvider>
    </GroupPopupActor.Provider>
  );
}

function GroupPopupDialog({ onClosed }: { onClosed: () => void }) {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const closed = GroupPopupActor.useSelector((s) => s.status === 'done');
  const mode = GroupPopupActor.useSelector((s) =>
    (['addParticipant', 'addUser', 'createGroup'] as const).find((name) => s.matches({ open: { mode: name } })) ?? 'main');
  const pane = GroupPopupActor.useSelector((s) =>
    (['group', 'profile'] as const).find((name) => s.matches({ open: { pane: name } })) ?? 'home');
  const notice = GroupPopupActor.useSelector((s) => s.context.ownerActionNotice);
  const groupId = GroupPopupActor.useSelector((s) => s.context.groupId);

  useEffect(() => {
    if (closed) onClosed();
  }, [closed, onClosed]);

  const single = mode === 'addUser' || mode === 'createGroup';
  const right = mode === 'addParticipant' && pane === 'group' ? <AddParticipantForm />
    : pane === 'group' ? <GroupCard key={groupId} />
      : pane === 'profile' ? <ProfileCard />
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
        {single ? (
          <div className="group-popup__single">{mode === 'addUser' ? <AddUserCard /> : <CreateGroupCard />}</div>
        ) : (
          <div className="group-popup__columns">
            <GroupSearchList />
            <div className="group-popup__pane">{right}</div>
          </div>
        )}
        {notice ? (
          <div className="group-popup__notice" role="status">
            <span>{t('groups.ownerActionNotice')}</span>
            <button type="button" className="ui-button ui-button--link" onClick={() => actor.send({ type: 'notice.dismiss' })}>
              {t('groups.dismiss')}
            </button>
          </div>
        ) : (
          <p className="group-popup__note">{t('groups.prototypeNote')}</p>
        )}
      </Modal>
      <GroupConfirm />
    </>
  );
}
