import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_GROUP_ROLE, type GroupRole } from '../../../contract/groups';
import { assignableRoles } from '../../../services/groups';
import { useT } from '../../../services/i18n';
import { GroupPopupActor, useSaving } from './group-popup-context';
import { PeopleSearchInput } from './people-search-input';
import { SearchStatus } from './search-status';
import { usePeopleSearch } from './use-people-search';

/** The add-participant form — search ('Name, phone, email or ID') among colleagues, a role, and Add. */
export function AddParticipantForm() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const group = GroupPopupActor.useSelector((s) => s.context.group);
  const saving = useSaving();
  const search = usePeopleSearch();
  const [chosen, setChosen] = useState<number | null>(null);
  const [role, setRole] = useState<GroupRole>(DEFAULT_GROUP_ROLE);
  const id = useId();
  if (!group) return null;
  const roles = assignableRoles(group.myRole);
  const inGroup = new Set(group.participants.map((p) => p.person.id));
  const back = () => actor.send({ type: 'popup.changeType', popupType: 'main' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== null) actor.send({ type: 'change.submit', change: { kind: 'addParticipant', groupId: group.id, userId: chosen, role } });
  };

  return (
    <form className="group-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('groups.addParticipant.title')}</h3>
      <label htmlFor={`${id}-search`} className="group-form__label">
        {t('groups.addParticipant.searchLabel')}
      </label>
      <PeopleSearchInput id={id} placeholder={t('groups.addParticipant.placeholder')} search={search} onType={() => setChosen(null)} />
      <small id={`${id}-hint`} className="group-form__hint">
        {t('groups.find.hint')}
      </small>
      <SearchStatus search={search} />
      {search.results.length > 0 ? (
        <ul className="group-form__found" aria-label={t('groups.addUser.found')}>
          {search.results.map((candidate) => (
            <li key={candidate.id}>
              <button
                type="button"
                aria-pressed={chosen === candidate.id}
                disabled={inGroup.has(candidate.id)}
                className="group-form__candidate"
                onClick={() => setChosen(candidate.id)}
              >
                {candidate.name}{' '}
                <small>{inGroup.has(candidate.id) ? t('groups.addParticipant.already') : t('groups.profile.id', { id: candidate.id })}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${id}-role`} className="group-form__label">
        {t('groups.addParticipant.role')}
      </label>
      <select
        id={`${id}-role`}
        className="group-input"
        value={role}
        onChange={(event) => setRole(roles.find((option) => option === event.target.value) ?? DEFAULT_GROUP_ROLE)}
      >
        {roles.map((option) => (
          <option key={option} value={option}>
            {t(`groups.roles.${option}`)}
          </option>
        ))}
      </select>
      <div className="group-form__actions">
        <button type="button" className="ui-button ui-button--secondary" onClick={back}>
          {t('groups.addParticipant.back')}
        </button>
        <button
          type="submit"
          className="ui-button ui-button--primary"
          disabled={chosen === null || saving}
          title={chosen === null ? t('groups.addParticipant.choose') : undefined}
        >
          {t('groups.addParticipant.add')}
        </button>
      </div>
    </form>
  );
}
