import type { ReactNode } from 'react';
import { formatDate } from '../../../services/format';

interface OrderNoteProps {
  /** The note's mark before the rest of its head: a review's rating, a complaint's request status. */
  badge: ReactNode;
  subject?: string;
  author: string;
  createdAt: string;
  /** Tells the notes apart to tests and styles: `data-review-id`, `data-complaint-id`. */
  data: Record<`data-${string}`, number>;
  children: ReactNode;
}

/** One note under an order — a review or a complaint: its head (mark, subject, author, date), then its text and more. */
export function OrderNote({ badge, subject, author, createdAt, data, children }: OrderNoteProps) {
  return (
    <li className="order-note" {...data}>
      <div className="order-note__head">
        {badge}
        {subject === undefined ? null : <span className="order-note__subject">{subject}</span>}
        <span className="order-note__author">{author}</span>
        <span className="order-note__date">{formatDate(createdAt)}</span>
      </div>
      {children}
    </li>
  );
}
