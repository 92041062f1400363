import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Client } from '../../../contract/clients';
import type { ProjectSetKind } from '../../../contract/project-sets';
import { ApiError } from '../../../services/api';
import { useT } from '../../../services/i18n';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { FlowForm } from '../../components/form/flow-form';

interface SetNameModalProps {
  open: boolean;
  kind: ProjectSetKind;
  /** Create: the clients a set can be made in (a choice shows when there are several). Rename: absent. */
  clients?: readonly Client[];
  initialName?: string;
  /** Resolves when saved; a rejection shows its text in the form. */
  onSave: (name: string, clientId: number | null) => Promise<void>;
  onClose: () => void;
}

/** Name (and, for a new set of a user with several clients, the client) of a folder or a kit. */
export function SetNameModal({ open, kind, clients, initialName = '', onSave, onClose }: SetNameModalProps) {
  const t = useT();
  const creating = clients !== undefined;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t(`projectSets.${kind}.${creating ? 'createTitle' : 'renameTitle'}`)}
      width={480}
    >
      {open ? <SetNameForm kind={kind} clients={clients} initialName={initialName} onSave={onSave} onClose={onClose} /> : null}
    </Modal>
  );
}

function SetNameForm({ kind, clients, initialName, onSave, onClose }: Omit<SetNameModalProps, 'open' | 'initialName'> & { initialName: string }) {
  const t = useT();
  const [name, setName] = useState(initialName);
  const [clientId, setClientId] = useState<number | null>(clients?.[0]?.id ?? null);
  const [checkError, setCheckError] = useState<string | undefined>();
  // The caller's create or rename; the form shows the gateway's words for a refusal.
  const save = useMutation({ mutationFn: (input: { name: string; clientId: number | null }) => onSave(input.name, input.clientId) });
  const creating = clients !== undefined;
  const refusal = save.error ? (save.error instanceof ApiError ? save.error.message : t('errors.generic')) : undefined;
  const error = checkError ?? refusal;

  const submit = () => {
    if (name.trim() === '') {
      setCheckError(t('projectSets.form.required'));
      return;
    }
    save.mutate({ name: name.trim(), clientId });
  };

  return (
    <FlowForm className="set-form" onSubmit={submit}>
      <TextField
        label={t('projectSets.form.name')}
        value={name}
        onValueChange={(value) => {
          setName(value);
          setCheckError(undefined);
          save.reset();
        }}
        error={error}
        maxLength={200}
        required
      />
      {creating && clients.length > 1 ? (
        <SelectField
          label={t('projectSets.form.client')}
          controlClassName="lists-select"
          value={String(clientId ?? '')}
          onValueChange={(value) => setClientId(Number(value))}
          options={clients.map((client) => ({ value: String(client.id), label: client.name }))}
        />
      ) : null}
      <div className="set-form__actions">
        <Button variant="secondary" onClick={onClose}>{t('projectSets.form.cancel')}</Button>
        <Button type="submit" busy={save.isPending || save.isSuccess}>{t(creating ? `projectSets.${kind}.create` : 'projectSets.form.save')}</Button>
      </div>
    </FlowForm>
  );
}
