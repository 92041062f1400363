import { Icon } from '../ui/icon';
import { GroupPopupActor } from './group-popup-context';

/** The title of an add-user or create-group card, with the icon that goes back to the popup's main view. */
export function CardHeader({ titleId, title, closeLabel }: { titleId: string; title: string; closeLabel: string }) {
  const actor = GroupPopupActor.useActorRef();
  return (
    <header className="group-form__header">
      <h3 id={titleId}>{title}</h3>
      <button type="button" className="ui-icon-button" aria-label={closeLabel} onClick={() => actor.send({ type: 'popup.changeType', popupType: 'main' })}>
        <Icon name="close" size={20} />
      </button>
    </header>
  );
}
