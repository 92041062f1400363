import { useSelector } from '@xstate/react';
import { CHANGE_FIELDS } from '../../../../machines/credential-change/credential-change-rules';
import { formatPhone } from '../../../../services/phone-format';
import { useT } from '../../../../services/i18n';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { keepTogether } from '../../auth/keep-together';
import { CodeForm, useCodeFlow } from './code-form';
import type { ChangeActor } from './credential-change-steps';

// The credential change's last steps: the codes that confirm it, and what it came to.

/** The code sent to the current credential (`confirmOld`) or to the new value (`confirmNew`). */
export function CodeStep({ actor, which }: { actor: ChangeActor; which: 'confirmOld' | 'confirmNew' }) {
  const t = useT();
  const confirming = useSelector(actor, (snapshot) => snapshot.matches({ [which]: 'checking' }));
  const entering = useSelector(actor, (snapshot) => snapshot.matches({ [which]: 'entering' }));
  const canResend = useSelector(actor, (snapshot) => snapshot.can({ type: 'change.resend' }));
  const flow = useCodeFlow(actor, CHANGE_FIELDS.code, entering);
  const lead = which === 'confirmOld' ? 'account.profile.change.oldLead' : 'account.profile.change.newLead';
  return (
    <CodeForm {...flow} lead={t(lead, { destination: keepTogether(flow.codeSent?.destination ?? '') })}
      confirming={confirming} canResend={canResend}
      onResend={() => actor.send({ type: 'change.resend' })} onSubmit={(code) => actor.send({ type: 'change.submitCode', code })}>
      <Button variant="secondary" disabled={flow.busy} onClick={() => actor.send({ type: 'change.back' })}>
        {t('account.profile.change.back')}
      </Button>
    </CodeForm>
  );
}

export function DoneStep({ actor, onClose }: { actor: ChangeActor; onClose: () => void }) {
  const t = useT();
  const type = useSelector(actor, (snapshot) => snapshot.context.credentialTypeCode);
  const result = useSelector(actor, (snapshot) => snapshot.context.result);
  const value = type === 'RegistrationPhone' ? formatPhone(result?.phone) : (result?.email ?? '');
  return (
    <div className="profile-flow">
      <p className="profile-flow__done" role="status">
        <Icon name="success" size={24} />
        <span>{t(`account.profile.change.done.${type}`, { value })}</span>
      </p>
      <div className="profile-flow__actions">
        <Button autoFocus onClick={onClose}>{t('account.profile.change.close')}</Button>
      </div>
    </div>
  );
}
