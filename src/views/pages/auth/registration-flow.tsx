import { REGISTRATION_STEPS } from '../../../contract/registration';
import { registrationStep } from '../../../machines/registration/registration';
import { useT } from '../../../services/i18n';
import { inspectOption } from '../../../services/inspect-option';
import { RegistrationActor } from './registration-actor';
import { registrationFlow } from '../../../services/registration-actors';
import { useAuthDeps } from './auth-deps';
import { useHeldStep, useOnDone } from './flow-hooks';
import { CodeStep } from './registration-code-step';
import { EmailStep, PhoneStep, UserDataStep } from './registration-steps';
import { useSignedIn } from './use-signed-in';

/** Registration: phone, its code, e-mail, its code, password; then the new account fills its profile. */
export function RegistrationFlow() {
  const registrationMachine = useAuthDeps().registrationMachine ?? registrationFlow;
  return (
    <RegistrationActor.Provider logic={registrationMachine} options={{ inspect: inspectOption() }}>
      <RegistrationSteps />
    </RegistrationActor.Provider>
  );
}

function RegistrationSteps() {
  const t = useT();
  const actor = RegistrationActor.useActorRef();
  const signedIn = useSignedIn();
  useOnDone(actor, (output) => signedIn(output.accessToken, 'fillProfile'));
  const current = RegistrationActor.useSelector(registrationStep);
  // Asking for a new code passes through the sending state of the step before; keep the code form on screen.
  const resending = RegistrationActor.useSelector((snapshot) => snapshot.matches('sendingPhone') || snapshot.matches('sendingEmail'));
  const step = useHeldStep(current, resending);
  if (step === 'done') return null;
  const number = REGISTRATION_STEPS.indexOf(step) + 1;

  return (
    <section className="auth-form" aria-labelledby="registration-heading">
      <h1 id="registration-heading" className="auth-form__title">{t('auth.registration.heading')}</h1>
      <div className="auth-progress">
        <p className="auth-progress__label">
          {t('auth.registration.stepOf', { number, total: REGISTRATION_STEPS.length })}
          {' · '}
          {t(`auth.registration.steps.${step}`)}
        </p>
        <progress className="auth-progress__bar" max={REGISTRATION_STEPS.length} value={number} aria-hidden="true" />
      </div>
      {step === 'phone' ? <PhoneStep /> : null}
      {step === 'confirmPhone' ? <CodeStep key="phone" credential="phone" /> : null}
      {step === 'email' ? <EmailStep /> : null}
      {step === 'confirmEmail' ? <CodeStep key="email" credential="email" /> : null}
      {step === 'userData' ? <UserDataStep /> : null}
    </section>
  );
}
