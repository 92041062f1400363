import { LoginActor } from './actor-contexts';

/** Under a step of the sign-in (recovery, second factor): the way back to the login form. */
export function LoginBack({ label }: { label: string }) {
  const actor = LoginActor.useActorRef();
  return (
    <div className="auth-form__footer">
      <button type="button" className="link-button" onClick={() => actor.send({ type: 'login.back' })}>{label}</button>
    </div>
  );
}
