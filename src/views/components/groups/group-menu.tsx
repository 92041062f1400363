import type { GroupDetail } from '../../../contract/groups';
import type { ConfirmedChange } from '../../../machines/group-popup/group-popup-types';
import { canRemoveParticipant } from '../../../services/groups';
import { useT } from '../../../services/i18n';
import { IconMenu, MenuItem, MenuSeparator } from '../ui/menu';
import { GroupPopupActor, useSaving } from './group-popup-context';

/**
 * The group menu — user properties, add user, remove user, transfer ownership, remove group. It offers
 * what the caller's role allows (the gateway checks again): the owner everything, an admin adding and removing
 * plain participants, anyone but the owner leaving. The ticked participant is the one acted on.
 */
export function GroupMenu({ group, chosen }: { group: GroupDetail; chosen: number | null }) {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const saving = useSaving();
  const owner = group.myRole === 'owner';
  const chosenRole = group.participants.find((p) => p.person.id === chosen)?.role;
  const canRemove = chosen !== null && canRemoveParticipant(group.myRole, chosenRole);
  const me = group.participants.find((p) => p.person.isMe)?.person.id ?? null;
  const submit = (change: ConfirmedChange) => actor.send({ type: 'change.submit', change });

  return (
    <IconMenu label={t('groups.group.menu')}>
      <MenuItem disabled={chosen === null} onSelect={() => chosen !== null && actor.send({ type: 'user.openProperties', id: chosen })}>
        {t('groups.group.userProperties')}
      </MenuItem>
      {group.myRole !== 'participant' ? (
        <MenuItem onSelect={() => actor.send({ type: 'popup.changeType', popupType: 'add-participant' })}>{t('groups.group.addUser')}</MenuItem>
      ) : null}
      {group.myRole !== 'participant' ? (
        <MenuItem
          disabled={!canRemove || saving}
          onSelect={() => chosen !== null && submit({ kind: 'removeParticipant', groupId: group.id, userId: chosen })}
        >
          {t('groups.group.removeUser')}
        </MenuItem>
      ) : null}
      {owner ? (
        <MenuItem
          disabled={chosen === null || saving}
          onSelect={() => chosen !== null && submit({ kind: 'transferOwnership', groupId: group.id, userId: chosen })}
        >
          {t('groups.group.transferOwnership')}
        </MenuItem>
      ) : null}
      <MenuSeparator />
      {owner ? (
        <MenuItem danger disabled={saving} onSelect={() => submit({ kind: 'deleteGroup', groupId: group.id })}>
          {t('groups.group.removeGroup')}
        </MenuItem>
      ) : (
        <MenuItem
          danger
          disabled={saving || me === null}
          onSelect={() => me !== null && submit({ kind: 'removeParticipant', groupId: group.id, userId: me })}
        >
          {t('groups.group.leave')}
        </MenuItem>
      )}
    </IconMenu>
  );
}
