import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { localizePath, useLocale } from '../../../../services/i18n';
import { staffAbilities, staffHome } from '../../../../services/staff/staff-roles';
import { useStaffSession } from '../../../../services/staff/staff-session';

/** The admin's pages open to admins only; anyone else goes to their own desk before any admin call is made. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const role = useStaffSession()?.member.role ?? 'engineer';
  if (!staffAbilities(role).admin) return <Redirect to={localizePath(staffHome(role), locale)} replace />;
  return <>{children}</>;
}
