import { useId, useState, type FormEvent } from 'react';
import { addMember, DEFAULT_ROLE, findUsers, PROTOTYPE_ROLES, type PrototypeRoleName } from '../../../services/group-prototype';
import { useT } from '../../../services/i18n';
import { GroupPopupActor, useDirectory } from './group-popup-context';

/** Spec 2.7: the add-participant form — search ('Name, phone, email or ID'), a role, and Add. */
export function AddParticipantForm() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const groupId = GroupPopupActor.useSelector((s) => s.context.groupId);
  const { directory, update } = useDirectory();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [role, setRole] = useState<PrototypeRoleName>(DEFAULT_ROLE);
  const id = useId();
  const found = findUsers(directory, query);
  const back = () => actor.send({ type: 'popup.changeType', popupType: 'main' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (groupId === null || chosen === null) return;
    update((current) => addMember(current, groupId, chosen, role));
    back();
  };

  return (
    <form className="group-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('groups.addParticipant.title')}</h3>
      <label htmlFor={`${id}-search`} className="group-form__label">{t('groups.addParticipant.searchLabel')}</label>
      <input
        id={`${id}-search`}
        type="search"
        className="group-input"
        placeholder={t('groups.addParticipant.placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setChosen(null);
        }}
      />
      {query.trim() !== '' && found.length === 0 ? <p className="group-form__empty">{t('groups.addParticipant.nothing')}</p> : null}
      {found.length > 0 ? (
        <ul className="group-form__found">
          {found.map((candidate) => (
            <li key={candidate.id}>
              <button type="button" aria-pressed={chosen === candidate.id} className="group-form__candidate" onClick={() => setChosen(candidate.id)}>
                {candidate.name} <small>{t('groups.profile.id', { id: candidate.id })}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${id}-role`} className="group-form__label">{t('groups.addParticipant.role')}</label>
      <select
        id={`${id}-role`}
        className="group-input"
        value={role}
        onChange={(event) => setRole(PROTOTYPE_ROLES.find((option) => option.name === event.target.value)?.name ?? DEFAULT_ROLE)}
      >
        {PROTOTYPE_ROLES.map((option) => (
          <option key={option.id} value={option.name}>{t(`groups.roles.${option.name}`)}</option>
        ))}
      </select>
      <div className="group-form__actions">
        <button type="button" className="ui-button ui-button--secondary" onClick={back}>{t('groups.addParticipant.back')}</button>
        <button type="submit" className="ui-button ui-button--primary" disabled={chosen === null} title={chosen === null ? t('groups.addParticipant.choose') : undefined}>
          {t('groups.addParticipant.add')}
        </button>
      </div>
    </form>
  );
}
