import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { GroupMenu } from './group-menu';
import { GroupPopupActor, useSaving } from './group-popup-context';
import { ParticipantRow } from './participant-row';

/** The group card — name (Enter saves), image, participants, and the group menu. */
export function GroupCard() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const group = GroupPopupActor.useSelector((s) => s.context.group);
  const selectedIds = GroupPopupActor.useSelector((s) => s.context.selectedIds);
  const saving = useSaving();
  const [draft, setDraft] = useState(group?.name ?? '');
  const nameId = useId();
  if (!group) return null;
  const owner = group.myRole === 'owner';

  // The menu acts on the participant ticked last; the owner cannot be ticked.
  const chosen = [...selectedIds].reverse().find((id) => id !== group.ownerId && group.participants.some((p) => p.person.id === id)) ?? null;

  const onNameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (draft.trim() === '' || draft.trim() === group.name) return;
    actor.send({ type: 'change.submit', change: { kind: 'renameGroup', groupId: group.id, name: draft.trim() } });
  };
  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) actor.send({ type: 'change.submit', change: { kind: 'setGroupImage', groupId: group.id, image: file } });
  };
  const image = group.image ? <img src={group.image} alt={t('groups.group.imageAlt')} /> : <Icon name="group" size={28} />;

  return (
    <section className="group-card" aria-label={group.name}>
      <header className="group-card__header">
        {owner ? (
          <label className="group-card__image" title={t('groups.group.upload')}>
            {image}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="visually-hidden"
              aria-label={t('groups.group.upload')}
              disabled={saving}
              onChange={onImage}
            />
          </label>
        ) : (
          <span className="group-card__image">{image}</span>
        )}
        <div className="group-card__name">
          {owner ? (
            <>
              <label htmlFor={nameId} className="visually-hidden">
                {t('groups.group.nameLabel')}
              </label>
              <input
                id={nameId}
                className="group-input"
                value={draft}
                maxLength={100}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onNameKey}
                aria-describedby={`${nameId}-hint`}
              />
              <small id={`${nameId}-hint`}>{t('groups.group.nameHint')}</small>
            </>
          ) : (
            <>
              <h3>{group.name}</h3>
              <small>{t(`groups.group.yourRole.${group.myRole}`)}</small>
            </>
          )}
        </div>
        <GroupMenu group={group} chosen={chosen} />
        <button type="button" className="ui-icon-button" aria-label={t('groups.group.close')} onClick={() => actor.send({ type: 'group.close' })}>
          <Icon name="close" size={20} />
        </button>
      </header>
      <h3 className="group-card__subtitle">{t('groups.group.participants')}</h3>
      <ul className="group-card__participants">
        {group.participants.map((participant) => (
          <ParticipantRow key={participant.person.id} group={group} participant={participant} />
        ))}
      </ul>
      {owner && chosen === null && group.participants.length > 1 ? <p className="group-card__hint">{t('groups.group.selectHint')}</p> : null}
    </section>
  );
}
