import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { staffSignInMachine, type StaffSignInAnswer } from '../../../machines/staff-sign-in/staff-sign-in';
import type { StaffMember } from '../../../contract/staff';
import { localizePath, stripLocale, useLocale, useT } from '../../../services/i18n';
import { safeRedirectTarget } from '../../../services/redirect';
import { staffCalls } from '../../../services/staff/staff-calls';
import { staffHome } from '../../../services/staff/staff-roles';
import { startStaffSession, useStaffSession } from '../../../services/staff/staff-session';
import { FlowForm } from '../../components/form/flow-form';
import { FormError } from '../../components/form/form-error';
import { PasswordField } from '../../components/form/password-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { StaffCodeStep } from './staff-code-step';

const signInLogic = staffSignInMachine.provide({
  actors: {
    signIn: fromPromise<StaffSignInAnswer, { email: string; password: string }>(({ input }) => staffCalls().signIn(input.email, input.password)),
    confirmCode: fromPromise<{ token: string; member: StaffMember }, { challengeId: string; code: string }>(({ input }) =>
      staffCalls().confirmCode(input.challengeId, input.code)),
  },
});

/** Back where the sign-in was asked for, when that is a staff page; else the member's desk. */
function afterSignIn(search: string, member: StaffMember, locale: 'ru' | 'en'): string {
  const target = safeRedirectTarget(new URLSearchParams(search).get('redirect'));
  const bare = target ? stripLocale(target) : '';
  return bare.startsWith('/staff') && !bare.startsWith('/staff/sign-in') && target ? target : localizePath(staffHome(member.role), locale);
}

/** /staff/sign-in: e-mail and password, then a code of the second factor (enrolled at the first sign-in). */
export default function StaffSignInPage() {
  const session = useStaffSession();
  const locale = useLocale();
  const search = useSearch();
  // Signed in already (another tab of the group): straight on to where the sign-in would lead.
  if (session) return <Redirect to={afterSignIn(search, session.member, locale)} replace />;
  return <StaffSignIn />;
}

function StaffSignIn() {
  const t = useT();
  const actor = useActorRef(signInLogic);
  const atCode = useSelector(actor, (s) => s.matches('secondFactor') || s.matches('confirming'));
  const done = useSelector(actor, (s) => s.status === 'done');
  // The session started, the page above sends the member on.
  useEffect(() => {
    const { token, member } = actor.getSnapshot().context;
    if (done && token && member) startStaffSession(token, member);
  }, [done, actor]);
  return (
    <div className="staff-auth__card">
      {atCode ? <StaffCodeStep actor={actor} /> : <CredentialsStep actor={actor} />}
      <p className="visually-hidden">{t('staff.signIn.lead')}</p>
    </div>
  );
}

type SignInActor = ReturnType<typeof useActorRef<typeof signInLogic>>;

function CredentialsStep({ actor }: { actor: SignInActor }) {
  const t = useT();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.errorMessage);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const [email, setEmail] = useState(() => actor.getSnapshot().context.email);
  const [password, setPassword] = useState('');
  const fieldError = (name: string) => (fieldErrors[name] ? t(fieldErrors[name]) : undefined);
  return (
    <FlowForm
      className="staff-form"
      aria-labelledby="staff-sign-in-heading"
      onSubmit={() => actor.send({ type: 'staffSignIn.submit', email, password })}
    >
      <h1 id="staff-sign-in-heading">{t('staff.signIn.heading')}</h1>
      <p className="staff-form__lead">{t('staff.signIn.lead')}</p>
      <FormError message={error === '' ? t('staff.signIn.generic') : error} />
      <TextField
        label={t('staff.signIn.email')}
        name="email"
        type="email"
        autoComplete="username"
        autoFocus
        value={email}
        onValueChange={setEmail}
        error={fieldError('email')}
      />
      <PasswordField label={t('staff.signIn.password')} name="password" value={password} onValueChange={setPassword} error={fieldError('password')} />
      <SubmitButton busy={busy} busyLabel={t('staff.signIn.submitting')}>
        {t('staff.signIn.submit')}
      </SubmitButton>
    </FlowForm>
  );
}
