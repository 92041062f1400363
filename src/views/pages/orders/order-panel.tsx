import type { ReactNode } from 'react';

interface OrderPanelProps {
  /** The heading's id, which names the panel. */
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}

/** A panel of the order page (its lines, documents, history…): a section named by its heading. */
export function OrderPanel({ id, title, className, children }: OrderPanelProps) {
  return (
    <section className={className ? `order-panel ${className}` : 'order-panel'} aria-labelledby={id}>
      <h2 className="order-panel__title" id={id}>{title}</h2>
      {children}
    </section>
  );
}
