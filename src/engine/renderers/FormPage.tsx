import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Result, Skeleton, Space } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PageBundle, Rec } from '../data/pageApi';
import { useFormController, type FormLock } from '../controllers/useFormController';
import { SchemaForm } from './SchemaForm';
import { StaleDialog } from './StaleDialog';
import { useUnsavedGuard } from './useUnsavedGuard';
import { showSecrets } from './ActionResult';
import { closePage } from './pageClose';
import { LockedBar } from './LockedBar';
import { lockedParent } from '../controllers/lockedParent';
import { useSession } from '../session/store';
import RefSelect from '../../widgets/RefSelect';
import type { PageSchema } from '../../shared/schema/types';

/** The form value of a locked reference: ids are numbers, keys stay text. */
function lockedValue(page: PageSchema, field: string, raw: string): unknown {
  const f = page.model!.properties[field];
  return f.type === 'integer' || f.type === 'number' ? Number(raw) : raw;
}

interface Props {
  bundle: PageBundle;
  basePath: string;
  id?: string;
}

/** Add and edit: draws what useFormController holds; no silent overwrite. */
export function FormPage({ bundle, basePath, id }: Props) {
  const { page } = bundle;
  const { t } = useTranslation();
  const app = App.useApp();
  const { message } = app;
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a locked child list (?parent=): the parent is filled in and cannot be changed.
  const [search] = useSearchParams();
  const lockParams = useMemo(
    () => Object.fromEntries(['parent', 'parentField'].filter((k) => search.get(k)).map((k) => [k, search.get(k)!])),
    [search],
  );
  const lockQuery = lockParams.parent ? `?${new URLSearchParams(lockParams)}` : '';
  const parent = lockedParent(bundle.parents, lockParams);
  const lockedField = parent && page.model!.properties[parent.field] ? parent.field : null;
  const { info } = useSession();
  // Platform staff create records of any organisation: they choose it (their own until they change
  // it, and never none), unless a parent lock names it. Customers never see it: theirs is used.
  const pickParty = !id && page.resource?.scope === 'party' && info?.party.kind === 'platform' && parent?.field !== 'partyCode';
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const party = chosen === undefined ? info?.party.code : (chosen ?? undefined);
  const [partyMissing, setPartyMissing] = useState(false);
  // Built from plain values: the lock (and the form it fills) stays the same object across renders.
  const parentField = parent?.field;
  const parentValue = parent?.value;
  const lock = useMemo<FormLock>(
    () => ({
      query: lockParams,
      field: lockedField,
      value: lockedField && parentValue !== undefined ? lockedValue(page, lockedField, parentValue) : undefined,
      owner: parentField === 'partyCode' ? { partyCode: parentValue } : pickParty && party ? { partyCode: party } : {},
    }),
    [lockParams, lockedField, page, parentField, parentValue, pickParty, party],
  );
  const onSaved = useCallback(
    (saved: Rec) => {
      void message.success(t(id ? 'engine.form.saved' : 'engine.form.created'));
      // Generated secrets come back in this answer only.
      const secrets = (saved as { generatedSecrets?: Record<string, string> }).generatedSecrets;
      if (secrets) showSecrets(app, t, page, secrets);
      // The form is finished: the detail takes its place (its tab closes) and opens at the top.
      navigate(`${basePath}/detail/${saved.id}${lockQuery}`, { replace: true, state: { replaces: location.pathname + location.search } });
      window.scrollTo(0, 0);
    },
    [app, message, t, page, id, navigate, basePath, lockQuery, location.pathname, location.search],
  );
  const ctl = useFormController(bundle, id, onSaved, lock);
  const save = () => {
    if (pickParty && !party) {
      setPartyMissing(true);
      return;
    }
    void ctl.submit();
  };
  useUnsavedGuard(ctl.dirty && !ctl.busy);
  // An opened form takes the focus to its first field, so a keyboard user starts typing where the
  // form begins instead of on the page body (the list remembers its opener: see tabs/pageFocus).
  const body = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    const el = body.current;
    if (ctl.loading || focused.current || !el?.closest('.keep-alive--active')) return;
    focused.current = true;
    el.querySelector<HTMLElement>(
      'input:not([disabled]):not([type=hidden]), textarea:not([disabled]), button[role=switch]:not([disabled])',
    )?.focus();
  }, [ctl.loading]);
  const partyLabel = useId();
  const cancel = () => {
    if (ctl.dirty && !window.confirm(t('engine.form.leaveConfirm'))) return;
    // Cancelled, the form is finished as a saved one is: back where it was opened from, its tab
    // closes (kept, it would come back half-filled, the focus on this button).
    const self = location.pathname + location.search;
    addEventListener('popstate', () => setTimeout(() => closePage(self)), { once: true });
    navigate(-1);
  };

  if (!ctl.allowed) {
    return (
      <Result
        status="403"
        title={t('engine.form.notAllowed')}
        extra={<Button onClick={() => navigate(`${basePath}${lockQuery}`)}>{t('engine.backToList')}</Button>}
      />
    );
  }
  if (ctl.loadError)
    return (
      <Result
        status="warning"
        title={t('engine.form.loadFailed')}
        subTitle={ctl.loadError}
        extra={<Button onClick={() => navigate(`${basePath}${lockQuery}`)}>{t('engine.backToList')}</Button>}
      />
    );
  if (ctl.loading)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!ctl.editable) {
    return (
      <Result
        status="warning"
        title={t('engine.form.notEditableInState')}
        extra={<Button onClick={() => navigate(`${basePath}/detail/${id}${lockQuery}`)}>{t('engine.view.detail')}</Button>}
      />
    );
  }
  const failure = ctl.failure && (ctl.failure.translate ? t(ctl.failure.message) : ctl.failure.message);
  return (
    <Card title={`${t(page.title)} · ${t(id ? 'engine.view.edit' : 'engine.view.add')}`} className="form-page">
      {failure && (
        <Alert type="error" showIcon message={failure} className="form-page__error" role="alert" closable onClose={ctl.clearFailure} />
      )}
      <LockedBar page={page} parent={parent} />
      <div ref={body}>
        {pickParty && (
          <div className="form-page__party">
            <span className="form-page__party-label" id={partyLabel}>
              {t('engine.settings.organisation')}
            </span>
            <RefSelect
              refPage="platformUser/partyManage"
              value={party}
              allowClear
              aria-labelledby={partyLabel}
              placeholder={t('engine.form.partyPlaceholder')}
              status={partyMissing ? 'error' : undefined}
              onChange={(v) => {
                setChosen(typeof v === 'string' ? v : null);
                setPartyMissing(false);
              }}
              style={{ minWidth: 260 }}
              data-testid="party-picker"
            />
            {partyMissing && (
              <span className="form-page__party-error" role="alert">
                {t('engine.form.partyRequired')}
              </span>
            )}
          </div>
        )}
        <SchemaForm form={ctl.form} page={page} mode={ctl.mode} />
      </div>
      <div className="form-page__actions">
        <Space>
          <Button type="primary" loading={ctl.busy} disabled={ctl.saved} onClick={save}>
            {t('engine.form.save')}
          </Button>
          <Button onClick={cancel}>{t('common.cancel')}</Button>
        </Space>
      </div>
      {ctl.stale && (
        <StaleDialog
          page={page}
          mine={ctl.stale.mine}
          theirs={ctl.stale.theirs}
          onCancel={ctl.dismissStale}
          onReload={ctl.reloadStale}
          onKeepMine={ctl.keepMine}
        />
      )}
    </Card>
  );
}
