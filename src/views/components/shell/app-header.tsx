import { useHeaderState } from '../../../services/header-info';
import { useT } from '../../../services/i18n';
import { GroupsButton } from '../groups/groups-button';
import { LocalLink } from '../local-link';
import { NotificationsButton } from '../notifications/notifications-button';
import { ProfileMenu } from '../profile-menu';
import { useSession } from '../session-context';
import { Icon } from '../ui/icon';
import { Tooltip } from '../ui/tooltip';
import { CartWidget } from './cart-widget';
import { HeaderChat } from './header-chat';
import { RelatedInfoBar } from './related-info-bar';
import { SupportMenu } from './support-menu';
import './shell.css';

/** The product spec's header (64 px): title and subtitle, the related-info bar, support, cart, notifications, tools, profile. */
export function AppHeader({ title }: { title?: string }) {
  const t = useT();
  const user = useSession((s) => s.context.user);
  const { subtitle } = useHeaderState();
  // The header renders only once the user summary is loaded.
  if (!user) return <div className="app-header app-header--pending" aria-hidden="true" />;
  return (
    <header className="app-header">
      {/* The header is a size container: its own width, not the window's, says which labels still fit (shell.css). */}
      <div className="app-header__bar">
        <div className="app-header__heading">
          {title ? <span className="app-header__title" title={title}>{title}</span> : null}
          {subtitle ? <span className="app-header__subtitle">{subtitle}</span> : null}
        </div>
        <RelatedInfoBar />
        <div className="app-header__widgets">
          <SupportMenu />
          <CartWidget />
          <NotificationsButton />
        </div>
        <div className="app-header__tools" role="group" aria-label={t('shell.header.tools')}>
          <HeaderChat />
          <Tooltip content={t('shell.header.knowledge')}>
            <LocalLink to="/help" className="header-icon" aria-label={t('shell.header.knowledge')}>
              <Icon name="knowledge" size={22} />
            </LocalLink>
          </Tooltip>
          <GroupsButton />
        </div>
        <ProfileMenu user={user} />
      </div>
    </header>
  );
}
