import { useT } from '../../../../services/i18n';
import { Button } from '../../../components/ui/button';

/** A card whose data did not load: says so and offers to try again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="profile-load-failed" role="alert">
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>{t('account.profile.retry')}</Button>
    </div>
  );
}
