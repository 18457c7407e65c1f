import type { ReactNode } from 'react';

/** A page's <h1> and the line that explains it. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <header className="page-header">
      <h1 className="page-title">{title}</h1>
      {description && <p className="page-description">{description}</p>}
    </header>
  );
}
