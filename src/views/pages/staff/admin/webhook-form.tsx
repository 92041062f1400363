import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEventType } from '../../../../contract/webhooks';
import { useT } from '../../../../services/i18n';
import { staffAdminCalls } from '../../../../services/staff/staff-admin-calls';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { WEBHOOKS_KEY } from './admin-queries';
import { FlowForm } from '../../../components/form/flow-form';

interface WebhookFormProps {
  eventText: (event: WebhookEventType) => string;
  onCreated: (endpoint: WebhookEndpoint, secret: string) => void;
}

/** A new endpoint: its URL, what it is, and the events it wants (all by default, at least one). */
export function WebhookForm({ eventText, onCreated }: WebhookFormProps) {
  const t = useT();
  const client = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<readonly WebhookEventType[]>(WEBHOOK_EVENTS);
  const [checked, setChecked] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      staffAdminCalls().createWebhook({ url: url.trim(), events: [...events], ...(description.trim() ? { description: description.trim() } : {}) }),
    onSuccess: ({ endpoint, secret }) => {
      onCreated(endpoint, secret);
      setUrl('');
      setDescription('');
      setChecked(false);
    },
    onSettled: () => client.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
  const toggle = (event: WebhookEventType, on: boolean) => setEvents((now) => WEBHOOK_EVENTS.filter((code) => (code === event ? on : now.includes(code))));
  return (
    <FlowForm
      className="staff-inline-form staff-inline-form--wide"
      onSubmit={() => {
        setChecked(true);
        if (url.trim() && events.length > 0) create.mutate();
      }}
    >
      <FormError message={create.error?.message} />
      <TextField
        label={t('staff.integrations.url')}
        name="url"
        type="url"
        placeholder="https://erp.example.ru/pcb-webhooks"
        value={url}
        onValueChange={setUrl}
        error={checked && !url.trim() ? t('staff.support.required') : undefined}
      />
      <TextField label={t('staff.integrations.description')} name="description" value={description} onValueChange={setDescription} />
      <fieldset className="staff-dialog__group">
        <legend>{t('staff.integrations.eventsLabel')}</legend>
        {WEBHOOK_EVENTS.map((code) => (
          <label key={code}>
            <input type="checkbox" checked={events.includes(code)} onChange={(event) => toggle(code, event.target.checked)} />
            {eventText(code)}
          </label>
        ))}
        {checked && events.length === 0 ? (
          <p className="staff-error" role="alert">
            {t('staff.integrations.noEvents')}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton busy={create.isPending}>{t('staff.integrations.createWebhook')}</SubmitButton>
    </FlowForm>
  );
}
