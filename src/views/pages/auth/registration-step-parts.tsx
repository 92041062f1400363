import { useT } from '../../../services/i18n';
import { RegistrationActor } from './registration-actor';
import { useFlowForm } from './flow-hooks';

/** The parts every registration step shares: the server banner, focus on the first invalid field, busy state. */
export function useStep() {
  const t = useT();
  const actor = RegistrationActor.useActorRef();
  return { t, actor, ...useFlowForm(RegistrationActor.useSelector) };
}
