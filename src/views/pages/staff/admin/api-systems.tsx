import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiSystem } from '../../../../contract/api-keys';
import type { StaffRole } from '../../../../contract/call';
import { useT } from '../../../../services/i18n';
import { dateTime } from '../../../../services/staff/staff-format';
import { staffAdminCalls } from '../../../../services/staff/staff-admin-calls';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { SYSTEMS_KEY, useSystems } from './admin-queries';
import { ConfirmRemoval, RemovalError, RemoveButton, useRemoval } from './confirm-removal';
import { OneTimeSecret } from './one-time-secret';
import { FlowForm } from '../../../components/form/flow-form';
import { RoleField } from './role-field';

/** The systems (an ERP, an MES) calling the staff API with a key of a role: created with the key shown once, revoked. */
export function ApiSystems() {
  const t = useT();
  const client = useQueryClient();
  const systems = useSystems();
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('manager');
  const [checked, setChecked] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: SYSTEMS_KEY });
  const create = useMutation({
    mutationFn: () => staffAdminCalls().createSystem(name.trim(), role),
    onSuccess: () => {
      setName('');
      setChecked(false);
    },
    onSettled: refresh,
  });
  const columns = [
    t('staff.integrations.systemName'), t('staff.members.role'), t('staff.integrations.keyPrefix'),
    t('staff.integrations.created'), t('staff.integrations.lastUsed'), t('staff.members.actions'),
  ];
  const revoke = useRemoval<ApiSystem>((id) => staffAdminCalls().revokeSystem(id), SYSTEMS_KEY);
  return (
    <section className="staff-panel" aria-labelledby="staff-systems-heading">
      <h2 id="staff-systems-heading">{t('staff.integrations.systems')}</h2>
      <FlowForm
        className="staff-inline-form"
        onSubmit={() => {
          setChecked(true);
          if (name.trim()) create.mutate();
        }}
      >
        <FormError message={create.error?.message} />
        <TextField
          label={t('staff.integrations.systemName')}
          name="systemName"
          value={name}
          onValueChange={setName}
          error={checked && !name.trim() ? t('staff.support.required') : undefined}
        />
        <RoleField value={role} onChange={setRole} />
        <SubmitButton busy={create.isPending}>{t('staff.integrations.createSystem')}</SubmitButton>
      </FlowForm>
      {create.data ? (
        <OneTimeSecret label={t('staff.integrations.key', { name: create.data.system.name })} value={create.data.key} onDone={() => create.reset()} />
      ) : null}
      <RemovalError removal={revoke} />
      <LoadState
        items={systems.data}
        failed={systems.isError}
        failedText={t('staff.integrations.failed')}
        skeletonRows={2}
        empty={<p className="staff-muted">{t('staff.integrations.noSystems')}</p>}
      >
        {(items) => (
          <DataTable className="staff-table" columns={columns} rows={items}>
            {(system) => (
              <tr key={system.id} className={system.revoked ? 'staff-row--disabled' : undefined}>
                <th scope="row">{system.name}</th>
                <td>{t(`staff.roles.${system.role}`)}</td>
                <td>
                  <code>{system.keyPrefix}…</code>
                </td>
                <td>{dateTime(system.createdAt)}</td>
                <td>{system.lastUsedAt ? dateTime(system.lastUsedAt) : t('staff.integrations.never')}</td>
                <td>
                  {system.revoked ? (
                    <span className="staff-muted">{t('staff.integrations.revoked')}</span>
                  ) : (
                    <RemoveButton removal={revoke} item={system} label={t('staff.integrations.revoke')} />
                  )}
                </td>
              </tr>
            )}
          </DataTable>
        )}
      </LoadState>
      <ConfirmRemoval
        removal={revoke}
        text={(system) => t('staff.integrations.confirmRevoke', { name: system.name })}
        okLabel={t('staff.integrations.revoke')}
      />
    </section>
  );
}
