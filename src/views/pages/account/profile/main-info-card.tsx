import { useState } from 'react';
import type { CredentialType } from '../../../../contract/credentials';
import type { UserDetailedInfo, UserSummary } from '../../../../contract/user';
import { useT } from '../../../../services/i18n';
import { Skeleton } from '../../../components/ui/skeleton';
import { AvatarBlock } from './avatar-block';
import { CredentialChangeModal } from './credential-change-modal';
import { CredentialRows } from './credential-rows';
import { LoadFailed } from './load-failed';
import { MainInfoForm } from './main-info-form';
import type { Loaded } from './use-load';

interface MainInfoCardProps {
  info: Loaded<UserDetailedInfo>;
  onRetry: () => void;
  /** A saved change of the user summary: the page keeps it and the header reloads the user. */
  onSummaryChange: (change: Partial<UserSummary>) => void;
}

/** Main info: photo, names, gender, and the sign-in phone and e-mail with their change flow. */
export function MainInfoCard({ info, onRetry, onSummaryChange }: MainInfoCardProps) {
  const t = useT();
  const [changing, setChanging] = useState<CredentialType | null>(null);
  return (
    <section className="card profile-card" aria-labelledby="profile-main-heading">
      <h2 id="profile-main-heading" className="profile-card__heading">{t('account.profile.main.heading')}</h2>
      {info.status === 'loading' ? <Skeleton rows={4} imageSize={112} /> : null}
      {info.status === 'failed' ? <LoadFailed text={t('account.profile.loadFailed')} onRetry={onRetry} /> : null}
      {info.status === 'ready' ? (
        <>
          <div className="profile-main">
            <AvatarBlock summary={info.data.summary} onAvatar={(avatar) => onSummaryChange({ avatar })} />
            <MainInfoForm summary={info.data.summary} onSaved={(body) => onSummaryChange(body)} />
          </div>
          <CredentialRows summary={info.data.summary} onChange={setChanging} />
          <CredentialChangeModal
            type={changing}
            onClose={() => setChanging(null)}
            onChanged={(result) => onSummaryChange({ phone: result.phone, email: result.email })}
          />
        </>
      ) : null}
    </section>
  );
}
