import { useId, type FormEvent } from 'react';
import { formatPhone } from '../../../services/phone-format';
import { useT } from '../../../services/i18n';
import { CardHeader } from './card-header';
import { GroupPopupActor, useSaving } from './group-popup-context';
import { PeopleSearchInput } from './people-search-input';
import { SearchStatus } from './search-status';
import { usePeopleSearch } from './use-people-search';

/**
 * The add-user card — one search field, an add button and the users found, for information only. The
 * button adds to the contacts the one colleague the search names; when it finds several, the user narrows it.
 */
export function AddUserCard() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const saving = useSaving();
  const search = usePeopleSearch();
  const id = useId();
  const fresh = search.results.filter((person) => !person.inContacts);
  const single = search.results.length === 1 && fresh.length === 1 ? fresh[0] : undefined;
  const hint = search.results.length > 1 ? t('groups.addUser.narrow') : search.results.length === 1 && !single ? t('groups.addUser.alreadyContact') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (single) actor.send({ type: 'change.submit', change: { kind: 'addContact', userId: single.id } });
  };

  return (
    <form className="group-form group-form--card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <CardHeader titleId={`${id}-title`} title={t('groups.addUser.title')} closeLabel={t('groups.addUser.close')} />
      <label htmlFor={`${id}-search`} className="visually-hidden">{t('groups.addUser.searchLabel')}</label>
      <div className="group-form__row">
        <PeopleSearchInput id={id} placeholder={t('groups.addUser.placeholder')} search={search} />
        <button type="submit" className="ui-button ui-button--primary" disabled={!single || saving}>{t('groups.addUser.add')}</button>
      </div>
      <small id={`${id}-hint`} className="group-form__hint">{hint ?? t('groups.find.hint')}</small>
      <SearchStatus search={search} />
      {search.results.length > 0 ? (
        <ul className="group-form__found group-form__found--info" aria-label={t('groups.addUser.found')}>
          {search.results.map((candidate) => (
            <li key={candidate.id}>
              <span>{candidate.name}</span>
              <small>
                {t('groups.profile.id', { id: candidate.id })}
                {candidate.email ? ` · ${candidate.email}` : ''}
                {candidate.phone ? ` · ${formatPhone(candidate.phone)}` : ''}
                {candidate.inContacts ? ` · ${t('groups.profile.inContacts')}` : ''}
              </small>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
