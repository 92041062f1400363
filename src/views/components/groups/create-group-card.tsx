import { useId, useState, type FormEvent } from 'react';
import { createGroup } from '../../../services/group-prototype';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
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
      <header className="group-form__header">
        <h3 id={`${id}-title`}>{t('groups.createGroup.title')}</h3>
        <button type="button" className="ui-icon-button" aria-label={t('groups.createGroup.close')} onClick={() => actor.send({ type: 'popup.changeType', popupType: 'main' })}>
          <Icon name="close" size={20} />
        </button>
      </header>
      <label htmlFor={`${id}-name`} className="group-form__label">{t('groups.createGroup.nameLabel')}</label>
      <input id={`${id}-name`} className="group-input" value={name} onChange={(event) => setName(event.target.value)} />
      <div className="group-form__actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={name.trim() === ''}>{t('groups.createGroup.create')}</button>
      </div>
    </form>
  );
}
