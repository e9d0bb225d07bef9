import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createForm, onFormValuesChange } from '@formily/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { can, pageApi, type PageBundle } from '../data/pageApi';
import type { ApiError } from '../../client/envelope';
import { defaultValues, fromFormValues, toFormValues } from '../schema/formValues';
import { showFieldErrors } from './formErrors';
import type { FormFailure } from './useFormController';
import type { ViewNotifier } from './viewNotifier';

/**
 * A settings page without the drawing: the one record of the organisation shown (platform staff
 * pick which), its form, and saving it (created the first time), with the server's field errors
 * on their fields and a conflict when someone else saved first.
 */
export function useSettingsController(bundle: PageBundle, notify: ViewNotifier) {
  const { page, actions } = bundle;
  const { t } = useTranslation();
  const [party, setParty] = useState<string | undefined>(undefined);
  const { data, error, isLoading, mutate } = useSWR(['settings', page.id, party ?? ''], () => pageApi.current(page.id, party));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form for each organisation shown
  const form = useMemo(() => createForm({ effects: () => onFormValuesChange(() => setDirty(true)) }), [data?.partyCode]);

  // A revalidation that brings someone else's save does not overwrite what the user is typing: the
  // save then answers with the conflict. Applied before the paint, so no keystroke lands in an empty form.
  const typing = useRef(false);
  typing.current = dirty;
  const shown = useRef<{ form: unknown; data: typeof data }>({ form: null, data: undefined });
  useLayoutEffect(() => {
    if (!data || (shown.current.form === form && typing.current)) return;
    shown.current = { form, data };
    form.setValues(data.record ? toFormValues(page, data.record) : defaultValues(page.model!.properties), 'overwrite');
    setDirty(false);
  }, [data, form, page]);

  const save = useCallback(async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      // The version the form was filled from, not a later revalidation's: an edit of an older record
      // must meet the conflict rather than overwrite the newer one.
      const base = shown.current.data ?? data;
      const body = fromFormValues(page.model!.properties, form.values);
      if (base?.record) await pageApi.update(page.id, base.record.id, { ...body, version: base.record.version });
      else await pageApi.create(page.id, { ...body, partyCode: base?.partyCode });
      setDirty(false);
      notify.success(t('engine.form.saved'));
      void mutate();
    } catch (e) {
      const err = e as ApiError;
      if (err.httpStatus === 409) setFailure({ message: 'engine.settings.stale', translate: true });
      else if (!showFieldErrors(form, err.fieldErrors ?? {})) setFailure({ message: err.message, translate: false });
    } finally {
      setBusy(false);
    }
  }, [form, page, data, notify, t, mutate]);

  return {
    form,
    /** The organisation shown: the one picked, else the caller's own (as the server answered). */
    party: party ?? data?.partyCode,
    setParty,
    loading: isLoading || !data,
    loadError: error ? (error as ApiError).message : null,
    /** Whether the organisation has its record yet (the first save creates it). */
    exists: Boolean(data?.record),
    mode: data?.record ? ('update' as const) : ('create' as const),
    editable: can(actions, data?.record ? 'update' : 'create'),
    dirty,
    busy,
    failure,
    save,
  };
}

export type SettingsController = ReturnType<typeof useSettingsController>;
