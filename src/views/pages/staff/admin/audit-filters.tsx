import { STAFF_AUDIT_ACTIONS, type StaffAuditAction } from '../../../../contract/staff';
import { useT } from '../../../../services/i18n';
import type { AuditQuery } from '../../../../services/staff/staff-admin-calls';
import { FieldFrame } from '../../../components/form/field';
import { SelectField } from '../../../components/form/select-field';
import { useMembers, useSystems } from './admin-queries';

/** The filters as the form holds them: '' is 'any'; dates as the date inputs give them (YYYY-MM-DD). */
export interface AuditFilterValues { actor: string; action: string; from: string; to: string }
export const EMPTY_FILTERS: AuditFilterValues = { actor: '', action: '', from: '', to: '' };

/** The local day's first or last millisecond, since the admin thinks in their own days; 'to' takes its whole day. */
function dayEdge(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function queryOf(values: AuditFilterValues): AuditQuery {
  const action = STAFF_AUDIT_ACTIONS.find((code) => code === values.action);
  const actor = values.actor === 'cli' ? 'cli' : /^\d+$/.test(values.actor) ? Number(values.actor) : undefined;
  const from = dayEdge(values.from, false);
  const to = dayEdge(values.to, true);
  return {
    ...(actor === undefined ? {} : { actor }), ...(action ? { action } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}),
  };
}

export const actionText = (t: ReturnType<typeof useT>, action: StaffAuditAction) => t(`staff.audit.actions.${action}`);

/** Who (a member, disabled ones too, or the command line), what, and from/to days. */
export function AuditFilters({ values, onChange }: { values: AuditFilterValues; onChange: (next: AuditFilterValues) => void }) {
  const t = useT();
  const members = useMembers(true);
  // A system acts with its own staff id, so it is a 'who' as a person is.
  const systems = useSystems();
  const set = (name: keyof AuditFilterValues) => (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value });
  return (
    <div className="staff-filters" role="group" aria-label={t('staff.audit.filters')}>
      <FieldFrame label={t('staff.audit.actor')} className="staff-filter">
        {({ id }) => (
          <select id={id} className="field__input lists-select" value={values.actor} onChange={set('actor')}>
            <option value="">{t('staff.audit.anyone')}</option>
            <option value="cli">{t('staff.audit.cli')}</option>
            <optgroup label={t('staff.audit.people')}>
              {(members.data ?? []).map((member) => <option key={member.id} value={String(member.id)}>{member.name}</option>)}
            </optgroup>
            {systems.data?.length ? (
              <optgroup label={t('staff.audit.systems')}>
                {systems.data.map((system) => <option key={system.id} value={String(system.id)}>{system.name}</option>)}
              </optgroup>
            ) : null}
          </select>
        )}
      </FieldFrame>
      <SelectField
        label={t('staff.audit.action')}
        frameClassName="staff-filter"
        controlClassName="lists-select"
        value={values.action}
        onValueChange={(action) => onChange({ ...values, action })}
        emptyOption={t('staff.audit.anyAction')}
        options={STAFF_AUDIT_ACTIONS.map((code) => ({ value: code, label: actionText(t, code) }))}
      />
      <FieldFrame label={t('staff.audit.from')} className="staff-filter">
        {({ id }) => <input id={id} type="date" className="field__input" value={values.from} onChange={set('from')} />}
      </FieldFrame>
      <FieldFrame label={t('staff.audit.to')} className="staff-filter">
        {({ id }) => <input id={id} type="date" className="field__input" value={values.to} onChange={set('to')} />}
      </FieldFrame>
    </div>
  );
}
