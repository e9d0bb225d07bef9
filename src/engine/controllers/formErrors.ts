import { isField, type Form } from '@formily/core';
import { reaction } from '@formily/reactive';

/**
 * Puts the server's per-field messages on their fields. Each message goes away when its field's value
 * changes: it answered the value that was sent, and left in place it would keep the form invalid, so
 * the next Save would send nothing.
 */
export function showFieldErrors(form: Form, errors: Record<string, string>): boolean {
  let shown = false;
  for (const [name, message] of Object.entries(errors)) {
    const field = form.query(name).take();
    if (field && isField(field)) {
      field.setSelfErrors([message]);
      const dispose = reaction(
        () => field.value,
        () => {
          dispose();
          field.setSelfErrors([]);
        },
      );
      shown = true;
    }
  }
  return shown;
}
