import { formatPhone } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../local-link';
import { Icon } from '../ui/icon';
import { GroupPopupActor, displayName, findUser, useDirectory } from './group-popup-context';

/** Spec 2.7: the participant card — name, ID, contacts, role, phone and e-mail (or a note when hidden), links. */
export function ProfileCard() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const profileId = GroupPopupActor.useSelector((s) => s.context.profileId);
  const groupId = GroupPopupActor.useSelector((s) => s.context.groupId);
  const { directory, ownName } = useDirectory();
  const found = findUser(directory, profileId);
  if (!found) return null;
  // Opened from a group, the card shows the role in that group; otherwise the user's own.
  const role = directory.groups.find((group) => group.id === groupId)?.members.find((member) => member.userId === found.id)?.role ?? found.role;
  const name = displayName(found, ownName, t);

  return (
    <section className="profile-card" aria-label={name}>
      <header className="profile-card__header">
        <span className="group-search__avatar profile-card__avatar"><Icon name="user" size={28} /></span>
        <div className="profile-card__title">
          <h3>{name}</h3>
          <small>{t('groups.profile.id', { id: found.id })}</small>
        </div>
        <button type="button" className="ui-icon-button" aria-label={t('groups.profile.close')} onClick={() => actor.send({ type: 'profile.close' })}>
          <Icon name="close" size={20} />
        </button>
      </header>
      <dl className="profile-card__facts">
        <div>
          <dt>{t('groups.profile.role')}</dt>
          <dd>{t(`groups.roles.${role}`)}</dd>
        </div>
        <div>
          <dt>{t('groups.profile.phone')}</dt>
          <dd>{found.phoneIsHidden ? <em>{t('groups.profile.hidden')}</em> : formatPhone(found.phone)}</dd>
        </div>
        <div>
          <dt>{t('groups.profile.email')}</dt>
          <dd>{found.emailIsHidden ? <em>{t('groups.profile.hidden')}</em> : found.email}</dd>
        </div>
        <div>
          <dt>{t('groups.profile.contacts')}</dt>
          <dd>{t(found.availableInContacts ? 'groups.profile.inContacts' : 'groups.profile.notInContacts')}</dd>
        </div>
      </dl>
      <nav aria-label={t('groups.profile.links')} className="profile-card__links">
        <LocalLink to="/projects">{t('groups.profile.projects')}</LocalLink>
        <LocalLink to="/orders">{t('groups.profile.orders')}</LocalLink>
        <span aria-disabled="true" title={t('groups.profile.soon')}>{t('groups.profile.invoices')}</span>
        <span aria-disabled="true" title={t('groups.profile.soon')}>{t('groups.profile.quotations')}</span>
      </nav>
      {found.availableInContacts ? (
        <button type="button" className="ui-button ui-button--secondary" onClick={() => actor.send({ type: 'contacts.remove', userId: found.id })}>
          {t('groups.profile.removeContact')}
        </button>
      ) : null}
    </section>
  );
}
