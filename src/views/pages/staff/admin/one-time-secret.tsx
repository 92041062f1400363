import { useId, useState } from 'react';
import { useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { Button } from '../../../components/ui/button';

interface OneTimeSecretProps {
  /** What it is ('Ссылка для установки пароля Анны'). */
  label: string;
  value: string;
  /** Its expiry or how to use it. */
  note?: string;
  /** Hides it for good: the gateway keeps only a hash, so it cannot be shown again. */
  onDone: () => void;
}

/** A set-up link, an API key or a webhook secret, shown this once with a copy button. */
export function OneTimeSecret({ label, value, note, onDone }: OneTimeSecretProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const labelId = useId();
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) return showToast({ kind: 'error', text: t('staff.admin.copyFailed') });
    clipboard.writeText(value).then(() => setCopied(true), () => showToast({ kind: 'error', text: t('staff.admin.copyFailed') }));
  };
  return (
    <div className="staff-secret" role="status" aria-labelledby={labelId}>
      <p className="staff-secret__label" id={labelId}>{label}</p>
      <code className="staff-secret__value">{value}</code>
      {note ? <p className="staff-muted">{note}</p> : null}
      <p className="staff-secret__warning">{t('staff.admin.shownOnce')}</p>
      <div className="staff-actions">
        <Button variant="secondary" onClick={copy}>{copied ? t('staff.admin.copied') : t('staff.admin.copy')}</Button>
        <Button variant="link" onClick={onDone}>{t('staff.admin.hide')}</Button>
      </div>
    </div>
  );
}
