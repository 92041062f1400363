import { useT } from '../../../../services/i18n';
import { useDetailedInfo } from './api/get-profile';
import { ProfileCard } from './profile-card';
import { ReserveContactRow } from './reserve-contact-row';

/** Reserve phone and e-mail (the product spec's ReservePhone, ReserveEmail), as GetMyDetailedInfo stores them. */
export function ReserveContactsCard() {
  const t = useT();
  return (
    <ProfileCard name="reserve" heading={t('account.profile.reserve.heading')} lead={t('account.profile.reserve.lead')}
      query={useDetailedInfo()} skeleton={{ rows: 2 }} failedText={t('account.profile.loadFailed')}>
      {(info) => (
        <ul className="profile-reserve__list">
          <ReserveContactRow kind="ReservePhone" stored={info.reservePhone} />
          <ReserveContactRow kind="ReserveEmail" stored={info.reserveEmail} />
        </ul>
      )}
    </ProfileCard>
  );
}
