import type { UserDetailedInfo } from '../../../../contract/user';
import { useT } from '../../../../services/i18n';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadFailed } from './load-failed';
import { ReserveContactRow } from './reserve-contact-row';
import type { Loaded } from './use-load';

/** Reserve phone and e-mail (spec 4 ReservePhone, ReserveEmail), as GetMyDetailedInfo stores them. */
export function ReserveContactsCard({ info, onRetry }: { info: Loaded<UserDetailedInfo>; onRetry: () => void }) {
  const t = useT();
  return (
    <section className="card profile-card" aria-labelledby="profile-reserve-heading">
      <h2 id="profile-reserve-heading" className="profile-card__heading">{t('account.profile.reserve.heading')}</h2>
      <p className="profile-card__lead">{t('account.profile.reserve.lead')}</p>
      {info.status === 'loading' ? <Skeleton rows={2} imageSize={0} /> : null}
      {info.status === 'failed' ? <LoadFailed text={t('account.profile.loadFailed')} onRetry={onRetry} /> : null}
      {info.status === 'ready' ? (
        <ul className="profile-reserve__list">
          <ReserveContactRow kind="ReservePhone" stored={info.data.reservePhone} />
          <ReserveContactRow kind="ReserveEmail" stored={info.data.reserveEmail} />
        </ul>
      ) : null}
    </section>
  );
}
