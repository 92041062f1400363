import type { FormEvent, ReactNode, Ref } from 'react';
import { useT } from '../../../services/i18n';
import { RegistrationActor } from './registration-actor';
import { useFlowErrors, useFocusFirstInvalid } from './flow-hooks';

/** The parts every registration step shares: the server banner, focus on the first invalid field, busy state. */
export function useStep() {
  const t = useT();
  const actor = RegistrationActor.useActorRef();
  const busy = RegistrationActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const errors = useFlowErrors(RegistrationActor.useSelector);
  const formRef = useFocusFirstInvalid(RegistrationActor.useSelector((snapshot) => snapshot.context.fieldErrors));
  return { t, actor, busy, errors, formRef };
}

export function StepForm({ formRef, onSubmit, children }: { formRef: Ref<HTMLFormElement>; onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return <form ref={formRef} noValidate onSubmit={submit}>{children}</form>;
}
