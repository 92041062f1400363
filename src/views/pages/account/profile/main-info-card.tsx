import { useState } from 'react';
import type { CredentialType } from '../../../../contract/credentials';
import { useT } from '../../../../services/i18n';
import { useDetailedInfo } from './api/get-profile';
import { useSummaryChange } from './api/profile-mutations';
import { AvatarBlock } from './avatar-block';
import { CredentialChangeModal } from './credential-change-modal';
import { CredentialRows } from './credential-rows';
import { MainInfoForm } from './main-info-form';
import { ProfileCard } from './profile-card';

/** Main info: photo, names, gender, and the sign-in phone and e-mail with their change flow. */
export function MainInfoCard() {
  const t = useT();
  const info = useDetailedInfo();
  const changeSummary = useSummaryChange();
  const [changing, setChanging] = useState<CredentialType | null>(null);
  return (
    <ProfileCard name="main" heading={t('account.profile.main.heading')}
      query={info} skeleton={{ rows: 4, imageSize: 112 }} failedText={t('account.profile.loadFailed')}>
      {({ summary }) => (
        <>
          <div className="profile-main">
            <AvatarBlock summary={summary} />
            <MainInfoForm summary={summary} />
          </div>
          <CredentialRows summary={summary} onChange={setChanging} />
          <CredentialChangeModal
            type={changing}
            onClose={() => setChanging(null)}
            onChanged={(result) => changeSummary({ phone: result.phone, email: result.email })}
          />
        </>
      )}
    </ProfileCard>
  );
}
