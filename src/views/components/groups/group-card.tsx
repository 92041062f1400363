import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { renameGroup, setGroupImage, setMemberRole } from '../../../services/group-prototype';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../ui/menu';
import { GroupPopupActor, displayName, findUser, useDirectory } from './group-popup-context';
import { ParticipantRow } from './participant-row';

/** Spec 2.7: the group card — name (Enter saves), image, participants, and the group menu. */
export function GroupCard() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const groupId = GroupPopupActor.useSelector((s) => s.context.groupId);
  const selectedIds = GroupPopupActor.useSelector((s) => s.context.selectedIds);
  const { directory, update, ownName } = useDirectory();
  const group = directory.groups.find((candidate) => candidate.id === groupId);
  const [draft, setDraft] = useState(group?.name ?? '');
  const nameId = useId();
  if (!group) return null;

  // The menu acts on the participant ticked last; the owner cannot be ticked.
  const memberIds = group.members.map((member) => member.userId);
  const chosen = [...selectedIds].reverse().find((id) => memberIds.includes(id) && id !== group.ownerId) ?? null;

  const onNameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    update((current) => renameGroup(current, group.id, draft));
  };
  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) update((current) => setGroupImage(current, group.id, URL.createObjectURL(file)));
  };

  return (
    <section className="group-card" aria-label={group.name}>
      <header className="group-card__header">
        <label className="group-card__image" title={t('groups.group.upload')}>
          {group.image ? <img src={group.image} alt={t('groups.group.imageAlt')} /> : <Icon name="group" size={28} />}
          <input type="file" accept="image/*" className="visually-hidden" aria-label={t('groups.group.upload')} onChange={onImage} />
        </label>
        <div className="group-card__name">
          <label htmlFor={nameId} className="visually-hidden">{t('groups.group.nameLabel')}</label>
          <input
            id={nameId}
            className="group-input"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onNameKey}
            aria-describedby={`${nameId}-hint`}
          />
          <small id={`${nameId}-hint`}>{t('groups.group.nameHint')}</small>
        </div>
        <Menu>
          <MenuTrigger>
            <button type="button" className="ui-icon-button" aria-label={t('groups.group.menu')}>
              <Icon name="menu" size={20} />
            </button>
          </MenuTrigger>
          <MenuContent label={t('groups.group.menu')}>
            <MenuItem disabled={chosen === null} onSelect={() => chosen !== null && actor.send({ type: 'user.openProperties', id: chosen })}>
              {t('groups.group.userProperties')}
            </MenuItem>
            <MenuItem onSelect={() => actor.send({ type: 'popup.changeType', popupType: 'add-participant' })}>{t('groups.group.addUser')}</MenuItem>
            <MenuItem disabled={chosen === null} onSelect={() => chosen !== null && actor.send({ type: 'owner.removeParticipant', userId: chosen })}>
              {t('groups.group.removeUser')}
            </MenuItem>
            <MenuItem disabled={chosen === null} onSelect={() => chosen !== null && actor.send({ type: 'owner.transferOwnership', userId: chosen })}>
              {t('groups.group.transferOwnership')}
            </MenuItem>
            <MenuSeparator />
            <MenuItem danger onSelect={() => actor.send({ type: 'owner.removeGroup' })}>{t('groups.group.removeGroup')}</MenuItem>
          </MenuContent>
        </Menu>
        <button type="button" className="ui-icon-button" aria-label={t('groups.group.close')} onClick={() => actor.send({ type: 'group.close' })}>
          <Icon name="close" size={20} />
        </button>
      </header>
      <h3 className="group-card__subtitle">{t('groups.group.participants')}</h3>
      <ul className="group-card__participants">
        {group.members.map((member) => {
          const found = findUser(directory, member.userId);
          if (!found) return null;
          return (
            <ParticipantRow
              key={member.userId}
              userId={member.userId}
              name={displayName(found, ownName, t)}
              role={member.role}
              isOwner={member.userId === group.ownerId}
              onRoleChange={(role) => update((current) => setMemberRole(current, group.id, member.userId, role))}
            />
          );
        })}
      </ul>
      {chosen === null ? <p className="group-card__hint">{t('groups.group.selectHint')}</p> : null}
    </section>
  );
}
