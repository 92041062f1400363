import { useId, useState, type FormEvent } from 'react';
import { formatPhone } from '../../../services/format';
import { findUsers } from '../../../services/group-prototype';
import { useT } from '../../../services/i18n';
import { CardHeader } from './card-header';
import { useDirectory } from './group-popup-context';

/** Spec 2.7: the add-user card — one search field, an add button and the users found, for information only. */
export function AddUserCard() {
  const t = useT();
  const { directory } = useDirectory();
  const [query, setQuery] = useState('');
  const [tried, setTried] = useState(false);
  const id = useId();
  const found = findUsers(directory, query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
  };

  return (
    <form className="group-form group-form--card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <CardHeader titleId={`${id}-title`} title={t('groups.addUser.title')} closeLabel={t('groups.addUser.close')} />
      <label htmlFor={`${id}-search`} className="visually-hidden">{t('groups.addUser.searchLabel')}</label>
      <div className="group-form__row">
        <input
          id={`${id}-search`}
          type="search"
          className="group-input"
          placeholder={t('groups.addUser.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setTried(false);
          }}
        />
        <button type="submit" className="ui-button ui-button--primary">{t('groups.addUser.add')}</button>
      </div>
      {tried ? <p role="status" className="group-form__status">{t('groups.addUser.notConnected')}</p> : null}
      {query.trim() !== '' && found.length === 0 ? <p className="group-form__empty">{t('groups.addUser.nothing')}</p> : null}
      {found.length > 0 ? (
        <ul className="group-form__found group-form__found--info" aria-label={t('groups.addUser.found')}>
          {found.map((candidate) => (
            <li key={candidate.id}>
              <span>{candidate.name}</span>
              <small>
                {t('groups.profile.id', { id: candidate.id })}
                {candidate.emailIsHidden ? '' : ` · ${candidate.email}`}
                {candidate.phoneIsHidden ? '' : ` · ${formatPhone(candidate.phone)}`}
              </small>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
