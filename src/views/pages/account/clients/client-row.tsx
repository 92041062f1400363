import { managesUsers, type Client } from '../../../../contract/clients';
import { useT } from '../../../../services/i18n';
import { Icon } from '../../../components/ui/icon';
import { roleKey, typeKey } from './labels';

interface ClientRowProps {
  client: Client;
  selected: boolean;
  onSelect: (client: Client) => void;
}

/** One client: names, type, INN, my role, users, pending requests (for admins) and the verified mark. */
export function ClientRow({ client, selected, onSelect }: ClientRowProps) {
  const t = useT();
  const requests = managesUsers(client.role) ? client.pendingRequestsCount : 0;
  return (
    <li className="clients-row-item" data-client-id={client.id}>
      <button type="button" className="clients-row" aria-current={selected || undefined} onClick={() => onSelect(client)}>
        <span className="clients-row__head">
          <span className="clients-row__name">{client.name}</span>
          {client.isVerified ? (
            <span className="clients-row__verified">
              <Icon name="success" size={16} />
              {t('account.clients.row.verified')}
            </span>
          ) : null}
          {requests > 0 ? <span className="clients-row__badge">{t('account.clients.row.requests', { count: requests })}</span> : null}
        </span>
        <span className="clients-row__full">{client.fullName}</span>
        <span className="clients-row__meta">
          <span>{t(typeKey(client.clientType))}</span>
          {client.inn ? <span>{t('account.clients.row.inn', { inn: client.inn })}</span> : null}
          <span>{t('account.clients.row.role', { role: t(roleKey(client.role)) })}</span>
          <span>{t('account.clients.row.users', { count: client.usersCount })}</span>
        </span>
      </button>
    </li>
  );
}
