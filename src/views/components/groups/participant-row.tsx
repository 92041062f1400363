import { PROTOTYPE_ROLES, type PrototypeRoleName } from '../../../services/group-prototype';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../ui/menu';
import { GroupPopupActor } from './group-popup-context';

interface ParticipantRowProps {
  userId: number;
  name: string;
  role: PrototypeRoleName;
  isOwner: boolean;
  onRoleChange: (role: PrototypeRoleName) => void;
}

/**
 * Spec 6: the owner is labelled with a star and keeps their role; everyone else has a role dropdown with two
 * roles and Delete. The checkbox selects a participant for the group menu's actions.
 */
export function ParticipantRow({ userId, name, role, isOwner, onRoleChange }: ParticipantRowProps) {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const selected = GroupPopupActor.useSelector((s) => s.context.selectedIds.includes(userId));
  const roleName = t(`groups.roles.${role}`);
  return (
    <li className={`participant-row${selected ? ' participant-row--selected' : ''}`}>
      {isOwner ? (
        <span className="participant-row__check" />
      ) : (
        <input
          type="checkbox"
          className="participant-row__check"
          checked={selected}
          aria-label={t('groups.search.select', { name })}
          onChange={() => actor.send({ type: 'user.toggleSelect', id: userId })}
        />
      )}
      <button type="button" className="participant-row__name" onClick={() => actor.send({ type: 'user.openProperties', id: userId })}>
        {name}
      </button>
      {isOwner ? (
        <span className="participant-row__owner">
          <Icon name="star" size={16} /> {t('groups.group.owner')}
        </span>
      ) : (
        <Menu>
          <MenuTrigger>
            <button type="button" className="participant-row__role" aria-label={t('groups.roleMenu', { name, role: roleName })}>
              {roleName}
              <Icon name="chevronRight" size={14} className="participant-row__chevron" />
            </button>
          </MenuTrigger>
          <MenuContent label={t('groups.roleMenu', { name, role: roleName })}>
            {PROTOTYPE_ROLES.map((option) => (
              <MenuItem key={option.id} onSelect={() => onRoleChange(option.name)}>
                {option.name === role ? <Icon name="check" size={14} /> : null} {t(`groups.roles.${option.name}`)}
              </MenuItem>
            ))}
            <MenuSeparator />
            <MenuItem danger onSelect={() => actor.send({ type: 'owner.removeParticipant', userId })}>{t('groups.delete')}</MenuItem>
          </MenuContent>
        </Menu>
      )}
    </li>
  );
}
