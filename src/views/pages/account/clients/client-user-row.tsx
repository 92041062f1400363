import { CLIENT_ROLE_IDS, type ClientRole, type ClientUser } from '../../../../contract/clients';
import { canRemoveUser, roleChoices } from '../../../../services/clients';
import { formatDate, fullName } from '../../../../services/format';
import { useT } from '../../../../services/i18n';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/ui/button';
import { roleKey } from './labels';

export const userName = (user: ClientUser): string => fullName(user) || user.email || '';

interface ClientUserRowProps {
  user: ClientUser;
  myRole: ClientRole;
  busy: boolean;
  onRole: (user: ClientUser, role: ClientRole) => void;
  onRemove: (user: ClientUser) => void;
}

/** A member: the role as a select where the role matrix lets me change it (other roles disabled), else as text. */
export function ClientUserRow({ user, myRole, busy, onRole, onRemove }: ClientUserRowProps) {
  const t = useT();
  const name = userName(user) || t('account.clients.users.noName');
  const choices = roleChoices(myRole, user);
  return (
    <li className="clients-user" data-user-id={user.userId}>
      <Avatar src={user.avatar} isMale={user.isMale} alt="" size={36} />
      <div className="clients-user__who">
        <span className="clients-user__name">
          {name}
          {user.isCurrent ? <span className="clients-user__you"> ({t('account.clients.users.you')})</span> : null}
        </span>
        <span className="clients-user__meta">
          {[user.email, t('account.clients.users.joined', { date: formatDate(user.joinedAt) })].filter(Boolean).join(' · ')}
        </span>
      </div>
      {choices.length > 0 ? (
        <select
          className="field__input clients-select clients-user__role"
          aria-label={t('account.clients.users.roleOf', { name })}
          value={user.role}
          disabled={busy}
          onChange={(event) => {
            const role = CLIENT_ROLE_IDS.find((id) => String(id) === event.target.value);
            if (role !== undefined && role !== user.role) onRole(user, role);
          }}
        >
          {CLIENT_ROLE_IDS.map((role) => (
            <option key={role} value={role} disabled={role !== user.role && !choices.includes(role)}>{t(roleKey(role))}</option>
          ))}
        </select>
      ) : (
        <span className="clients-user__role-text">{t(roleKey(user.role))}</span>
      )}
      {canRemoveUser(myRole, user) ? (
        <Button variant="secondary" disabled={busy} aria-label={t('account.clients.users.removeOf', { name })} onClick={() => onRemove(user)}>
          {t('account.clients.users.remove')}
        </Button>
      ) : <span className="clients-user__spacer" aria-hidden="true" />}
    </li>
  );
}
