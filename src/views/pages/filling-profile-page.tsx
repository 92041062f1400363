import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { localizePath, useLocale, useT } from '../../services/i18n';
import { inspectOption } from '../../services/inspect-option';
import { postSignInPath } from '../../services/redirect';
import { ChoiceFieldset } from '../components/form/choice-fieldset';
import { FormError } from '../components/form/form-error';
import { GENDERS, isMaleOf, type Gender } from '../components/form/gender';
import { SubmitButton } from '../components/form/submit-button';
import { TextField } from '../components/form/text-field';
import { profileCompletionFlow } from '../../services/profile-actors';
import { ProfileActor } from './auth/profile-actor';
import { useAuthDeps } from './auth/auth-deps';
import { FlowForm } from '../components/form/flow-form';
import { useFlowForm, useOnDone } from './auth/flow-hooks';
import './auth/auth.css';

const AUTH_CHOICE = { fieldset: 'auth-choice', legend: 'auth-choice__legend', option: 'auth-choice__option' };

/** /auth/filling-profile: a new account (or one never filled) gives its name and gender before using the portal. */
export default function FillingProfilePage() {
  const profileCompletionMachine = useAuthDeps().profileCompletionMachine ?? profileCompletionFlow;
  return (
    <ProfileActor.Provider logic={profileCompletionMachine} options={{ inspect: inspectOption() }}>
      <ProfileForm />
    </ProfileActor.Provider>
  );
}

function ProfileForm() {
  const t = useT();
  const actor = ProfileActor.useActorRef();
  const { session } = useAuthDeps();
  const [, navigate] = useLocation();
  const search = useSearch();
  const locale = useLocale();
  const { busy, errors, formRef } = useFlowForm(ProfileActor.useSelector);
  const [names, setNames] = useState({ firstName: '', patronymic: '', lastName: '' });
  const [gender, setGender] = useState<Gender>('unspecified');

  useOnDone(actor, () => {
    // The guards read isFilled from the loaded user, so load it again before leaving.
    session.send({ type: 'session.reloadUser' });
    navigate(postSignInPath(search, localizePath('/', locale)), { replace: true });
  });

  const nameField = (name: keyof typeof names, extra: { autoComplete: string; autoFocus?: boolean; hint?: string }) => (
    <TextField
      label={t(`auth.profile.${name}`)}
      name={name}
      value={names[name]}
      onValueChange={(value) => setNames((current) => ({ ...current, [name]: value }))}
      {...extra}
      {...errors.field(name)}
    />
  );

  return (
    <div className="auth-page">
      <FlowForm
        formRef={formRef}
        className="auth-form"
        aria-labelledby="profile-heading"
        onSubmit={() => actor.send({ type: 'profile.submit', ...names, isMale: isMaleOf(gender) })}
      >
        <h1 id="profile-heading" className="auth-form__title">{t('auth.profile.heading')}</h1>
        <p className="auth-form__lead">{t('auth.profile.lead')}</p>
        <FormError message={errors.banner} />
        {nameField('firstName', { autoComplete: 'given-name', autoFocus: true })}
        {nameField('patronymic', { autoComplete: 'additional-name', hint: t('auth.profile.patronymicHint') })}
        {nameField('lastName', { autoComplete: 'family-name' })}
        <ChoiceFieldset legend={t('auth.profile.gender')} name="gender" classes={AUTH_CHOICE} options={GENDERS}
          value={gender} onChoose={setGender} labelOf={(key) => t(`auth.profile.genders.${key}`)} />
        <SubmitButton busy={busy} busyLabel={t('auth.profile.saving')}>{t('auth.profile.submit')}</SubmitButton>
      </FlowForm>
    </div>
  );
}
