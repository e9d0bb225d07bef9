import { useLayoutEffect, type ComponentProps, type ReactNode } from 'react';
import { FormItem } from '@formily/antd-v5';
import { useField } from '@formily/react';
import { isVoidField, type GeneralField } from '@formily/core';

/**
 * An id for a field's input that is unique in the document: the form's own id (several forms are
 * open at once, one per kept tab) and the field's address.
 */
export function fieldDomId(field: GeneralField): string {
  return `f${field.form.id}-${field.address.toString().replace(/[^\w-]/g, '-')}`;
}

type ItemProps = ComponentProps<typeof FormItem> & { label?: ReactNode };

/**
 * Formily's FormItem prints its label as a bare <label> tied to no input, so a screen reader
 * announces every field without a name (WCAG 1.3.1, 4.1.2). This one gives the label text an id
 * and the field's input that id as aria-labelledby, with an id of its own.
 */
function LabelledItem(props: ItemProps) {
  const field = useField();
  const id = fieldDomId(field);
  const labelId = `${id}-label`;
  const named = !isVoidField(field);
  useLayoutEffect(() => {
    if (!named || isVoidField(field)) return;
    const current = field.componentProps ?? {};
    if (current.id !== id || current['aria-labelledby'] !== labelId) field.setComponentProps({ id, 'aria-labelledby': labelId });
  }, [field, named, id, labelId]);
  const label = props.label ?? field.title;
  return <FormItem {...props} label={named && label ? <span id={labelId}>{label}</span> : label} />;
}

export const LabelledFormItem = Object.assign(LabelledItem, { BaseItem: FormItem.BaseItem });
