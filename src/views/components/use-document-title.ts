import { useEffect } from 'react';
import { pageTitle } from '../../services/i18n';

/**
 * The frame titles the tab by the route ('Проекты'); a page whose title follows its query retitles it. The frame's
 * own effect runs after the page's in the same commit, hence one task later.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = pageTitle(title);
    }, 0);
    return () => clearTimeout(timer);
  }, [title]);
}
