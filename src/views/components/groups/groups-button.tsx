import { lazy, Suspense, useState } from 'react';
import { loadPortalTexts, useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { Tooltip } from '../ui/tooltip';

// The popup (its machine, people search and cards) loads when the icon is clicked, not with every page's header.
// It brings the texts of the portal beyond the frame, which the dashboard alone does not load.
const GroupPopup = lazy(() => Promise.all([import('./group-popup'), loadPortalTexts()]).then(([module]) => ({ default: module.GroupPopup })));

/** The header's group icon (tooltip 'Группы пользователей', the product spec's shell) and the popup it opens. */
export function GroupsButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip content={t('groups.button')}>
        <button type="button" className="ui-icon-button" aria-label={t('groups.button')} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <Icon name="group" size={22} />
        </button>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <GroupPopup onClosed={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
