import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { Tooltip } from '../ui/tooltip';
import { GroupPopup } from './group-popup';

/** The header's group icon (tooltip 'Группы пользователей', spec 2.5) and the popup it opens. */
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
      {open ? <GroupPopup onClosed={() => setOpen(false)} /> : null}
    </>
  );
}
