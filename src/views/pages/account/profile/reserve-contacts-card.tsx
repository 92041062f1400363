import { useT } from '../../../../services/i18n';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDetailedInfo } from './api/get-profile';
import { LoadFailed } from './load-failed';
import { ReserveContactRow } from './reserve-contact-row';

/** Reserve phone and e-mail (the product spec's ReservePhone, ReserveEmail), as GetMyDetailedInfo stores them. */
export function ReserveContactsCard() {
  const t = useT();
  const { data: info, isPending, isError, refetch } = useDetailedInfo();
  return (
    <section className="card profile-card" aria-labelledby="profile-reserve-heading">
      <h2 id="profile-reserve-heading" className="profile-card__heading">{t('account.profile.reserve.heading')}</h2>
      <p className="profile-card__lead">{t('account.profile.reserve.lead')}</p>
      {isPending ? <Skeleton rows={2} imageSize={0} /> : null}
      {!info && isError ? <LoadFailed text={t('account.profile.loadFailed')} onRetry={() => void refetch()} /> : null}
      {info ? (
        <ul className="profile-reserve__list">
          <ReserveContactRow kind="ReservePhone" stored={info.reservePhone} />
          <ReserveContactRow kind="ReserveEmail" stored={info.reserveEmail} />
        </ul>
      ) : null}
    </section>
  );
}
