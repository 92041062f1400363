import type { ReactNode } from 'react';
import { useT } from '../../services/i18n';
import { LanguageSwitch } from '../components/language-switch';
import { Toaster } from '../components/ui/toaster';
import { withQueryProvider } from '../data/query-provider';
import '../pages/staff/staff.css';

/** The staff sign-in and password set-up: the form alone, with the language switch. */
function StaffAuthLayout({ children }: { title?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="staff-auth">
      <header className="staff-auth__header">
        <span className="staff-brand">{t('staff.brand')}</span>
        <LanguageSwitch />
      </header>
      <main className="staff-auth__main" id="content">{children}</main>
      <Toaster />
    </div>
  );
}

export default withQueryProvider(StaffAuthLayout);
