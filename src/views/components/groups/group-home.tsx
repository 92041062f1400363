import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { useSession } from '../session-context';
import { GroupPopupActor } from './group-popup-context';

/** The popup's main view: a title, 'add a user or create a new group', the Group and User buttons, and the user's own card. */
export function GroupHome() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const myId = useSession((s) => s.context.user?.id ?? null);
  return (
    <section className="group-home" aria-labelledby="group-home-title">
      <Icon name="group" size={40} className="group-home__icon" />
      <h3 id="group-home-title">{t('groups.home.title')}</h3>
      <p>{t('groups.home.text')}</p>
      <div className="group-home__actions">
        <button type="button" className="ui-button ui-button--primary" onClick={() => actor.send({ type: 'popup.changeType', popupType: 'create-group' })}>
          <Icon name="plus" size={18} /> {t('groups.home.group')}
        </button>
        <button type="button" className="ui-button ui-button--secondary" onClick={() => actor.send({ type: 'popup.changeType', popupType: 'add-user' })}>
          <Icon name="user" size={18} /> {t('groups.home.user')}
        </button>
      </div>
      {myId !== null ? (
        <button type="button" className="ui-button ui-button--link group-home__me" onClick={() => actor.send({ type: 'user.openProperties', id: myId })}>
          {t('groups.home.myCard')}
        </button>
      ) : null}
    </section>
  );
}
