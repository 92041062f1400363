import { useState, type ReactNode, type Ref } from 'react';
import type { CodeSentResponse } from '../../../contract/auth';
import { useT } from '../../../services/i18n';
import { CodeField } from '../../components/form/code-field';
import { FlowForm } from '../../components/form/flow-form';
import { FormError } from '../../components/form/form-error';
import { SubmitButton } from '../../components/form/submit-button';
import { CodeNotice, methodSent, type CodeMethod } from './code-notice';
import type { useFlowErrors } from './flow-hooks';
import { keepTogether } from './keep-together';
import { ResendCode, type ResendCodeProps } from './resend-code';

export type { CodeMethod } from './code-notice';

/** The digits typed for the code last sent: a new code clears them, since the old digits are useless. */
export function useSentCode(codeSent: CodeSentResponse | null): [string, (code: string) => void] {
  const [code, setCode] = useState('');
  const [codeFor, setCodeFor] = useState(codeSent);
  if (codeFor !== codeSent) {
    setCodeFor(codeSent);
    setCode('');
  }
  return [code, setCode];
}

interface SentCodeFieldsProps {
  /** The method asked for; the screen speaks of the one the code went by (a call that could not be placed: SMS). */
  method: CodeMethod;
  codeSent: CodeSentResponse | null;
  /** Digits expected before the gateway has said (a flash call's number ends in 4). */
  fallbackLength: 4 | 6;
  code: string;
  onCodeChange: (code: string) => void;
  errors: ReturnType<typeof useFlowErrors>;
  busy: boolean;
  confirming: boolean;
}

/** Where the code went and how long it lives, the error banner, the code field and its submit: sign-in and registration alike. */
function SentCodeFields({ method, codeSent, fallbackLength, code, onCodeChange, errors, busy, confirming }: SentCodeFieldsProps) {
  const t = useT();
  const sent = methodSent(method, codeSent);
  return (
    <>
      <CodeNotice asked={method} codeSent={codeSent} />
      <p className="auth-form__lead">
        {t(`auth.code.sent.${sent}`, { destination: keepTogether(codeSent?.destination ?? '') })} {t('auth.code.lifetime')}
      </p>
      <FormError message={errors.banner} />
      <CodeField
        label={t(`auth.code.label.${sent}`)}
        name="code"
        autoFocus
        length={codeSent?.codeLength ?? fallbackLength}
        value={code}
        onValueChange={onCodeChange}
        {...errors.field('code')}
      />
      <SubmitButton busy={busy} busyLabel={t(confirming ? 'auth.code.confirming' : 'auth.code.sending')}>
        {t('auth.code.confirm')}
      </SubmitButton>
    </>
  );
}

interface SentCodeFormProps extends Omit<SentCodeFieldsProps, 'code' | 'onCodeChange'> {
  formRef: Ref<HTMLFormElement>;
  /** The countdown and the flow's word on sending again; the link's label follows the method. */
  resend: Omit<ResendCodeProps, 'label'>;
  onSubmit: (code: string) => void;
  /** Links beside "send again": back to the previous step, another method. */
  children?: ReactNode;
}

/** A code step of sign-in or registration: the fields above, then sending again and the step's other links. */
export function SentCodeForm({ formRef, resend, onSubmit, children, ...fields }: SentCodeFormProps) {
  const t = useT();
  const [code, setCode] = useSentCode(fields.codeSent);
  return (
    <FlowForm formRef={formRef} onSubmit={() => onSubmit(code)}>
      <SentCodeFields {...fields} code={code} onCodeChange={setCode} />
      <div className="auth-form__links">
        <ResendCode {...resend} label={t(fields.method === 'call' ? 'auth.code.recall' : 'auth.code.resend')} />
        {children}
      </div>
    </FlowForm>
  );
}
