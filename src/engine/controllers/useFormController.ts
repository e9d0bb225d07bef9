import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createForm, onFieldInit, onFormValuesChange } from '@formily/core';
import useSWR, { useSWRConfig } from 'swr';
import { can, pageApi, type PageBundle, type Rec } from '../data/pageApi';
import type { ApiError } from '../../client/envelope';
import { defaultValues, fromFormValues, toFormValues } from '../schema/formValues';
import { canEditRecord, formFields } from '../../shared/schema/model';
import { showFieldErrors } from './formErrors';

export interface FormFailure {
  /** A message key of the console, or the server's message as sent. */
  message: string;
  translate: boolean;
}

/** A form opened from a locked child list (?parent=): reads and writes carry the lock. */
export interface FormLock {
  /** The lock's query (parent, parentField), sent with the record's read and the save. */
  query: Record<string, string>;
  /** The field the parent fills in and the user cannot change, with its value. */
  field: string | null;
  value?: unknown;
  /** Values a new record takes besides the form's (the organisation platform staff picked). */
  owner?: Record<string, unknown>;
}

const NO_LOCK: FormLock = { query: {}, field: null };

/**
 * Add and edit without the drawing: the Formily form, the record (from the cache the detail view
 * fills, so opening edit from a detail shows at once), saving with the server's field errors on
 * their fields, and the stale-version conflict. The record's later revalidations do not overwrite
 * what the user has typed.
 */
export function useFormController(bundle: PageBundle, id: string | undefined, onSaved: (saved: Rec) => void, lock: FormLock = NO_LOCK) {
  const { page } = bundle;
  const { mutate: revalidate } = useSWRConfig();
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [stale, setStale] = useState<{ mine: Record<string, unknown>; theirs: Rec } | null>(null);
  const { field: lockedField, value: lockedValue, query: lockQuery, owner } = lock;
  const form = useMemo(
    () =>
      createForm({
        initialValues: id
          ? {}
          : { ...defaultValues(page.model!.properties, formFields(page)), ...(lockedField ? { [lockedField]: lockedValue } : {}) },
        effects: () => {
          onFormValuesChange(() => setDirty(true));
          if (lockedField) onFieldInit(lockedField, (field) => field.setPattern('disabled'));
        },
      }),
    [id, page, lockedField, lockedValue],
  );

  const {
    data: record,
    error,
    mutate,
  } = useSWR(id ? ['record', page.id, id] : null, () => pageApi.get(page.id, id!, lockQuery), { revalidateOnFocus: false });
  const applied = useRef<Rec | null>(null);
  const apply = useCallback(
    (r: Rec) => {
      applied.current = r;
      form.setValues(toFormValues(page, r), 'overwrite');
      setDirty(false);
    },
    [form, page],
  );
  // Before the browser paints the fields: a passive effect would let a keystroke (or a test's fill)
  // land in the empty form between the paint and the effect, and the record would then overwrite it.
  useLayoutEffect(() => {
    if (record && !applied.current) apply(record);
  }, [record, apply]);

  /** Fetches the record again and puts it in the form, replacing the user's edits. */
  const reload = useCallback(async () => {
    const fresh = await mutate();
    if (fresh) apply(fresh);
  }, [mutate, apply]);

  // One save at a time, and none once the record is saved: a double click or a second Save on the
  // submitted values would send the record again (a duplicate, for an add).
  const sending = useRef(false);
  const [saved, setSaved] = useState(false);
  const save = useCallback(
    async (body: Record<string, unknown>, version?: number) => {
      if (sending.current) return;
      sending.current = true;
      setBusy(true);
      setFailure(null);
      try {
        const saved = id
          ? await pageApi.update(page.id, id, { ...body, version }, lockQuery)
          : await pageApi.create(page.id, { ...body, ...owner }, lockQuery);
        setDirty(false);
        setSaved(true);
        // Lists, details and histories of this page kept open in other tabs show the saved record.
        void revalidate((key) => Array.isArray(key) && key[1] === page.id && ['list', 'record', 'history'].includes(key[0] as string));
        onSaved(saved);
      } catch (e) {
        sending.current = false;
        const err = e as ApiError;
        if (err.httpStatus === 409 && (err.data as { current?: Rec })?.current) {
          setStale({ mine: body, theirs: (err.data as { current: Rec }).current });
        } else if (!showFieldErrors(form, err.fieldErrors ?? {}) || Object.keys(err.fieldErrors ?? {}).length === 0) {
          setFailure({ message: err.message, translate: false });
        } else setFailure({ message: 'engine.form.fixErrors', translate: true });
      } finally {
        setBusy(false);
      }
    },
    [id, page.id, form, revalidate, onSaved, lockQuery, owner],
  );

  const submit = useCallback(async () => {
    if (sending.current) return;
    try {
      await form.validate();
    } catch {
      setFailure({ message: 'engine.form.fixErrors', translate: true });
      return;
    }
    await save(fromFormValues(page.model!.properties, form.values), applied.current?.version);
  }, [form, page, save]);

  return {
    form,
    mode: id ? ('update' as const) : ('create' as const),
    /** The server would refuse the save: the view says so before anyone types. */
    allowed: can(bundle.actions, id ? 'update' : 'create'),
    record: record ?? null,
    loading: Boolean(id) && !record && !error,
    loadError: error ? (error as ApiError).message : null,
    editable: !record || canEditRecord(page, record),
    dirty,
    busy,
    failure,
    /** The record is saved: the form sends nothing more. */
    saved,
    clearFailure: () => setFailure(null),
    submit,
    reload,
    stale,
    dismissStale: () => setStale(null),
    reloadStale: () => {
      setStale(null);
      void reload();
    },
    keepMine: () => {
      if (!stale) return;
      setStale(null);
      void save(stale.mine, stale.theirs.version);
    },
  };
}
