import { useId, useState, type FormEvent } from 'react';
import { createGroup } from '../../../services/group-prototype';
import { useT } from '../../../services/i18n';
import { CardHeader } from './card-header';
import { GroupPopupActor, useDirectory } from './group-popup-context';

/** The create-group mode: a name, then the new group's card in the main layout. */
export function CreateGroupCard() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const { directory, update } = useDirectory();
  const [name, setName] = useState('');
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    const created = createGroup(directory, name);
    update(() => created.directory);
    actor.send({ type: 'popup.changeType', popupType: 'main' });
    actor.send({ type: 'group.open', id: created.group.id });
  };

  return (
    <form className="group-form group-form--card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <CardHeader titleId={`${id}-title`} title={t('groups.createGroup.title')} closeLabel={t('groups.createGroup.close')} />
      <label htmlFor={`${id}-name`} className="group-form__label">{t('groups.createGroup.nameLabel')}</label>
      <input id={`${id}-name`} className="group-input" value={name} onChange={(event) => setName(event.target.value)} />
      <div className="group-form__actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={name.trim() === ''}>{t('groups.createGroup.create')}</button>
      </div>
    </form>
  );
}
