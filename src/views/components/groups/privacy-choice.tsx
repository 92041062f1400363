import { useT } from '../../../services/i18n';
import { GroupPopupActor, useSaving } from './group-popup-context';

/** The user's own choice of what colleagues see on their card; each tick is saved at once. */
export function PrivacyChoice() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const privacy = GroupPopupActor.useSelector((s) => s.context.directory?.privacy);
  const saving = useSaving();
  if (!privacy) return null;
  const toggle = (field: 'phoneIsHidden' | 'emailIsHidden') =>
    actor.send({ type: 'change.submit', change: { kind: 'setPrivacy', privacy: { ...privacy, [field]: !privacy[field] } } });
  return (
    <fieldset className="privacy-choice">
      <legend>{t('groups.profile.privacy')}</legend>
      <label>
        <input type="checkbox" checked={privacy.phoneIsHidden} disabled={saving} onChange={() => toggle('phoneIsHidden')} />
        {' '}{t('groups.profile.hidePhone')}
      </label>
      <label>
        <input type="checkbox" checked={privacy.emailIsHidden} disabled={saving} onChange={() => toggle('emailIsHidden')} />
        {' '}{t('groups.profile.hideEmail')}
      </label>
    </fieldset>
  );
}
