import { lazy, Suspense } from 'react';
import type { LoginInput } from '../../../machines/login/login-types';
import { inspectOption } from '../../../services/inspect-option';
import { LoginActor } from './actor-contexts';
import { useAuthDeps } from './auth-deps';
import { useOnDone } from './flow-hooks';
import { LoginForm } from './login-form';
import { useSignedIn } from './use-signed-in';

// The password form comes first for everyone; the second factor and recovery load when a visitor reaches them.
const SecondFactorStep = lazy(() => import('./second-factor-step').then((module) => ({ default: module.SecondFactorStep })));
const RecoveryStep = lazy(() => import('./recovery-step').then((module) => ({ default: module.RecoveryStep })));

/** Sign-in: password, then a second factor if the account has one, or password recovery by e-mail. */
export function LoginFlow({ input }: { input: LoginInput }) {
  const { loginMachine } = useAuthDeps();
  return (
    <LoginActor.Provider logic={loginMachine} options={{ input, inspect: inspectOption() }}>
      <LoginSteps />
    </LoginActor.Provider>
  );
}

function LoginSteps() {
  const actor = LoginActor.useActorRef();
  const signedIn = useSignedIn();
  useOnDone(actor, (output) => signedIn(output.accessToken, output.profileCompleted ? 'continue' : 'fillProfile'));
  const step = LoginActor.useSelector((snapshot) =>
    snapshot.matches('secondFactor') ? 'secondFactor' : snapshot.matches('recovery') ? 'recovery' : 'start',
  );
  if (step === 'start') return <LoginForm />;
  return <Suspense fallback={null}>{step === 'secondFactor' ? <SecondFactorStep /> : <RecoveryStep />}</Suspense>;
}
