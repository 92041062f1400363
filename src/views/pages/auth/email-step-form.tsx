import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { FormError } from '../../components/form/form-error';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { FlowForm } from '../../components/form/flow-form';
import type { useFlowForm } from './flow-hooks';

interface EmailStepFormProps {
  /** The flow's busy state, errors and form ref. */
  form: ReturnType<typeof useFlowForm>;
  /** What the flow remembers (back from the next step). */
  initialEmail: string;
  lead: string;
  label: string;
  submitLabel: string;
  onSubmit: (email: string) => void;
}

/** The step of a flow that asks for an e-mail to send a code to (registration, password recovery). */
export function EmailStepForm({ form, initialEmail, lead, label, submitLabel, onSubmit }: EmailStepFormProps) {
  const t = useT();
  const [email, setEmail] = useState(initialEmail);
  return (
    <FlowForm formRef={form.formRef} onSubmit={() => onSubmit(email)}>
      <p className="auth-form__lead">{lead}</p>
      <FormError message={form.errors.banner} />
      <TextField
        label={label}
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onValueChange={setEmail}
        {...form.errors.field('email')}
      />
      <SubmitButton busy={form.busy} busyLabel={t('auth.code.sending')}>{submitLabel}</SubmitButton>
    </FlowForm>
  );
}
