import { RetryNote } from './ui/retry-note';
import { Skeleton } from './ui/skeleton';

interface EntityLoadingProps {
  /** The page's block class: `<block>__failed` and `<block>__loading` hold the two states. */
  block: string;
  failed: boolean;
  failedText: string;
  retryLabel: string;
  onRetry: () => void;
  /** The two skeletons' picture sizes and lines: the page's header part, then its body; only the first announces. */
  skeletons: readonly [{ rows: number; imageSize: number }, { rows: number; imageSize: number }];
}

/** A record's page before the record comes: its skeletons, or the failure with a retry. */
export function EntityLoading({ block, failed, failedText, retryLabel, onRetry, skeletons: [first, second] }: EntityLoadingProps) {
  if (failed) return <RetryNote text={failedText} retryLabel={retryLabel} onRetry={onRetry} look="secondary" className={`${block}__failed`} />;
  return (
    <div className={`${block}__loading`}>
      <Skeleton rows={first.rows} imageSize={first.imageSize} />
      <Skeleton rows={second.rows} imageSize={second.imageSize} announce={false} />
    </div>
  );
}
