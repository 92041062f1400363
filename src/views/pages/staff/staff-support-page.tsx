import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { staffCalls } from '../../../services/staff/staff-calls';
import { dateTime } from '../../../services/staff/staff-format';
import { FormError } from '../../components/form/form-error';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { FlowForm } from '../../components/form/flow-form';

/** /staff/support: a one-time key to sign in as a customer, issued with a reason the gateway logs; shown only once. */
export default function StaffSupportPage() {
  const t = useT();
  const [login, setLogin] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const issue = useMutation({ mutationFn: () => staffCalls().strangerKey({ login: login.trim(), reason: reason.trim() }) });
  const required = (value: string) => (checked && value.trim() === '' ? t('staff.support.required') : undefined);
  return (
    <section className="staff-page" aria-labelledby="staff-support-heading">
      <h1 id="staff-support-heading">{t('staff.support.heading')}</h1>
      <p className="staff-page__lead">{t('staff.support.lead')}</p>
      <FlowForm
        className="staff-form staff-support"
        onSubmit={() => {
          setChecked(true);
          if (login.trim() && reason.trim()) issue.mutate();
        }}
      >
        <FormError message={issue.error?.message} />
        <TextField label={t('staff.support.login')} name="login" value={login} onValueChange={setLogin} error={required(login)} />
        <TextField label={t('staff.support.reason')} name="reason" value={reason} onValueChange={setReason} error={required(reason)} />
        <SubmitButton busy={issue.isPending} busyLabel={t('staff.support.issuing')}>{t('staff.support.issue')}</SubmitButton>
      </FlowForm>
      {issue.data ? (
        <div className="staff-support__key" role="status">
          <p>{t('staff.support.key')}</p>
          <code>{issue.data.key}</code>
          <p className="staff-muted">{t('staff.support.expires', { at: dateTime(issue.data.expiresAt) })}</p>
        </div>
      ) : null}
    </section>
  );
}
