import { Button } from './button';
import { Skeleton } from './skeleton';
import { useOnVisible } from './use-on-visible';

/** How a list's placeholder pages look: the row height, the class and the skeleton. */
export type PagePlaceholderLook = Omit<PagePlaceholderProps, 'page' | 'rows' | 'onVisible'>;

interface PagePlaceholderProps {
  page: number;
  /** How many item rows the page will hold, so the scroll height is right before it loads. */
  rows: number;
  /** About one item's height in this list, px. */
  itemHeight: number;
  className: string;
  onVisible: () => void;
  skeletonRows?: number;
  imageSize?: number;
  /** Whether the skeleton announces 'loading' to screen readers (once per list is enough). */
  announce?: boolean;
}

/** A page of a lazy list not loaded yet; it asks for itself when scrolled into view. */
export function PagePlaceholder({
  page, rows, itemHeight, className, onVisible, skeletonRows = 2, imageSize = 24, announce = true,
}: PagePlaceholderProps) {
  const ref = useOnVisible<HTMLLIElement>(onVisible);
  return (
    <li ref={ref} className={className} data-page={page}>
      {/* A few skeleton rows are enough to see; the block keeps the page's full height. */}
      <div style={{ minHeight: rows * itemHeight }}>
        <Skeleton rows={skeletonRows} imageSize={imageSize} announce={announce} />
      </div>
    </li>
  );
}

/** A page of a lazy list that failed to load: the line saying so and its 'try again'. */
export function PageFailed({ className, text, retry, onRetry }: { className: string; text: string; retry: string; onRetry: () => void }) {
  return (
    <li className={className}>
      <span>{text}</span>
      <Button variant="link" onClick={onRetry}>{retry}</Button>
    </li>
  );
}
