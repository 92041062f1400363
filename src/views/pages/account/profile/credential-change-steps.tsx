import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CredentialType } from '../../../../contract/credentials';
import type { credentialChangeMachine } from '../../../../machines/credential-change/credential-change';
import { CHANGE_FIELDS } from '../../../../machines/credential-change/credential-change-rules';
import { useT } from '../../../../services/i18n';
import { ChoiceFieldset } from '../../../components/form/choice-fieldset';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { PhoneField } from '../../../components/form/phone-field';
import { maskNationalDigits, nationalDigits } from '../../../components/form/phone-mask';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { useFocusFirstInvalid } from '../../auth/flow-hooks';
import { keepTogether } from '../../auth/keep-together';
import { useFlowErrorState } from './flow-errors';
import { PROFILE_CHOICE } from './profile-card';
import { useFormErrors } from './use-form-errors';

export type ChangeActor = ActorRefFrom<typeof credentialChangeMachine>;

/** Which current credential receives the first code. */
export function MethodStep({ actor }: { actor: ChangeActor }) {
  const t = useT();
  const methods = useSelector(actor, (snapshot) => snapshot.context.methods);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.method);
  const [picked, setPicked] = useState<CredentialType | undefined>(() => chosen ?? methods[0]?.code);
  const maskedValueOf = (code: CredentialType) => methods.find((method) => method.code === code)?.maskedValue ?? '';
  return (
    <FlowForm className="profile-flow" onSubmit={() => { if (picked) actor.send({ type: 'change.chooseMethod', method: picked }); }}>
      <p className="profile-flow__lead">{t('account.profile.change.methodLead')}</p>
      <ChoiceFieldset legend={t('account.profile.change.methodLegend')} name="confirmationMethod" classes={PROFILE_CHOICE} autoFocus
        options={methods.map((method) => method.code)} value={picked} onChoose={setPicked}
        labelOf={(code) => t(`account.profile.change.method.${code}`, { value: keepTogether(maskedValueOf(code)) })} />
      <div className="profile-flow__actions">
        <Button type="submit">{t('account.profile.change.next')}</Button>
      </div>
    </FlowForm>
  );
}

/** The new phone (with the +7 mask) or e-mail. */
export function ValueStep({ actor, onCancel }: { actor: ChangeActor; onCancel: () => void }) {
  const t = useT();
  const type = useSelector(actor, (snapshot) => snapshot.context.credentialTypeCode);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const canGoBack = useSelector(actor, (snapshot) => snapshot.can({ type: 'change.back' }));
  const errors = useFormErrors(useFlowErrorState(actor), [CHANGE_FIELDS.value]);
  const fieldError = errors.field(CHANGE_FIELDS.value);
  const formRef = useFocusFirstInvalid(fieldError.error);
  const [value, setValue] = useState(() => {
    const previous = actor.getSnapshot().context.newValue;
    return type === 'RegistrationPhone' ? maskNationalDigits(nationalDigits(previous)) : previous;
  });
  const field = { label: t(`account.profile.change.value.${type}`), name: CHANGE_FIELDS.value, autoFocus: true, value, ...fieldError };
  return (
    <FlowForm formRef={formRef} className="profile-flow" onSubmit={() => actor.send({ type: 'change.submitValue', value })}>
      <p className="profile-flow__lead">{t(`account.profile.change.valueLead.${type}`)}</p>
      <FormError message={errors.banner} />
      {type === 'RegistrationPhone' ? (
        <PhoneField {...field} onValueChange={setValue} />
      ) : (
        <TextField {...field} type="email" autoComplete="email" spellCheck={false} onValueChange={setValue} />
      )}
      <div className="profile-flow__actions">
        {canGoBack ? (
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'change.back' })}>{t('account.profile.change.back')}</Button>
        ) : (
          <Button variant="secondary" onClick={onCancel}>{t('account.profile.change.cancel')}</Button>
        )}
        <Button type="submit" busy={busy}>{t(busy ? 'account.profile.change.sending' : 'account.profile.change.getCode')}</Button>
      </div>
    </FlowForm>
  );
}
