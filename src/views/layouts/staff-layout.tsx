import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { STAFF_SIGN_IN_PATH } from '../../services/staff/staff-api';
import { staffAbilities } from '../../services/staff/staff-roles';
import { useStaffSession } from '../../services/staff/staff-session';
import { localizePath, useLocale, useT } from '../../services/i18n';
import { LanguageSwitch } from '../components/language-switch';
import { LocalLink } from '../components/local-link';
import { Toaster } from '../components/ui/toaster';
import { withQueryProvider } from '../data/query-provider';
import { SignOutButton } from '../pages/staff/sign-out-button';
import '../pages/staff/staff.css';

/** The staff desks' frame: only with a staff session, and only the sections the member's role opens. */
function StaffLayout({ children }: { title?: string; children: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const session = useStaffSession();
  const [location] = useLocation();
  const search = useSearch();
  if (!session) {
    const back = encodeURIComponent(search ? `${location}?${search}` : location);
    return <Redirect to={`${localizePath(STAFF_SIGN_IN_PATH, locale)}?redirect=${back}`} replace />;
  }
  const { member } = session;
  const may = staffAbilities(member.role);
  return (
    <div className="staff-frame">
      <header className="staff-frame__header">
        <span className="staff-brand">{t('staff.brand')}</span>
        <nav className="staff-frame__nav" aria-label={t('staff.nav.label')}>
          {may.queue ? <LocalLink to="/staff" activeClassName="is-active">{t('staff.nav.queue')}</LocalLink> : null}
          {may.orders ? <LocalLink to="/staff/orders" activeClassName="is-active">{t('staff.nav.orders')}</LocalLink> : null}
          {may.complaints ? <LocalLink to="/staff/complaints" activeClassName="is-active">{t('staff.nav.complaints')}</LocalLink> : null}
          {may.support ? <LocalLink to="/staff/support" activeClassName="is-active">{t('staff.nav.support')}</LocalLink> : null}
          {may.admin ? <LocalLink to="/staff/members" activeClassName="is-active">{t('staff.nav.members')}</LocalLink> : null}
          {may.admin ? <LocalLink to="/staff/audit" activeClassName="is-active">{t('staff.nav.audit')}</LocalLink> : null}
          {may.admin ? <LocalLink to="/staff/integrations" activeClassName="is-active">{t('staff.nav.integrations')}</LocalLink> : null}
          <LocalLink to="/staff/sessions" activeClassName="is-active">{t('staff.nav.sessions')}</LocalLink>
        </nav>
        <span className="staff-frame__member">{t('staff.nav.member', { name: member.name, role: t(`staff.roles.${member.role}`) })}</span>
        <LanguageSwitch />
        <SignOutButton />
      </header>
      <main className="staff-frame__main" id="content">{children}</main>
      <Toaster />
    </div>
  );
}

export default withQueryProvider(StaffLayout);
