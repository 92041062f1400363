import type { UserSummary } from '../../contract/user';
import { formatNumber, fullName } from '../../services/format';
import { useT } from '../../services/i18n';
import { Avatar } from './avatar';
import { useSession, useSessionActor } from './session-context';
import { ThemeMenuItems } from './shell/theme-controls';
import { Icon, type IconName } from './ui/icon';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuLinkItem, MenuSeparator, MenuTrigger } from './ui/menu';

const LINKS: readonly (readonly [string, string, IconName])[] = [
  ['/', 'profileMenu.home', 'home'],
  ['/account/profile', 'profileMenu.profile', 'user'],
  ['/account/clients', 'profileMenu.clients', 'client'],
  ['/account/counteragents', 'profileMenu.payers', 'payer'],
  ['/account/contacts', 'profileMenu.contacts', 'contact'],
  ['/account/delivery', 'profileMenu.delivery', 'delivery'],
];

/** Profile dropdown of the product spec on the shared menu (keyboard, Escape, focus back to the button). */
export function ProfileMenu({ user }: { user: UserSummary }) {
  const t = useT();
  const session = useSessionActor();
  const favorite = useSession((s) => s.context.counters?.favorite ?? null);
  const name = fullName(user);
  return (
    <Menu>
      <MenuTrigger>
        <button type="button" className="profile-menu__button">
          <Avatar src={user.avatar} isMale={user.isMale} alt="" />
          <span className="profile-menu__name">{name}</span>
        </button>
      </MenuTrigger>
      <MenuContent align="end" label={t('profileMenu.open')} className="profile-menu__list">
        <MenuLabel>
          <span className="profile-menu__who">
            <Avatar src={user.avatar} isMale={user.isMale} alt="" size={40} />
            <span>{name}</span>
          </span>
        </MenuLabel>
        {LINKS.map(([to, label, icon]) => (
          <MenuLinkItem key={to} to={to}>
            <Icon name={icon} size={18} />
            {t(label)}
          </MenuLinkItem>
        ))}
        <MenuSeparator />
        <MenuLinkItem to="/projects?favorite=true">
          <Icon name="star" size={18} />
          <span className="profile-menu__grow">{t('profileMenu.favoriteProjects')}</span>
          {favorite ? <span className="profile-menu__count">{formatNumber(favorite.totalProject)}</span> : null}
        </MenuLinkItem>
        <MenuLinkItem to="/orders?favorite=true">
          <Icon name="star" size={18} />
          <span className="profile-menu__grow">{t('profileMenu.favoriteOrders')}</span>
          {favorite ? <span className="profile-menu__count">{formatNumber(favorite.totalOrder)}</span> : null}
        </MenuLinkItem>
        <MenuSeparator />
        <ThemeMenuItems />
        <MenuSeparator />
        <MenuItem danger onSelect={() => session.send({ type: 'session.logout' })}>
          <Icon name="logout" size={18} />
          {t('profileMenu.logout')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
