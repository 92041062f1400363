import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useT } from '../../../services/i18n';
import { getToasts, subscribeToasts } from '../../../services/toasts';

// The first visit to /auth shows no toast: the list, its icons and styles load with the first toast.
const ToastList = lazy(() => import('./toast-list'));

/**
 * Mounted once by the app. The container stays in the page so screen readers are already watching when a toast
 * arrives; it becomes a named region only while it holds toasts.
 */
export function Toaster() {
  const t = useT();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <section className="ui-toaster" aria-label={toasts.length > 0 ? t('ui.toasts.region') : undefined}>
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} />
        </Suspense>
      ) : null}
    </section>
  );
}
