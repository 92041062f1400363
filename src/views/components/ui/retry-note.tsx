import { Button } from './button';

interface RetryNoteProps {
  text: string;
  retryLabel: string;
  onRetry: () => void;
  /** 'link': one line, the text with a link after it; 'secondary': the text in its paragraph above a secondary button. */
  look: 'link' | 'secondary';
  className?: string;
  role?: 'alert';
}

/** Something did not load: the line saying so and its 'try again'. */
export function RetryNote({ text, retryLabel, onRetry, look, className, role }: RetryNoteProps) {
  const button = <Button variant={look} onClick={onRetry}>{retryLabel}</Button>;
  if (look === 'link') return <p className={className} role={role}>{text} {button}</p>;
  return (
    <div className={className} role={role}>
      <p>{text}</p>
      {button}
    </div>
  );
}
