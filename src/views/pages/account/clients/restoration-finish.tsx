import { CLIENT_TYPES } from '../../../../contract/clients';
import { restorationFieldsOf } from '../../../../machines/shared/client-form';
import { useT } from '../../../../services/i18n';
import { ChoiceFieldset } from '../../../components/form/choice-fieldset';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';
import { ClientFields } from './client-fields';
import { RestorationActor } from './flow-actors';
import { CLIENT_CHOICE, FlowActions, useFieldStates, useFocusInvalid } from './flow-parts';
import { typeKey } from './labels';
import { useState } from 'react';

/** Step 3: the old cabinet's data, editable and checked like a new client's. */
export function RestorationFinish() {
  const t = useT();
  const actor = RestorationActor.useActorRef();
  const type = RestorationActor.useSelector((snapshot) => snapshot.context.clientType);
  const form = RestorationActor.useSelector((snapshot) => snapshot.context.form);
  const fieldErrors = RestorationActor.useSelector((snapshot) => snapshot.context.fieldErrors);
  const errorMessage = RestorationActor.useSelector((snapshot) => snapshot.context.errorMessage);
  const errorField = RestorationActor.useSelector((snapshot) => snapshot.context.errorField);
  const busy = RestorationActor.useSelector((snapshot) => snapshot.hasTag('busy') || snapshot.status === 'done');
  const [submits, setSubmits] = useState(0);
  const fields = restorationFieldsOf(type);
  const { stateOf, banner } = useFieldStates({ fieldErrors, errorMessage, errorField }, fields);
  const formRef = useFocusInvalid(submits > 0 || errorField ? `${submits}|${errorField ?? ''}|${errorMessage ?? ''}` : '');
  return (
    <FlowForm formRef={formRef} onSubmit={() => {
      setSubmits((count) => count + 1);
      actor.send({ type: 'restoration.finish' });
    }}>
      <p className="clients-flow__lead">{t('account.clients.restoration.finishLead')}</p>
      <FormError message={banner} />
      <ChoiceFieldset legend={t('account.clients.fields.clientType')} name="restoration-type" classes={CLIENT_CHOICE} options={CLIENT_TYPES}
        value={type} labelOf={(option) => t(typeKey(option))}
        onChoose={(clientType) => actor.send({ type: 'restoration.chooseType', clientType })} />
      <ClientFields
        clientType={type}
        fields={fields}
        values={form}
        stateOf={stateOf}
        onChange={(changes) => actor.send({ type: 'restoration.edit', changes })}
        onLeave={(field) => actor.send({ type: 'restoration.leaveField', field })}
        disabled={busy}
      />
      <FlowActions>
        <Button type="submit" busy={busy}>{t(busy ? 'account.clients.restoration.finishing' : 'account.clients.restoration.finish')}</Button>
      </FlowActions>
    </FlowForm>
  );
}
