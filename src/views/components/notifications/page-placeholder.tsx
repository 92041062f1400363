import { Skeleton } from '../ui/skeleton';
import { useOnVisible } from '../ui/use-on-visible';

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
  const ref = useOnVisible<HTMLLIElement>(onVisible);
  return (
    <li ref={ref} className="notification-page-placeholder" data-page={page}>
      {/* One skeleton row is enough to see; the block keeps the page's full height. */}
      <div style={{ minHeight: rows * ITEM_HEIGHT }}>
        <Skeleton rows={2} imageSize={24} />
      </div>
    </li>
  );
}
