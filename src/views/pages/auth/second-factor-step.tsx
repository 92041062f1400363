import { useState } from 'react';
import type { SecondFactorType } from '../../../contract/auth';
import { useT } from '../../../services/i18n';
import { ChoiceFieldset } from '../../components/form/choice-fieldset';
import { FlowForm } from '../../components/form/flow-form';
import { FormError } from '../../components/form/form-error';
import { SubmitButton } from '../../components/form/submit-button';
import { LoginActor } from './actor-contexts';
import { useFlowErrors, useHeldStep } from './flow-hooks';
import { LoginBack } from './login-back';
import { SecondFactorCode } from './second-factor-code';
import { METHOD_KEYS } from './second-factor-methods';


export function SecondFactorStep() {
  const t = useT();
  const current = LoginActor.useSelector((snapshot) =>
    snapshot.matches({ secondFactor: 'enteringCode' }) || snapshot.matches({ secondFactor: 'confirming' }) ? 'code' : 'method',
  );
  const sending = LoginActor.useSelector((snapshot) => snapshot.matches({ secondFactor: 'sendingCode' }));
  const shown = useHeldStep(current, sending);
  return (
    <section className="auth-form" aria-labelledby="second-factor-heading">
      <h1 id="second-factor-heading" className="auth-form__title">{t('auth.secondFactor.heading')}</h1>
      {shown === 'code' ? <SecondFactorCode /> : <MethodChoice />}
      <LoginBack label={t('auth.secondFactor.back')} />
    </section>
  );
}

function MethodChoice() {
  const t = useT();
  const actor = LoginActor.useActorRef();
  const types = LoginActor.useSelector((snapshot) => snapshot.context.secondFactorTypes);
  const chosen = LoginActor.useSelector((snapshot) => snapshot.context.chosenType);
  const busy = LoginActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const errors = useFlowErrors(LoginActor.useSelector);
  const [picked, setPicked] = useState<SecondFactorType | undefined>(() => chosen ?? types[0]);

  return (
    <FlowForm onSubmit={() => { if (picked !== undefined) actor.send({ type: 'secondFactor.choose', secondFactorType: picked }); }}>
      <p className="auth-form__lead">{t('auth.secondFactor.chooseLead')}</p>
      <FormError message={errors.banner} />
      <ChoiceFieldset
        legend={t('auth.secondFactor.methodsLegend')}
        name="secondFactorType"
        options={types}
        value={picked}
        onChoose={setPicked}
        labelOf={(type) => (
          <>
            <span className="auth-method__title">{t(`auth.secondFactor.method.${METHOD_KEYS[type]}`)}</span>
            <span className="auth-method__hint">{t(`auth.secondFactor.methodHint.${METHOD_KEYS[type]}`)}</span>
          </>
        )}
        autoFocus
        disabled={busy}
        classes={{ fieldset: 'auth-methods', legend: 'auth-methods__legend', option: 'auth-method', text: 'auth-method__text' }}
      />
      <SubmitButton busy={busy} busyLabel={t('auth.code.sending')}>{t('auth.secondFactor.send')}</SubmitButton>
    </FlowForm>
  );
}
