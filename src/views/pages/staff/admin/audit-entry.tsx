import type { AuditEntry } from '../../../../contract/staff';
import { useT } from '../../../../services/i18n';
import { dateTime } from '../../../../services/staff/staff-format';
import { actionText } from './audit-filters';

/** A value as a person reads it: text as is, nothing as a dash, anything else as compact JSON. */
function readable(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The before and after as 'key: before → after' lines, only the keys that differ when both exist. */
export function changeLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.flatMap((key) => {
    const was = before?.[key];
    const now = after?.[key];
    if (before && after) return JSON.stringify(was) === JSON.stringify(now) ? [] : [`${key}: ${readable(was)} → ${readable(now)}`];
    return [`${key}: ${readable(after ? now : was)}`];
  });
}

export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const lines = changeLines(entry.before, entry.after);
  const change = entry.before && entry.after ? null : entry.after ? t('staff.audit.added') : entry.before ? t('staff.audit.removed') : null;
  return (
    <tr data-audit-id={entry.id}>
      <td className="staff-nowrap">{dateTime(entry.at)}</td>
      <td>{entry.actor === 'cli' ? t('staff.audit.cli') : entry.actor.name}</td>
      <th scope="row">{actionText(t, entry.action)}</th>
      <td>{t(`staff.audit.targets.${entry.targetType}`)} {entry.targetId}</td>
      <td>
        {change ? <span className="staff-muted">{change}</span> : null}
        {lines.length > 0 ? <ul className="staff-change">{lines.map((line) => <li key={line}>{line}</li>)}</ul> : null}
      </td>
    </tr>
  );
}
