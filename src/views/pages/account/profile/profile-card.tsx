import type { ReactNode } from 'react';
import { useT } from '../../../../services/i18n';
import { RetryNote } from '../../../components/ui/retry-note';
import { Skeleton } from '../../../components/ui/skeleton';

interface CardQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface ProfileCardProps<T> {
  /** Names the heading's id, `profile-${name}-heading`, which labels the card. */
  name: string;
  heading: string;
  lead?: string;
  query: CardQuery<T>;
  skeleton: { rows: number; imageSize?: number };
  failedText: string;
  /** The card's content once its data is in; a failed reload keeps showing what was read. */
  children: (data: T) => ReactNode;
}

/** The profile page's look of a ChoiceFieldset. */
export const PROFILE_CHOICE = { fieldset: 'profile-choice', legend: 'profile-choice__legend', option: 'profile-choice__option' };

/** A card of the profile page that reads its own data: heading and lead, then loading, failed or the content. */
export function ProfileCard<T>({ name, heading, lead, query, skeleton, failedText, children }: ProfileCardProps<T>) {
  const headingId = `profile-${name}-heading`;
  return (
    <section className="card profile-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-card__heading">{heading}</h2>
      {lead ? <p className="profile-card__lead">{lead}</p> : null}
      {query.isPending ? <Skeleton rows={skeleton.rows} imageSize={skeleton.imageSize ?? 0} /> : null}
      {query.data === undefined && query.isError ? <LoadFailed text={failedText} onRetry={() => void query.refetch()} /> : null}
      {query.data === undefined ? null : children(query.data)}
    </section>
  );
}

/** A card whose data did not load: says so and offers to try again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return <RetryNote text={text} retryLabel={t('account.profile.retry')} onRetry={onRetry} look="secondary" className="profile-load-failed" role="alert" />;
}
