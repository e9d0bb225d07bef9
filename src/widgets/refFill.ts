import { useForm } from '@formily/react';
import { fillReads, fillValues } from '../shared/schema/refFill';
import { api } from '../client/request';
import { optionsUrl } from './refOptions';

type Key = string | number;

/**
 * When the user picks a record, the fields it fills (x-ref-fill) take their values from it: the
 * options route answers the fields the fills read. Only a pick fills: opening a saved record keeps
 * what was stored.
 */
export function useFillOnPick(refPage: string | undefined, fills: Record<string, string> | undefined): (picked: Key | null) => void {
  const form = useForm() as ReturnType<typeof useForm> | undefined;
  return (picked) => {
    if (!form || !fills || !refPage || picked === null || picked === undefined || picked === '') return;
    api
      .get<{ value: Key; fields?: Record<string, unknown> }[]>(
        optionsUrl(refPage),
        { ids: String(picked), fields: fillReads(fills).join(',') },
        { silent: true },
      )
      .then((found) => {
        const chosen = found?.find((o) => String(o.value) === String(picked))?.fields;
        if (!chosen) return;
        for (const [field, v] of Object.entries(fillValues(fills, chosen))) form.setValuesIn(field, v);
      })
      .catch(() => undefined);
  };
}
