import { useT } from '../../../services/i18n';
import { toggleLiveChat, useLiveChat } from '../../../services/live-chat';
import { Icon } from '../ui/icon';
import { Popover } from '../ui/popover';
import { Tooltip } from '../ui/tooltip';

/**
 * The header's chat icon. With the live-chat widget ready it opens and closes the chat; before that it shows the
 * support hint of the product spec and says plainly that the chat is not connected.
 */
export function HeaderChat() {
  const t = useT();
  const chat = useLiveChat();
  const label = t('shell.header.chat');
  if (chat.ready) {
    return (
      <Tooltip content={label}>
        <button type="button" className="header-icon" aria-label={label} aria-pressed={chat.open} onClick={toggleLiveChat}>
          <Icon name="chat" size={22} />
        </button>
      </Tooltip>
    );
  }
  return (
    <Popover
      label={label}
      width={320}
      trigger={
        <button type="button" className="header-icon" aria-label={label}>
          <Icon name="chat" size={22} />
        </button>
      }
    >
      <div className="header-chat">
        <strong>{t('support.hintTitle')}</strong>
        <p>{t('support.hintText')}</p>
        <p className="header-chat__note">{t('support.unavailable')}</p>
      </div>
    </Popover>
  );
}
