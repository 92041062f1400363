import type { ReactNode } from 'react';

/** A list page's head: its title and lead, and its actions (an export, a 'create') on the right. */
export function ListsPageHeader({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="lists-page__header">
      <div>
        <h1 className="lists-page__title">{title}</h1>
        <p className="lists-page__lead">{lead}</p>
      </div>
      {children}
    </header>
  );
}
