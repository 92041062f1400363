import { useEffect, useState } from 'react';
import { useT } from '../../../services/i18n';

/** Seconds left of a cooldown that starts over whenever `restartKey` changes. */
function useCooldown(totalSeconds: number, restartKey: unknown): number {
  const [left, setLeft] = useState(totalSeconds);
  useEffect(() => {
    const deadline = Date.now() + totalSeconds * 1000;
    const tick = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    setLeft(tick());
    const timer = setInterval(() => {
      const rest = tick();
      setLeft(rest);
      if (rest === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [totalSeconds, restartKey]);
  return left;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export interface ResendCodeProps {
  cooldownSeconds: number;
  restartKey: unknown;
  /** The flow's own word on it when it keeps a timer; otherwise the countdown decides. */
  ready?: boolean;
  disabled?: boolean;
  label: string;
  onResend: () => void;
}

/** "Send again in 0:27", then a button; the countdown is what the user sees, the flow decides when it is allowed. */
export function ResendCode({ cooldownSeconds, restartKey, ready, disabled = false, label, onResend }: ResendCodeProps) {
  const t = useT();
  const left = useCooldown(cooldownSeconds, restartKey);
  const available = ready ?? left === 0;
  return (
    <p className="auth-resend">
      {available ? (
        <button type="button" className="link-button" disabled={disabled} onClick={onResend}>
          {label}
        </button>
      ) : (
        <span>{t('auth.code.resendIn', { time: clock(Math.max(1, left)) })}</span>
      )}
    </p>
  );
}
