import type { ReactNode } from 'react';
import { formatDate, formatTime } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { Skeleton } from '../ui/skeleton';
import './client-access.css';

/** The access-request and invite modals are 980 px wide. */
export const CLIENT_MODAL_WIDTH = 980;

export function ModalLoading() {
  return (
    <div className="client-modal__loading">
      <Skeleton rows={4} imageSize={0} />
    </div>
  );
}

/** The load failed (the toast said why): try again or close. */
export function ModalFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="client-modal__failed">
      <p>{text}</p>
      <button type="button" className="ui-button ui-button--secondary" onClick={onRetry}>
        {t('clientModals.retry')}
      </button>
    </div>
  );
}

/** The finish step's success or failure icon with its status line. */
export function FinishLine({ success, text }: { success: boolean; text: string }) {
  return (
    <div className={`client-modal__finish client-modal__finish--${success ? 'success' : 'failure'}`} role="status">
      <Icon name={success ? 'success' : 'failure'} size={48} className="client-modal__finish-icon" />
      <p className="client-modal__status">{text}</p>
    </div>
  );
}

export interface DetailRow {
  label: string;
  value: ReactNode;
}

export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="client-modal__details">
      {rows.map((row) => (
        <div key={row.label} className="client-modal__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function useDateTime(): (iso: string) => string {
  const t = useT();
  return (iso) => t('clientModals.dateTime', { date: formatDate(iso), time: formatTime(iso) });
}

export function CloseButton({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <button type="button" className="ui-button ui-button--primary" onClick={onClose}>
      {t('clientModals.close')}
    </button>
  );
}
