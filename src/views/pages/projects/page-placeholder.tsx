import { Skeleton } from '../../components/ui/skeleton';
import { useOnVisible } from '../../components/ui/use-on-visible';

/** About one project line's height, px. */
const ITEM_HEIGHT = 88;

interface PagePlaceholderProps {
  page: number;
  /** How many lines the page will hold, so the scroll height is right before it loads. */
  rows: number;
  onVisible: () => void;
}

/** Spec 4: a page of projects not loaded yet; it asks for itself when scrolled into view. */
export function PagePlaceholder({ page, rows, onVisible }: PagePlaceholderProps) {
  const ref = useOnVisible<HTMLLIElement>(onVisible);
  return (
    <li ref={ref} className="projects-list__placeholder" data-page={page}>
      <div style={{ minHeight: rows * ITEM_HEIGHT }}>
        <Skeleton rows={3} imageSize={56} announce={false} />
      </div>
    </li>
  );
}
