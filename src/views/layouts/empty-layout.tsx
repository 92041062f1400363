import type { ReactNode } from 'react';

/** Spec 2.4 empty layout: the page alone. */
export default function EmptyLayout({ children }: { title?: string; children: ReactNode }) {
  return (
    <main className="empty-layout" id="content">
      {children}
    </main>
  );
}
