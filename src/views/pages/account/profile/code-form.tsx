import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { CodeSentResponse } from '../../../../contract/auth';
import { useT } from '../../../../services/i18n';
import { CodeField } from '../../../components/form/code-field';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';
import { CodeNotice } from '../../auth/code-notice';
import { useEntryCount, useFocusFirstInvalid } from '../../auth/flow-hooks';
import { ResendCode } from '../../auth/resend-code';
import { useSentCode } from '../../auth/sent-code';
import { useFlowErrorState } from './flow-errors';
import { useFormErrors, type FormErrorState } from './use-form-errors';

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

type CodeFlowSnapshot = {
  context: FormErrorState & { codeSent: CodeSentResponse | null; resendAvailable: boolean };
  hasTag(tag: 'busy'): boolean;
};

/**
 * What a code step reads alike from its flow: the code sent, busy, the flow's resend timer and the code's errors.
 * `entering` is on while the flow waits for the code; each entry restarts the flow's timer, and the countdown with it.
 */
export function useCodeFlow<A extends AnyActorRef>(actor: SnapshotFrom<A> extends CodeFlowSnapshot ? A : never, codeField: string, entering: boolean) {
  const codeSent = useSelector(actor, (snapshot: CodeFlowSnapshot) => snapshot.context.codeSent);
  const busy = useSelector(actor, (snapshot: CodeFlowSnapshot) => snapshot.hasTag('busy'));
  const resendReady = useSelector(actor, (snapshot: CodeFlowSnapshot) => snapshot.context.resendAvailable);
  const errors = useFormErrors(useFlowErrorState(actor), [codeField]);
  return { codeSent, busy, resendReady, errors, restartKey: useEntryCount(entering) };
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
