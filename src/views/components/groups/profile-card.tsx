import type { Person } from '../../../contract/groups';
import { formatPhone } from '../../../services/phone-format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../local-link';
import { Icon } from '../ui/icon';
import { displayName, GroupPopupActor, useSaving } from './group-popup-context';
import { PrivacyChoice } from './privacy-choice';

/**
 * The participant card — name, ID, contacts, role, phone and e-mail (the hidden-note when the person hid
 * them; a note when they are no colleague of the caller), links. The user's own card says what colleagues see.
 */
export function ProfileCard() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const person = GroupPopupActor.useSelector((s) => s.context.profile);
  // Opened from a group, the card shows the role in that group.
  const role = GroupPopupActor.useSelector((s) => s.context.group?.participants.find((p) => p.person.id === s.context.profileId)?.role);
  const privacy = GroupPopupActor.useSelector((s) => s.context.directory?.privacy);
  const saving = useSaving();
  if (!person) return null;
  // The user's own choice may have changed since the card was loaded; the directory holds the latest.
  const phoneHidden = person.isMe && privacy ? privacy.phoneIsHidden : person.phoneIsHidden;
  const emailHidden = person.isMe && privacy ? privacy.emailIsHidden : person.emailIsHidden;
  const name = displayName(person, t);
  const submit = (kind: 'addContact' | 'removeContact') => actor.send({ type: 'change.submit', change: { kind, userId: person.id } });

  return (
    <section className="profile-card" aria-label={name}>
      <header className="profile-card__header">
        <span className="group-search__avatar profile-card__avatar">
          {person.avatar ? <img src={person.avatar} alt="" /> : <Icon name="user" size={28} />}
        </span>
        <div className="profile-card__title">
          <h3>{name}</h3>
          <small>{t('groups.profile.id', { id: person.id })}</small>
        </div>
        <button type="button" className="ui-icon-button" aria-label={t('groups.profile.close')} onClick={() => actor.send({ type: 'profile.close' })}>
          <Icon name="close" size={20} />
        </button>
      </header>
      <dl className="profile-card__facts">
        {role ? (
          <div>
            <dt>{t('groups.profile.role')}</dt>
            <dd>{t(`groups.roles.${role}`)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('groups.profile.phone')}</dt>
          <dd><ContactValue person={person} value={person.phone ? formatPhone(person.phone) : null} hidden={phoneHidden} /></dd>
        </div>
        <div>
          <dt>{t('groups.profile.email')}</dt>
          <dd><ContactValue person={person} value={person.email} hidden={emailHidden} /></dd>
        </div>
        {person.isMe ? null : (
          <div>
            <dt>{t('groups.profile.contacts')}</dt>
            <dd>{t(person.inContacts ? 'groups.profile.inContacts' : 'groups.profile.notInContacts')}</dd>
          </div>
        )}
      </dl>
      <nav aria-label={t('groups.profile.links')} className="profile-card__links">
        <LocalLink to="/projects">{t('groups.profile.projects')}</LocalLink>
        <LocalLink to="/orders">{t('groups.profile.orders')}</LocalLink>
        <LocalLink to="/invoices">{t('groups.profile.invoices')}</LocalLink>
        <span aria-disabled="true" title={t('groups.profile.soon')}>{t('groups.profile.quotations')}</span>
      </nav>
      {person.isMe ? <PrivacyChoice /> : null}
      {!person.isMe && person.inContacts ? (
        <button type="button" className="ui-button ui-button--secondary" disabled={saving} onClick={() => submit('removeContact')}>
          {t('groups.profile.removeContact')}
        </button>
      ) : null}
      {!person.isMe && !person.inContacts && person.isColleague ? (
        <button type="button" className="ui-button ui-button--primary" disabled={saving} onClick={() => submit('addContact')}>
          {t('groups.profile.addContact')}
        </button>
      ) : null}
    </section>
  );
}

/** The value; else the hidden-note; else why it is not shown. The user sees their own, marked if hidden. */
function ContactValue({ person, value, hidden }: { person: Person; value: string | null; hidden: boolean }) {
  const t = useT();
  if (person.isMe) return <>{value ?? '—'}{hidden ? <em> {t('groups.profile.hiddenFromColleagues')}</em> : null}</>;
  if (value) return <>{value}</>;
  if (hidden) return <em>{t('groups.profile.hidden')}</em>;
  return <em>{person.isColleague ? '—' : t('groups.profile.notColleague')}</em>;
}
