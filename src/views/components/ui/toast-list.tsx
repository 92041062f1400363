import { useT } from '../../../services/i18n';
import { dismissToast, pauseToast, resumeToast, type Toast } from '../../../services/toasts';
import { Icon, type IconName } from './icon';
import './ui.css';

const kindIcon: Record<Toast['kind'], IconName> = { success: 'success', error: 'failure', info: 'info' };

export default function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <ol className="ui-toaster__list">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}

/** Its 5000 ms stop while the pointer or keyboard focus is on it, so it can be read to the end. */
function ToastItem({ toast }: { toast: Toast }) {
  const t = useT();
  return (
    <li
      className={`ui-toast ui-toast--${toast.kind}`}
      role="status"
      aria-atomic="true"
      onPointerEnter={() => pauseToast(toast.id)}
      onPointerLeave={() => resumeToast(toast.id)}
      onFocus={() => pauseToast(toast.id)}
      onBlur={() => resumeToast(toast.id)}
    >
      <Icon name={kindIcon[toast.kind]} size={20} className="ui-toast__icon" />
      <p className="ui-toast__text">{toast.text}</p>
      <button type="button" className="ui-toast__close" onClick={() => dismissToast(toast.id)}>
        {t('ui.toasts.close')}
      </button>
    </li>
  );
}
