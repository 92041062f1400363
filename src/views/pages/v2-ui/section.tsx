import type { ReactNode } from 'react';

/** One labelled block of a showcase page. */
export function ShowcaseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="showcase__section">
      <h2 className="showcase__heading">{title}</h2>
      <div className="showcase__row">{children}</div>
    </section>
  );
}
