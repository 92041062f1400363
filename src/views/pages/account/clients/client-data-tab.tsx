import { useState } from 'react';
import type { Client } from '../../../../contract/clients';
import { canEditClient } from '../../../../services/clients';
import { formatDate } from '../../../../services/format';
import { useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';
import { ClientFields } from './client-fields';
import { useClientDataForm, VERIFIED_LOCKED } from './client-data-form';
import { FlowActions, useFieldStates, useFocusInvalid } from './flow-parts';
import { fieldKey, typeKey } from './labels';
import { nameById, useOffices, useRegions } from './api/get-lookups';
import { RequestUpdateDialog } from './request-update-dialog';

/** Данные: Get, and for owner and admin Update; a verified client's locked fields change by request. */
export function ClientDataTab({ client, onSaved }: { client: Client; onSaved: (client: Client) => void }) {
  const t = useT();
  const editable = canEditClient(client.role);
  const { form, edit, save, saving, fields, submits, errors } = useClientDataForm(client, onSaved);
  const { stateOf, banner } = useFieldStates(errors, fields);
  const formRef = useFocusInvalid(submits > 0 ? `${submits}|${errors.errorField ?? ''}` : '');
  const [requesting, setRequesting] = useState(false);
  const requisites = (['inn', 'kpp', 'ogrn'] as const).filter((field) => client[field]);

  return (
    <>
      <FlowForm
        formRef={formRef}
        className="clients-data"
        onSubmit={() => void save().then((saved) => saved && showToast({ kind: 'success', text: t('account.clients.data.saved') }))}
      >
        {editable ? null : <p className="clients-note">{t('account.clients.data.readOnly')}</p>}
        <dl className="clients-summary">
          <div className="clients-summary__row">
            <dt>{t('account.clients.data.type')}</dt>
            <dd>{t(typeKey(client.clientType))}</dd>
          </div>
          {requisites.map((field) => (
            <div key={field} className="clients-summary__row">
              <dt>{t(fieldKey(field, client.clientType))}</dt>
              <dd>{client[field]}</dd>
            </div>
          ))}
        </dl>
        {client.isVerified ? <VerifiedNote client={client} canRequest={editable} onRequest={() => setRequesting(true)} /> : null}
        <FormError message={banner} />
        <ClientFields
          clientType={client.clientType}
          fields={fields}
          values={form}
          stateOf={stateOf}
          onChange={edit}
          readOnly={client.isVerified ? VERIFIED_LOCKED : []}
          disabled={!editable || saving}
        />
        {editable ? (
          <FlowActions>
            <Button type="submit" busy={saving}>{t(saving ? 'account.clients.data.saving' : 'account.clients.data.save')}</Button>
          </FlowActions>
        ) : null}
      </FlowForm>
      {/* Outside the form: React sends a portal's submit up its component tree, into this form's handler. */}
      {editable && client.isVerified ? (
        <RequestUpdateDialog open={requesting} client={client} onClose={() => setRequesting(false)} onSent={onSaved} />
      ) : null}
    </>
  );
}

function VerifiedNote({ client, canRequest, onRequest }: { client: Client; canRequest: boolean; onRequest: () => void }) {
  const t = useT();
  const regions = useRegions(client.countryId);
  const offices = useOffices();
  const pending = client.pendingUpdate;
  const none = t('account.clients.data.none');
  return (
    <div className="clients-verified">
      <p className="clients-verified__title">{t('account.clients.data.verified')}</p>
      <p className="clients-note">{t('account.clients.data.verifiedHint')}</p>
      {pending ? (
        <p className="clients-verified__pending" role="status">
          {t('account.clients.data.pending', { date: formatDate(pending.requestedAt) })}:{' '}
          {t('account.clients.data.pendingFields', {
            fullName: pending.fullName,
            region: nameById(regions, pending.regionId) || none,
            office: nameById(offices, pending.officeId) || none,
          })}
        </p>
      ) : null}
      {canRequest ? <Button variant="secondary" onClick={onRequest}>{t('account.clients.data.requestChange')}</Button> : null}
    </div>
  );
}
