import type { CodeSentResponse } from '../../../contract/auth';
import { useT } from '../../../services/i18n';

/** How a code reaches the person: the method the screen asked for. */
export type CodeMethod = 'sms' | 'call' | 'email';

/** The method a code screen speaks of: the one asked for, or SMS when a flash call could not be placed. */
export const methodSent = (asked: CodeMethod, codeSent: CodeSentResponse | null): CodeMethod =>
  (asked === 'call' && codeSent?.sentBy === 'sms' ? 'sms' : asked);

/**
 * Says in place, above the code field, when the code did not go as asked: the call became an SMS, or the first try
 * failed and the code may come a little later. role=status: a screen reader reads it as it appears.
 */
export function CodeNotice({ asked, codeSent }: { asked: CodeMethod | null; codeSent: CodeSentResponse | null }) {
  const t = useT();
  const fellBack = asked === 'call' && codeSent?.sentBy === 'sms';
  const delayed = codeSent?.delayed === true;
  if (!fellBack && !delayed) return null;
  return (
    <p className="code-notice" role="status">
      <span className="code-notice__icon" aria-hidden="true">i</span>
      <span>{[fellBack ? t('auth.code.notice.callFellBack') : null, delayed ? t('auth.code.notice.delayed') : null].filter(Boolean).join(' ')}</span>
    </p>
  );
}
