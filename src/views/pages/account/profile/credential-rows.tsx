import type { CredentialType } from '../../../../contract/credentials';
import type { UserSummary } from '../../../../contract/user';
import { formatPhone } from '../../../../services/phone-format';
import { useT } from '../../../../services/i18n';
import { Button } from '../../../components/ui/button';

/** The sign-in phone and e-mail, read-only: they change only through the confirmed flow. */
export function CredentialRows({ summary, onChange }: { summary: UserSummary; onChange: (type: CredentialType) => void }) {
  const t = useT();
  const rows = [
    { type: 'RegistrationEmail', value: summary.email ?? '' },
    { type: 'RegistrationPhone', value: formatPhone(summary.phone) },
  ] as const;
  return (
    <div className="profile-credentials">
      <h3 className="profile-card__subheading">{t('account.profile.credentials.heading')}</h3>
      <p className="profile-card__lead">{t('account.profile.credentials.lead')}</p>
      <dl className="profile-credentials__list">
        {rows.map((row) => (
          <div key={row.type} className="profile-credentials__row">
            <dt>{t(`account.profile.credentials.${row.type}`)}</dt>
            <dd>
              <span className={row.value ? 'profile-credentials__value' : 'profile-credentials__value profile-muted'}>
                {row.value || t('account.profile.credentials.notSet')}
              </span>
              <Button variant="link" aria-label={t(`account.profile.credentials.changeLabel.${row.type}`)} onClick={() => onChange(row.type)}>
                {t('account.profile.credentials.change')}
              </Button>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
