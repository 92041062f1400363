import type { FormEvent, FormHTMLAttributes, ReactNode, Ref } from 'react';

type FlowFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate' | 'ref'> & {
  formRef: Ref<HTMLFormElement>;
  /** Runs instead of the browser's own submit; the flow's machine checks the fields. */
  onSubmit: () => void;
  children: ReactNode;
};

/** A form of an auth flow: no browser validation or page reload, the machine decides. */
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
