import { useState } from 'react';
import { creationFieldsOf } from '../../../../machines/shared/client-form';
import { useT } from '../../../../services/i18n';
import { RequestAccessDialog } from '../../../components/client-access/request-access-dialog';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';
import { ClientFields } from './client-fields';
import { CreationActor } from './flow-actors';
import { FlowActions, useFieldStates, useFocusInvalid } from './flow-parts';
import { typeKey } from './labels';

/** Step 2: the fields of the chosen type; requisites are checked as the user leaves each one. */
export function CreationDetails() {
  const t = useT();
  const actor = CreationActor.useActorRef();
  const type = CreationActor.useSelector((snapshot) => snapshot.context.clientType) ?? 'corporate';
  const form = CreationActor.useSelector((snapshot) => snapshot.context.form);
  const fieldErrors = CreationActor.useSelector((snapshot) => snapshot.context.fieldErrors);
  const errorMessage = CreationActor.useSelector((snapshot) => snapshot.context.errorMessage);
  const errorField = CreationActor.useSelector((snapshot) => snapshot.context.errorField);
  const existing = CreationActor.useSelector((snapshot) => snapshot.context.existingClient);
  const [submits, setSubmits] = useState(0);
  const [asking, setAsking] = useState(false);
  const fields = creationFieldsOf(type);
  const { stateOf, banner } = useFieldStates({ fieldErrors, errorMessage, errorField }, fields);
  const formRef = useFocusInvalid(submits > 0 || errorField ? `${submits}|${errorField ?? ''}|${existing?.id ?? ''}` : '');

  const withExisting = (field: (typeof fields)[number]) => {
    if (field !== 'inn' || !existing) return stateOf(field);
    return {
      error: t('account.clients.creation.exists', { name: existing.name }),
      hint: (
        <Button variant="link" onClick={() => setAsking(true)}>
          {t('account.clients.creation.requestAccess')}
        </Button>
      ),
    };
  };

  return (
    <>
    <FlowForm formRef={formRef} aria-label={t(typeKey(type))} onSubmit={() => {
      setSubmits((count) => count + 1);
      actor.send({ type: 'creation.submitDetails' });
    }}>
      <h3 className="clients-flow__title">{t(typeKey(type))}</h3>
      <FormError message={banner} />
      <ClientFields
        clientType={type}
        fields={fields}
        values={form}
        stateOf={withExisting}
        onChange={(changes) => actor.send({ type: 'creation.edit', changes })}
        onLeave={(field) => actor.send({ type: 'creation.leaveField', field })}
      />
      <FlowActions>
        <Button variant="secondary" onClick={() => actor.send({ type: 'creation.back' })}>
          {t('account.clients.creation.back')}
        </Button>
        <Button type="submit">{t('account.clients.creation.next')}</Button>
      </FlowActions>
    </FlowForm>
    {/* Outside the form: React sends a portal's submit up its component tree, into this form's handler. */}
    {existing ? (
      <RequestAccessDialog open={asking} clientId={existing.id} clientName={existing.name} onClose={() => setAsking(false)} />
    ) : null}
    </>
  );
}
