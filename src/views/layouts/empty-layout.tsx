import type { ReactNode } from 'react';
import { useT } from '../../services/i18n';
import { useRootPrefs } from '../components/shell/use-root-prefs';
import { Toaster } from '../components/ui/toaster';
import { withQueryProvider } from '../data/query-provider';

/** The product spec's empty layout: the page alone, in the chosen colour mode. Toasts live in the signed-in layouts: /auth shows none. */
function EmptyLayout({ children }: { title?: string; children: ReactNode }) {
  const t = useT();
  useRootPrefs();
  return (
    <>
      <a className="skip-link" href="#content">{t('app.skipToContent')}</a>
      <main className="empty-layout" id="content">
        {children}
      </main>
      <Toaster />
    </>
  );
}

/** The signed-in frame reads and writes through the views' data layer. */
export default withQueryProvider(EmptyLayout);
