import { useState } from 'react';
import type { Client } from '../../../../contract/clients';
import { formFieldOf, type ClientFormField } from '../../../../machines/shared/client-form';
import { readGatewayError } from '../../../../machines/shared/form-checks';
import { useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useRequestClientUpdate } from './api/client-mutations';
import { ClientFields } from './client-fields';
import { formOfClient } from './client-data-form';
import { FlowActions, useFieldStates } from './flow-parts';

const FIELDS: readonly ClientFormField[] = ['fullName', 'regionId', 'officeId'];

interface RequestUpdateDialogProps {
  open: boolean;
  client: Client;
  onClose: () => void;
  onSent: (client: Client) => void;
}

/** RequestUpdate of a verified client: the new fullName, region and office wait for the manufacturer's review. */
export function RequestUpdateDialog({ open, client, onClose, onSent }: RequestUpdateDialogProps) {
  const t = useT();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('account.clients.requestUpdate.title')}
      width={560}
      description={t('account.clients.requestUpdate.lead')}
    >
      {open ? <RequestUpdateForm client={client} onClose={onClose} onSent={onSent} /> : null}
    </Modal>
  );
}

function RequestUpdateForm({ client, onClose, onSent }: Omit<RequestUpdateDialogProps, 'open'>) {
  const t = useT();
  const [form, setForm] = useState(() => {
    const base = formOfClient(client);
    const pending = client.pendingUpdate;
    return pending ? { ...base, fullName: pending.fullName, regionId: pending.regionId, officeId: pending.officeId } : base;
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const request = useRequestClientUpdate();
  const sending = request.isPending;
  const refusal = request.error ? readGatewayError(request.error) : null;
  const { stateOf, banner } = useFieldStates(
    { fieldErrors, errorMessage: refusal?.errorMessage ?? null, errorField: refusal ? formFieldOf(refusal.errorField) : null }, FIELDS);

  const send = () => {
    if (form.fullName.trim() === '') {
      setFieldErrors({ fullName: 'account.clients.errors.required' });
      return;
    }
    const body = { id: client.id, fullName: form.fullName.trim(), regionId: form.regionId, officeId: form.officeId };
    request.mutate(body, {
      onSuccess: (updated) => {
        showToast({ kind: 'success', text: t('account.clients.requestUpdate.sent') });
        onSent(updated);
        onClose();
      },
    });
  };

  return (
    <FlowForm onSubmit={() => send()}>
      <FormError message={banner} />
      <ClientFields
        clientType={client.clientType}
        fields={FIELDS}
        values={form}
        stateOf={stateOf}
        onChange={(changes) => {
          setForm((current) => ({ ...current, ...changes }));
          setFieldErrors({});
        }}
        disabled={sending}
      />
      <FlowActions>
        <Button variant="secondary" onClick={onClose}>{t('account.clients.requestUpdate.cancel')}</Button>
        <Button type="submit" busy={sending}>{t(sending ? 'account.clients.requestUpdate.sending' : 'account.clients.requestUpdate.send')}</Button>
      </FlowActions>
    </FlowForm>
  );
}
