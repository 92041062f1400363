import { GROUP_ROLES, type GroupDetail, type Participant } from '../../../contract/groups';
import { canRemoveOrLeave, canSetRoles } from '../../../services/groups';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../ui/menu';
import { displayName, GroupPopupActor, useSaving } from './group-popup-context';

/**
 * The owner is labelled with a star and keeps their role; for everyone else the owner has a role dropdown
 * with two roles and Delete. An admin may delete plain participants, and anyone but the owner may leave. The
 * checkbox ticks a participant for the group menu's actions.
 */
export function ParticipantRow({ group, participant }: { group: GroupDetail; participant: Participant }) {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const saving = useSaving();
  const { person, role } = participant;
  const selected = GroupPopupActor.useSelector((s) => s.context.selectedIds.includes(person.id));
  const name = displayName(person, t);
  const roleName = t(`groups.roles.${role}`);
  const setsRoles = canSetRoles(group.myRole);
  const removes = canRemoveOrLeave(group.myRole, participant);
  const remove = () => actor.send({ type: 'change.submit', change: { kind: 'removeParticipant', groupId: group.id, userId: person.id } });

  return (
    <li className={`participant-row${selected ? ' participant-row--selected' : ''}`}>
      {role === 'owner' ? (
        <span className="participant-row__check" />
      ) : (
        <input
          type="checkbox"
          className="participant-row__check"
          checked={selected}
          aria-label={t('groups.search.select', { name })}
          onChange={() => actor.send({ type: 'user.toggleSelect', id: person.id })}
        />
      )}
      <button type="button" className="participant-row__name" onClick={() => actor.send({ type: 'user.openProperties', id: person.id })}>
        {name}
      </button>
      {role === 'owner' ? (
        <span className="participant-row__owner">
          <Icon name="star" size={16} /> {t('groups.group.owner')}
        </span>
      ) : removes ? (
        <Menu>
          <MenuTrigger>
            <button type="button" className="participant-row__role" aria-label={t('groups.roleMenu', { name, role: roleName })} disabled={saving}>
              {roleName}
              <Icon name="chevronRight" size={14} className="participant-row__chevron" />
            </button>
          </MenuTrigger>
          <MenuContent label={t('groups.roleMenu', { name, role: roleName })}>
            {setsRoles
              ? GROUP_ROLES.map((option) => (
                  <MenuItem
                    key={option}
                    onSelect={() =>
                      option !== role &&
                      actor.send({ type: 'change.submit', change: { kind: 'setRole', groupId: group.id, userId: person.id, role: option } })
                    }
                  >
                    {option === role ? <Icon name="check" size={14} /> : null} {t(`groups.roles.${option}`)}
                  </MenuItem>
                ))
              : null}
            {setsRoles ? <MenuSeparator /> : null}
            <MenuItem danger onSelect={remove}>
              {t(person.isMe ? 'groups.group.leave' : 'groups.delete')}
            </MenuItem>
          </MenuContent>
        </Menu>
      ) : (
        <span className="participant-row__label">{roleName}</span>
      )}
    </li>
  );
}
