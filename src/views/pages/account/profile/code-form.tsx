import type { ReactNode } from 'react';
import type { CodeSentResponse } from '../../../../contract/auth';
import { useT } from '../../../../services/i18n';
import { CodeField } from '../../../components/form/code-field';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';
import { CodeNotice } from '../../auth/code-notice';
import { useFocusFirstInvalid } from '../../auth/flow-hooks';
import { ResendCode } from '../../auth/resend-code';
import { useSentCode } from '../../auth/sent-code';
import type { useFormErrors } from './use-form-errors';

export interface CodeFormProps {
  /** Already translated, naming where the code went. */
  lead: string;
  codeSent: CodeSentResponse | null;
  errors: ReturnType<typeof useFormErrors>;
  busy: boolean;
  /** Busy checking the code (else busy sending a new one). */
  confirming: boolean;
  /** The flow's word on resending: open after the gateway's cooldown, allowed in the current state. */
  resendReady: boolean;
  canResend: boolean;
  /** Changes whenever the flow restarts its cooldown, so the countdown starts over with it. */
  restartKey: unknown;
  onResend: () => void;
  onSubmit: (code: string) => void;
  /** Back or cancel, before the confirm button. */
  children?: ReactNode;
}

/** A code step: where the code went, the code field with its error, resend after the countdown, confirm. */
export function CodeForm({ lead, codeSent, errors, busy, confirming, resendReady, canResend, restartKey, onResend, onSubmit, children }: CodeFormProps) {
  const t = useT();
  const [code, setCode] = useSentCode(codeSent);
  const codeError = errors.field('code');
  const formRef = useFocusFirstInvalid(codeError.error);
  return (
    <FlowForm formRef={formRef} className="profile-flow" onSubmit={() => onSubmit(code)}>
      {/* Codes here go by SMS or e-mail, never by a call: only a delay can need saying. */}
      <CodeNotice asked={null} codeSent={codeSent} />
      <p className="profile-flow__lead">{lead} {t('account.profile.change.lifetime')}</p>
      <FormError message={errors.banner} />
      <CodeField
        label={t('account.profile.change.code')}
        name="code"
        autoFocus
        length={codeSent?.codeLength ?? 6}
        value={code}
        onValueChange={setCode}
        {...codeError}
      />
      <ResendCode
        cooldownSeconds={codeSent?.resendAfterSeconds ?? 0}
        restartKey={restartKey}
        ready={resendReady}
        disabled={!canResend}
        label={t('account.profile.change.resend')}
        onResend={onResend}
      />
      <div className="profile-flow__actions">
        {children}
        <Button type="submit" busy={busy}>
          {busy ? t(confirming ? 'account.profile.change.confirming' : 'account.profile.change.sending') : t('account.profile.change.confirm')}
        </Button>
      </div>
    </FlowForm>
  );
}
