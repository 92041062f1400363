import type { ReactNode } from 'react';
import { useT } from '../../services/i18n';

interface EmptyStateProps {
  /** Defaults to 'Список пуст' (spec 2.5). */
  title?: string;
  text?: string;
  action?: ReactNode;
}

export function EmptyState({ title, text, action }: EmptyStateProps) {
  const t = useT();
  return (
    <section className="empty-state">
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M4 4h16v2H4zm0 5h16v2H4zm0 5h10v2H4z" opacity="0.5" />
      </svg>
      <h2 className="empty-state__title">{title ?? t('empty.title')}</h2>
      {text ? <p>{text}</p> : null}
      {action}
    </section>
  );
}
