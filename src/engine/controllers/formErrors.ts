import { isField, type Form } from '@formily/core';

/** Puts the server's per-field messages on their fields. */
export function showFieldErrors(form: Form, errors: Record<string, string>): boolean {
  let shown = false;
  for (const [name, message] of Object.entries(errors)) {
    const field = form.query(name).take();
    if (field && isField(field)) {
      field.setSelfErrors([message]);
      shown = true;
    }
  }
  return shown;
}
