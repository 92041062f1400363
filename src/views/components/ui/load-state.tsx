import type { ReactNode } from 'react';
import { RetryNote } from './retry-note';
import { Skeleton } from './skeleton';

interface LoadStateProps<Item> {
  /** The list once read; undefined while it loads. */
  items: readonly Item[] | undefined;
  /** Whether to show the failure instead of the list (the caller decides whether a stale list still shows). */
  failed: boolean;
  failedText: string;
  /** A 'try again' link after the failure text. */
  retry?: { label: string; onRetry: () => void };
  skeletonRows: number;
  /** What an empty list shows; without it an empty list goes to `children` like any other. */
  empty?: ReactNode;
  children: (items: readonly Item[]) => ReactNode;
}

/** A list read from the gateway in its states: failed (with a retry), loading (a skeleton), empty, or shown. */
export function LoadState<Item>({ items, failed, failedText, retry, skeletonRows, empty, children }: LoadStateProps<Item>) {
  if (failed && !retry) return <p role="alert">{failedText}</p>;
  if (failed && retry) return <RetryNote text={failedText} retryLabel={retry.label} onRetry={retry.onRetry} look="link" role="alert" />;
  if (!items) return <Skeleton rows={skeletonRows} imageSize={0} />;
  if (items.length === 0 && empty !== undefined) return <>{empty}</>;
  return <>{children(items)}</>;
}
