import type { ReactNode } from 'react';
import { formatDate, formatTime } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { Modal } from '../ui/modal';
import { RetryNote } from '../ui/retry-note';
import { Skeleton } from '../ui/skeleton';
import './client-access.css';

/** The access-request and invite modals are 980 px wide. */
const CLIENT_MODAL_WIDTH = 980;

interface ClientModalProps {
  title: string;
  footer: ReactNode;
  /** The modal machine's state: 'loading' and 'failed' stand instead of the content. */
  step: string;
  failedText: string;
  onRetry: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of the access-request and invite modals: loading, failed with a retry, or the record. */
export function ClientModal({ title, footer, step, failedText, onRetry, onClose, children }: ClientModalProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      width={CLIENT_MODAL_WIDTH}
      className="client-modal"
      footer={footer}
    >
      {step === 'loading' ? <ModalLoading /> : null}
      {step === 'failed' ? <ModalFailed text={failedText} onRetry={onRetry} /> : null}
      {step === 'loading' || step === 'failed' ? null : children}
    </Modal>
  );
}

export type Answer = 'decline' | 'accept';

/** Decline first, accept last: the main action ends the line. */
export const ANSWERS = [{ action: 'decline', variant: 'secondary' }, { action: 'accept', variant: 'primary' }] as const;

interface AnswerButtonsProps {
  /** What the record's flow is sending, if anything: both buttons wait, the one of that answer spins. */
  sending: string | null;
  /** Each button's text: idle, and while its answer is being sent. */
  texts: Record<Answer, readonly [string, string]>;
  onAnswer: (action: Answer) => void;
}

/** Decline and accept, for a request or an invitation waiting for this user's word. */
export function AnswerButtons({ sending, texts, onAnswer }: AnswerButtonsProps) {
  return ANSWERS.map(({ action, variant }) => (
    <Button key={action} variant={variant} busy={sending === action} disabled={sending !== null} onClick={() => onAnswer(action)}>
      {texts[action][sending === action ? 1 : 0]}
    </Button>
  ));
}

function ModalLoading() {
  return (
    <div className="client-modal__loading">
      <Skeleton rows={4} imageSize={0} />
    </div>
  );
}

/** The load failed (the toast said why): try again or close. */
function ModalFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return <RetryNote text={text} retryLabel={t('clientModals.retry')} onRetry={onRetry} look="secondary" className="client-modal__failed" />;
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
