import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { GroupPopupActor } from './group-popup-context';

/** Spec 2.7 main: a title, 'add a user or create a new group', and the Group and User buttons. */
export function GroupHome() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
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
    </section>
  );
}
