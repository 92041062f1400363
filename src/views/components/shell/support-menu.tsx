import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { toggleLiveChat, useLiveChat } from '../../../services/live-chat';
import { Icon } from '../ui/icon';
import { Menu, MenuContent, MenuItem, MenuLinkItem, MenuTrigger } from '../ui/menu';
import { SUPPORT_PAGE_URL, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from './support-contacts';

/** A real link out of the portal inside the shared menu (the wrapper's link item is for portal paths). */
function ExternalItem({ href, newTab, children }: { href: string; newTab: boolean; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className="ui-menu__item">
      <a href={href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    </DropdownMenu.Item>
  );
}

/** The product spec's support menu: update history, the live chat once its widget is ready, the support page, the phone. */
export function SupportMenu() {
  const t = useT();
  const chat = useLiveChat();
  return (
    <Menu>
      <MenuTrigger>
        <button type="button" className="header-button">
          <Icon name="support" size={22} />
          <span className="header-button__label">{t('shell.support.button')}</span>
        </button>
      </MenuTrigger>
      <MenuContent align="start" label={t('shell.support.button')}>
        <MenuLinkItem to="/updates">
          <Icon name="info" size={18} />
          {t('shell.support.updates')}
        </MenuLinkItem>
        {chat.ready ? (
          <MenuItem onSelect={toggleLiveChat}>
            <Icon name="chat" size={18} />
            {t(chat.open ? 'shell.support.chatClose' : 'shell.support.chatOpen')}
          </MenuItem>
        ) : null}
        <ExternalItem href={SUPPORT_PAGE_URL} newTab>
          <Icon name="external" size={18} />
          {t('shell.support.page')}
        </ExternalItem>
        <ExternalItem href={SUPPORT_PHONE_HREF} newTab={false}>
          <Icon name="phone" size={18} />
          {t('shell.support.phone', { phone: SUPPORT_PHONE })}
        </ExternalItem>
      </MenuContent>
    </Menu>
  );
}
