import type { ReactNode } from 'react';

/** A titled block of a form; Formily renders it for each form section of a schema. */
export function FormSection({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <section className="form-section">
      {title && <h3 className="form-section__title">{title}</h3>}
      {children}
    </section>
  );
}
