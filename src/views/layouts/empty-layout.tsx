import type { ReactNode } from 'react';
import { useT } from '../../services/i18n';
import { useRootPrefs } from '../components/shell/use-root-prefs';

/** Spec 2.4 empty layout: the page alone, in the chosen colour mode. */
export default function EmptyLayout({ children }: { title?: string; children: ReactNode }) {
  const t = useT();
  useRootPrefs();
  return (
    <>
      <a className="skip-link" href="#content">{t('app.skipToContent')}</a>
      <main className="empty-layout" id="content">
        {children}
      </main>
    </>
  );
}
