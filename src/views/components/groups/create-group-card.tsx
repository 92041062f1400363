import { useId, useState, type FormEvent } from 'react';
import { GROUP_NAME_MAX } from '../../../contract/groups';
import { useT } from '../../../services/i18n';
import { CardHeader } from './card-header';
import { GroupPopupActor, useSaving } from './group-popup-context';

/** The create-group mode: a name, then the new group's card in the main layout. */
export function CreateGroupCard() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const saving = useSaving();
  const [name, setName] = useState('');
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') actor.send({ type: 'change.submit', change: { kind: 'createGroup', name: name.trim() } });
  };

  return (
    <form className="group-form group-form--card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <CardHeader titleId={`${id}-title`} title={t('groups.createGroup.title')} closeLabel={t('groups.createGroup.close')} />
      <label htmlFor={`${id}-name`} className="group-form__label">{t('groups.createGroup.nameLabel')}</label>
      <input id={`${id}-name`} className="group-input" value={name} maxLength={GROUP_NAME_MAX} onChange={(event) => setName(event.target.value)} />
      <div className="group-form__actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={name.trim() === '' || saving}>
          {t(saving ? 'groups.saving' : 'groups.createGroup.create')}
        </button>
      </div>
    </form>
  );
}
