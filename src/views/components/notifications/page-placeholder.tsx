import { useEffect, useRef } from 'react';
import { Skeleton } from '../ui/skeleton';

/** About one item's height in the popup, px. */
const ITEM_HEIGHT = 64;

interface PagePlaceholderProps {
  page: number;
  /** How many item rows the page will hold, so the scroll height is right before it loads. */
  rows: number;
  onVisible: () => void;
}

/** Spec 4: a page not loaded yet; it asks for itself when scrolled into view. */
export function PagePlaceholder({ page, rows, onVisible }: PagePlaceholderProps) {
  const ref = useRef<HTMLLIElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    // Without IntersectionObserver (very old browsers) every page counts as visible: slower, never stuck.
    if (typeof IntersectionObserver === 'undefined') {
      latest.current();
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <li ref={ref} className="notification-page-placeholder" data-page={page}>
      {/* One skeleton row is enough to see; the block keeps the page's full height. */}
      <div style={{ minHeight: rows * ITEM_HEIGHT }}>
        <Skeleton rows={2} imageSize={24} />
      </div>
    </li>
  );
}
