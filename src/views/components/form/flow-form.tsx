import type { FormEvent, FormHTMLAttributes, ReactNode, Ref } from 'react';

type FlowFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate' | 'ref'> & {
  /** Where focus-on-the-first-invalid-field hooks find the form. */
  formRef?: Ref<HTMLFormElement>;
  /** Runs instead of the browser's own submit; the flow's machine or the form's own checks decide. */
  onSubmit: () => void;
  children: ReactNode;
};

/** A form whose fields a flow checks: no browser validation or page reload, the submit goes to the flow. */
export function FlowForm({ formRef, onSubmit, children, ...form }: FlowFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} {...form}>
      {children}
    </form>
  );
}
