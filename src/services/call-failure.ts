import { ApiError } from './api';
import { t } from './i18n';
import { showToast } from './toasts';

/** The gateway's own text; anything else is logged under `area` and told in general words. */
export function callFailureText(area: string, error: unknown): string {
  if (error instanceof ApiError) return error.message;
  console.error(`[${area}] call failed`, error);
  return t('errors.generic');
}

/** The same text in an error toast. */
export function notifyCallFailure(area: string, error: unknown): void {
  showToast({ kind: 'error', text: callFailureText(area, error) });
}
