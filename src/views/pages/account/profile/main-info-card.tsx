import { useState } from 'react';
import type { CredentialType } from '../../../../contract/credentials';
import { useT } from '../../../../services/i18n';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDetailedInfo } from './api/get-profile';
import { useSummaryChange } from './api/profile-mutations';
import { AvatarBlock } from './avatar-block';
import { CredentialChangeModal } from './credential-change-modal';
import { CredentialRows } from './credential-rows';
import { LoadFailed } from './load-failed';
import { MainInfoForm } from './main-info-form';

/** Main info: photo, names, gender, and the sign-in phone and e-mail with their change flow. */
export function MainInfoCard() {
  const t = useT();
  const { data: info, isPending, isError, refetch } = useDetailedInfo();
  const changeSummary = useSummaryChange();
  const [changing, setChanging] = useState<CredentialType | null>(null);
  return (
    <section className="card profile-card" aria-labelledby="profile-main-heading">
      <h2 id="profile-main-heading" className="profile-card__heading">{t('account.profile.main.heading')}</h2>
      {isPending ? <Skeleton rows={4} imageSize={112} /> : null}
      {!info && isError ? <LoadFailed text={t('account.profile.loadFailed')} onRetry={() => void refetch()} /> : null}
      {info ? (
        <>
          <div className="profile-main">
            <AvatarBlock summary={info.summary} />
            <MainInfoForm summary={info.summary} />
          </div>
          <CredentialRows summary={info.summary} onChange={setChanging} />
          <CredentialChangeModal
            type={changing}
            onClose={() => setChanging(null)}
            onChanged={(result) => changeSummary({ phone: result.phone, email: result.email })}
          />
        </>
      ) : null}
    </section>
  );
}
