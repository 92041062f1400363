import { useState } from 'react';
import { ACCESS_MESSAGE_MAX } from '../../../contract/client-access';
import { failureText } from '../../../services/client-access';
import { useT } from '../../../services/i18n';
import { TextAreaField } from '../form/text-area-field';
import { FormError } from '../form/form-error';
import { SubmitButton } from '../form/submit-button';
import { Modal } from '../ui/modal';
import { useSendAccessRequest } from './api/access-mutations';
import { FinishLine } from './modal-parts';
import './client-access.css';
import { FlowForm } from '../form/flow-form';

interface RequestAccessDialogProps {
  open: boolean;
  clientId: number;
  clientName: string;
  onClose: () => void;
}

/** A non-member asks the client's owner and admins for access (RequestAccessFromAdmins). */
export function RequestAccessDialog({ open, clientId, clientName, onClose }: RequestAccessDialogProps) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={t('clientAccess.requestDialog.title')} width={560}>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      <RequestAccessForm clientId={clientId} clientName={clientName} onClose={onClose} />
    </Modal>
  );
}

function RequestAccessForm({ clientId, clientName, onClose }: Omit<RequestAccessDialogProps, 'open'>) {
  const t = useT();
  const [message, setMessage] = useState('');
  const send = useSendAccessRequest();

  const submit = () => {
    send.mutate({ clientId, message });
  };
  // 409 already_member / request_pending: the gateway's sentence says which.
  const error = send.error ? failureText(send.error) : null;

  if (send.isSuccess) {
    return (
      <div className="request-access">
        <FinishLine success text={t('clientAccess.requestDialog.sentTitle')} />
        <p>{t('clientAccess.requestDialog.sentText', { client: clientName })}</p>
        <div className="request-access__actions">
          <button type="button" className="ui-button ui-button--primary" onClick={onClose}>{t('clientAccess.requestDialog.close')}</button>
        </div>
      </div>
    );
  }

  return (
    <FlowForm className="request-access" onSubmit={submit}>
      <p>{t('clientAccess.requestDialog.intro', { client: clientName })}</p>
      <FormError message={error} />
      <TextAreaField
        label={t('clientAccess.requestDialog.message')}
        hint={t('clientAccess.requestDialog.counter', { count: message.length, max: ACCESS_MESSAGE_MAX })}
        controlClassName="request-access__message"
        rows={5}
        maxLength={ACCESS_MESSAGE_MAX}
        value={message}
        placeholder={t('clientAccess.requestDialog.placeholder')}
        onValueChange={setMessage}
      />
      <div className="request-access__actions">
        <button type="button" className="ui-button ui-button--secondary" onClick={onClose}>{t('clientAccess.requestDialog.cancel')}</button>
        <SubmitButton busy={send.isPending} busyLabel={t('clientAccess.requestDialog.submitting')}>{t('clientAccess.requestDialog.submit')}</SubmitButton>
      </div>
    </FlowForm>
  );
}
