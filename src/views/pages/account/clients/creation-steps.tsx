import { CLIENT_TYPES } from '../../../../contract/clients';
import { creationFieldsOf } from '../../../../machines/shared/client-form';
import { useT } from '../../../../services/i18n';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';
import { ClientSummary } from './client-summary';
import { CreationActor } from './flow-actors';
import { FlowActions } from './flow-parts';
import { typeKey } from './labels';

/** Step 1: four big choices; choosing one moves on. */
export function CreationType() {
  const t = useT();
  const actor = CreationActor.useActorRef();
  const chosen = CreationActor.useSelector((snapshot) => snapshot.context.clientType);
  return (
    <fieldset className="clients-types">
      <legend className="clients-flow__title">{t('account.clients.creation.typeQuestion')}</legend>
      {CLIENT_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className="clients-type"
          aria-pressed={chosen === type}
          onClick={() => actor.send({ type: 'creation.chooseType', clientType: type })}
        >
          <span className="clients-type__title">{t(typeKey(type))}</span>
          <span className="clients-type__hint">{t(`account.clients.typeHints.${type}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}

/** Step 3 (and while creating, and after a failure): what will be sent, then Create. */
export function CreationReview() {
  const t = useT();
  const actor = CreationActor.useActorRef();
  const type = CreationActor.useSelector((snapshot) => snapshot.context.clientType) ?? 'corporate';
  const form = CreationActor.useSelector((snapshot) => snapshot.context.form);
  const busy = CreationActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const failed = CreationActor.useSelector((snapshot) => snapshot.matches('failed'));
  const message = CreationActor.useSelector((snapshot) => snapshot.context.errorMessage);
  return (
    <div>
      <h3 className="clients-flow__title">{t(failed ? 'account.clients.creation.failedTitle' : 'account.clients.creation.reviewLead')}</h3>
      {failed ? <FormError message={message || t('account.clients.errors.generic')} /> : null}
      <ClientSummary clientType={type} form={form} fields={creationFieldsOf(type)} />
      <FlowActions>
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'creation.back' })}>
          {t('account.clients.creation.back')}
        </Button>
        {failed ? (
          <Button onClick={() => actor.send({ type: 'creation.retry' })}>{t('account.clients.creation.retry')}</Button>
        ) : (
          <Button busy={busy} onClick={() => actor.send({ type: 'creation.confirm' })}>
            {t(busy ? 'account.clients.creation.creating' : 'account.clients.creation.confirm')}
          </Button>
        )}
      </FlowActions>
    </div>
  );
}
