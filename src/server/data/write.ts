import type { AppContext } from '../context.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors.js';
import { hashPassword } from '../security/password.js';
import { allows, assertWritable, scopeByCondition, scopedParty, type PageAccess } from './access.js';
import { audit } from './audit.js';
import { afterWrite, beforeWrite, onTransition } from './hooks.js';
import { checkReferences } from './refs.js';
import { fillFromReferences } from './refFill.js';
import { selectColumns, toRecord, toStored, type Row } from './rows.js';
import { checkRules, invalid, validateFragment, validateRecord } from './validateBody.js';
import { fillSequences, hasSequence } from './sequence.js';
import { encryptValues, generateFields, shownOnce } from './secretValues.js';
import { assertWithinLocks, lockConditions } from './locks.js';
import { planChildDeletes } from './relations.js';
import { writableFor } from '../../shared/schema/recordValidator.js';
import { SYSTEM_FIELDS, type PageSchema } from '../../shared/schema/types.js';
import { computeValues, hasComputed } from '../../shared/schema/computed.js';
import { runEffects } from './effects.js';
import { sanitizeRichText } from './richText.js';
import { ruleContext } from './ruleRefs.js';
import { recheckAggregateRules, sendHeldAlert } from './ruleLocks.js';
import { alertRefusal } from './ruleAlerts.js';
import { normalizeIdentifiers } from './normalizeValues.js';
import { holds } from '../../shared/schema/rules.js';
import { dropUnchangedMasks, maskRecord } from './masking.js';
import { dynamicView } from '../db/connect.js';

type FieldErrors = Record<string, { key: string; params?: Record<string, unknown> }>;

function asObject(body: unknown): Row {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('server.data.bodyRequired');
  return body as Row;
}

/** The record with this id if it exists within the caller's organisation scope, else 404. */
export async function loadScoped(ctx: AppContext, access: PageAccess, id: number, columns?: string[]): Promise<Row> {
  const page = access.page;
  let q = dynamicView(ctx.database.db)
    .selectFrom(page.resource!.table)
    .select(columns ?? selectColumns(page))
    .where('id', '=', id);
  const party = scopedParty(access);
  if (party) q = q.where('partyCode', '=', party);
  for (const c of lockConditions(ctx.database, page, access.locks ?? {})) q = q.where(c);
  const named = scopeByCondition(ctx, access);
  if (named) q = q.where(named);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('server.data.recordNotFound', { id });
  return row as Row;
}

/**
 * Turns a request body into the values to validate: server-managed fields are ignored, an emptied
 * optional field becomes null, and a blank secret on edit means "unchanged".
 */
function normalize(page: PageSchema, body: Row, mode: 'create' | 'update'): Row {
  const props = page.model!.properties;
  const required = new Set(page.model!.required ?? []);
  const out: Row = {};
  for (const [name, v] of Object.entries(body)) {
    if ((SYSTEM_FIELDS as readonly string[]).includes(name) || name === 'partyCode') continue;
    const f = props[name];
    if (f?.readOnly) continue;
    if (f?.writeOnly && mode === 'update' && (v === '' || v === null || v === undefined)) continue;
    out[name] = v === '' && f && !required.has(name) ? null : v;
  }
  return normalizeIdentifiers(page, sanitizeRichText(page, out));
}

function uniqueGroups(page: PageSchema): string[][] {
  const singles = Object.entries(page.model!.properties)
    .filter(([, f]) => f['x-unique'])
    .map(([k]) => [k]);
  return [...singles, ...(page.resource!.uniqueTogether ?? [])];
}

/**
 * Unique values are unique across organisations, but a customer learns only that a value is taken,
 * not that it is another organisation's (the value is echoed only when the other record is one the
 * caller may see).
 */
async function checkUnique(ctx: AppContext, access: PageAccess, values: Row, exceptId?: number): Promise<FieldErrors> {
  const page = access.page;
  const errors: FieldErrors = {};
  const scoped = page.resource!.scope === 'party';
  const viewer = scopedParty(access);
  for (const group of uniqueGroups(page)) {
    if (group.some((f) => values[f] === null || values[f] === undefined)) continue;
    let q = dynamicView(ctx.database.db)
      .selectFrom(page.resource!.table)
      .select(scoped ? ['id', 'partyCode'] : ['id']);
    for (const f of group) q = q.where(f, '=', toStored(ctx.database, page, { [f]: values[f] })[f] as never);
    if (exceptId) q = q.where('id', '!=', exceptId);
    const other = (await q.executeTakeFirst()) as Row | undefined;
    if (other) {
      const field = group.find((f) => page.model!.properties[f]) ?? group[0];
      const title = page.model!.properties[field]?.title ?? field;
      errors[field] =
        !viewer || !scoped || other.partyCode === viewer
          ? { key: 'server.data.duplicate', params: { field: title, value: String(values[field]).slice(0, 40) } }
          : { key: 'server.data.taken', params: { field: title } };
    }
  }
  return errors;
}

async function hashSecrets(ctx: AppContext, page: PageSchema, values: Row): Promise<Row> {
  const out = { ...values };
  for (const [name, f] of Object.entries(page.model!.properties)) {
    if (!f['x-hash'] || !(name in out)) continue;
    const v = out[name];
    delete out[name];
    if (typeof v === 'string' && v) out[f['x-hash'].column] = await hashPassword(v, ctx.config.scryptLogN);
  }
  return out;
}

async function partyFor(ctx: AppContext, access: PageAccess, body: Row): Promise<string> {
  const requested = typeof body.partyCode === 'string' && body.partyCode ? body.partyCode : null;
  if (!requested || requested === access.user.partyCode) return access.user.partyCode;
  if (access.user.partyKind !== 'platform') throw forbidden('server.data.otherParty');
  const exists = await ctx.database.core.selectFrom('sys_party').select('id').where('code', '=', requested).executeTakeFirst();
  if (!exists) throw invalid({ partyCode: { key: 'server.data.refMissing', params: { field: 'fields.partyCode', value: requested } } });
  return requested;
}

function stamp(user: string, creating: boolean): Row {
  const now = new Date().toISOString();
  return creating ? { createdAt: now, updatedAt: now, createdBy: user, updatedBy: user, version: 1 } : { updatedAt: now, updatedBy: user };
}

/** A rule refusal found inside the write's transaction: its alert goes out once the transaction has rolled back. */
async function held(err: unknown): Promise<never> {
  await sendHeldAlert(err);
  throw err;
}

async function fail(errors: FieldErrors) {
  if (Object.keys(errors).length) throw invalid(errors);
}

/**
 * Two requests may both pass checkUnique before either inserts (a double submit): the unique index
 * then refuses the second, which is answered like any duplicate instead of as a server error.
 */
async function duplicateAsInvalid<T>(write: () => Promise<T>, recheck: () => Promise<FieldErrors>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code = (err as { code?: string })?.code;
    if (code !== '23505' && code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
    await fail(await recheck());
    throw invalid({});
  }
}

/** The page's rules on the record as it would be stored; a refusal by a rule marked `alert` is also sent to the organisation's administrators. */
async function enforceRules(ctx: AppContext, page: PageSchema, asStored: Row): Promise<void> {
  const context = await ruleContext(ctx, page, asStored);
  try {
    checkRules(page, asStored, context);
  } catch (err) {
    if (page.rules?.some((r) => r.alert)) await alertRefusal(ctx, page, asStored, context);
    throw err;
  }
}

export async function createRecord(ctx: AppContext, access: PageAccess, rawBody: unknown): Promise<Row> {
  const page = access.page;
  assertWritable(page);
  const body = asObject(rawBody);
  assertWithinLocks(page, access.locks, body);
  // A create through a locked page takes the locked values: writable ones are validated with the rest.
  const locks = access.locks ?? {};
  const writable = new Set(writableFor(page, 'create').map((w) => w.name));
  const values = { ...normalize(page, body, 'create'), ...Object.fromEntries(Object.entries(locks).filter(([k]) => writable.has(k))) };
  await fillFromReferences(ctx, page, values);
  for (const [name, f] of Object.entries(page.model!.properties)) {
    if (values[name] === undefined && f.default !== undefined && !f.readOnly) values[name] = f.default;
  }
  validateRecord(page, 'create', values);
  Object.assign(values, Object.fromEntries(Object.entries(locks).filter(([k]) => !writable.has(k) && k !== 'partyCode')));
  const once = shownOnce(page, generateFields(page, values));
  Object.assign(values, computeValues(page, values, 'stored'));
  const partyBody = typeof locks.partyCode === 'string' ? { ...body, partyCode: locks.partyCode } : body;
  const scoped = page.resource!.scope === 'party' ? { partyCode: await partyFor(ctx, access, partyBody) } : {};
  const asStored = {
    ...values,
    ...scoped,
    ...(page.states ? { [page.states.field]: page.states.initial ?? page.model!.properties[page.states.field].enum![0] } : {}),
  };
  await enforceRules(ctx, page, asStored);
  const numbered = hasSequence(page)
    ? Object.keys(page.model!.properties).filter((k) => page.model!.properties[k]['x-sequence'] && !values[k])
    : [];
  // A generated number that a concurrent create took first is simply taken again, a few times.
  for (let attempt = 0; ; attempt++) {
    if (numbered.length) {
      numbered.forEach((k) => delete values[k]);
      await fillSequences(ctx, page, values, attempt);
    }
    try {
      const record = await insertRecord(ctx, access, values, scoped);
      return once ? { ...record, generatedSecrets: once } : record;
    } catch (err) {
      if (
        !numbered.length ||
        attempt >= 4 ||
        !(err instanceof AppError) ||
        err.httpStatus !== 400 ||
        !numbered.some((k) => err.fieldErrors?.[k])
      )
        throw err;
    }
  }
}

async function insertRecord(ctx: AppContext, access: PageAccess, values: Row, scoped: Row): Promise<Row> {
  const page = access.page;
  await fail({ ...(await checkReferences(ctx, access, values)), ...(await checkUnique(ctx, access, { ...values, ...scoped })) });
  if (page.states) values[page.states.field] = page.states.initial ?? page.model!.properties[page.states.field].enum![0];
  await beforeWrite(ctx, access, 'create', { ...values, ...scoped }, null);
  const secrets = await hashSecrets(ctx, page, pickSecrets(page, values));
  const plain = Object.fromEntries(Object.entries(values).filter(([k]) => !page.model!.properties[k]?.['x-hash']));
  const stored = {
    ...toStored(ctx.database, page, { ...plain, ...scoped }),
    ...encryptValues(ctx, page, plain),
    ...secrets,
    ...stamp(access.user.username, true),
  };
  return duplicateAsInvalid(
    () =>
      ctx.database.db
        .transaction()
        .execute(async (trx) => {
          await recheckAggregateRules(ctx, trx, page, { ...values, ...scoped });
          const { id } = await dynamicView(trx).insertInto(page.resource!.table).values(stored).returning('id').executeTakeFirstOrThrow();
          const row = await dynamicView(trx)
            .selectFrom(page.resource!.table)
            .select(selectColumns(page))
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          const record = toRecord(page, row as Row);
          await audit(trx, access.user, page, 'create', Number(id), null, record);
          afterWrite(access);
          return record;
        })
        .catch(held),
    () => checkUnique(ctx, access, { ...values, ...scoped }),
  );
}

function pickSecrets(page: PageSchema, values: Row): Row {
  return Object.fromEntries(Object.entries(values).filter(([k]) => page.model!.properties[k]?.['x-hash']));
}

export async function updateRecord(ctx: AppContext, access: PageAccess, id: number, rawBody: unknown): Promise<Row> {
  const page = access.page;
  assertWritable(page);
  const body = asObject(rawBody);
  assertWithinLocks(page, access.locks, body);
  const version = body.version;
  if (!Number.isInteger(version)) throw badRequest('server.data.versionRequired');
  const existingRow = await loadScoped(ctx, access, id);
  const existing = toRecord(page, existingRow);
  if (existing.version !== version) throw conflict('server.data.stale', {}, { data: { current: maskRecord(access, existing) } });
  const editableIn = page.states?.editableIn;
  if (editableIn && !editableIn.includes(String(existing[page.states!.field]))) {
    throw conflict('server.data.notEditableInState', { state: String(existing[page.states!.field]) });
  }
  const patch = normalize(page, body, 'update');
  dropUnchangedMasks(page, patch, existing);
  for (const [name, f] of Object.entries(page.model!.properties)) {
    if (name in patch && f['x-editable'] === 'create' && JSON.stringify(patch[name]) !== JSON.stringify(existing[name])) {
      throw invalid({ [name]: { key: 'server.data.notEditable', params: { field: f.title } } });
    }
    if (f['x-editable'] === 'create' || f['x-editable'] === 'never') delete patch[name];
  }
  const writable = writableFor(page, 'update').map((w) => w.name);
  const merged: Row = {};
  for (const name of writable) {
    if (name in patch) merged[name] = patch[name];
    else if (!page.model!.properties[name].writeOnly && name in existing) merged[name] = existing[name];
  }
  for (const k of Object.keys(patch)) if (!(k in merged)) merged[k] = patch[k];
  validateRecord(page, 'update', merged);
  if (hasComputed(page, 'stored')) Object.assign(patch, computeValues(page, { ...existing, ...merged }, 'stored'));
  const asStored = { ...existing, ...merged, ...patch };
  await enforceRules(ctx, page, asStored);
  await fail({
    ...(await checkReferences(ctx, access, patch)),
    ...(await checkUnique(ctx, access, { ...merged, partyCode: existing.partyCode }, Number(existing.id))),
  });
  await beforeWrite(ctx, access, 'update', { ...existing, ...merged }, existing);
  const secrets = await hashSecrets(ctx, page, pickSecrets(page, patch));
  const plain = Object.fromEntries(Object.entries(patch).filter(([k]) => !page.model!.properties[k]?.['x-hash']));
  const changes = {
    ...toStored(ctx.database, page, plain),
    ...encryptValues(ctx, page, plain),
    ...secrets,
    ...stamp(access.user.username, false),
    version: Number(version) + 1,
  };
  return duplicateAsInvalid(
    () =>
      ctx.database.db
        .transaction()
        .execute(async (trx) => {
          await recheckAggregateRules(ctx, trx, page, asStored);
          const res = await dynamicView(trx)
            .updateTable(page.resource!.table)
            .set(changes)
            .where('id', '=', Number(existing.id))
            .where('version', '=', Number(version))
            .executeTakeFirst();
          const row = await dynamicView(trx)
            .selectFrom(page.resource!.table)
            .select(selectColumns(page))
            .where('id', '=', Number(existing.id))
            .executeTakeFirst();
          if (!row) throw notFound('server.data.recordNotFound', { id: existing.id });
          const record = toRecord(page, row as Row);
          // Lost a race with another writer: answer as for a stale version, with the record as it now is.
          if (Number(res.numUpdatedRows) !== 1) throw conflict('server.data.stale', {}, { data: { current: maskRecord(access, record) } });
          await audit(trx, access.user, page, 'update', Number(existing.id), existing, record);
          afterWrite(access);
          return record;
        })
        .catch(held),
    () => checkUnique(ctx, access, { ...merged, partyCode: existing.partyCode }, Number(existing.id)),
  );
}

export async function deleteRecords(ctx: AppContext, access: PageAccess, ids: number[]): Promise<number> {
  const page = access.page;
  assertWritable(page);
  const rows: Row[] = [];
  for (const id of new Set(ids)) rows.push(toRecord(page, await loadScoped(ctx, access, id)));
  const deletableIn = page.states?.deletableIn;
  const stuck = deletableIn && rows.find((r) => !deletableIn.includes(String(r[page.states!.field])));
  if (stuck) throw conflict('server.data.notDeletableInState', { state: String(stuck[page.states!.field]) });
  const kept = page.resource?.deletableWhen && rows.find((r) => !holds(page.resource!.deletableWhen!, r));
  if (kept) throw conflict('server.data.notDeletable', { label: String(kept[page.resource!.label] ?? kept.id) });
  const children = await planChildDeletes(ctx, page, rows);
  for (const r of rows) await beforeWrite(ctx, access, 'delete', null, r);
  await ctx.database.db.transaction().execute(async (trx) => {
    for (const planned of children) {
      for (const r of planned.rows) {
        await dynamicView(trx).deleteFrom(planned.page.resource!.table).where('id', '=', Number(r.id)).execute();
        await audit(trx, access.user, planned.page, 'delete', Number(r.id), r, null);
      }
    }
    for (const r of rows) {
      await dynamicView(trx).deleteFrom(page.resource!.table).where('id', '=', Number(r.id)).execute();
      await audit(trx, access.user, page, 'delete', Number(r.id), r, null);
    }
  });
  afterWrite(access);
  return rows.length;
}

export async function runTransition(ctx: AppContext, access: PageAccess, id: number, name: string, rawBody: unknown): Promise<Row> {
  const page = access.page;
  const t = page.states?.transitions.find((x) => x.name === name);
  if (!t) throw notFound('server.data.unknownTransition', { name: name.slice(0, 40) });
  if (!allows(access.actions, `transition:${name}`) && !allows(access.actions, 'update'))
    throw forbidden('server.data.forbidden', { action: name });
  const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Row;
  const existing = toRecord(page, await loadScoped(ctx, access, id));
  const field = page.states!.field;
  const current = String(existing[field]);
  if (!t.from.includes(current)) throw conflict('server.data.badTransition', { name: t.title, state: current });
  if (body.version !== undefined && body.version !== existing.version) throw conflict('server.data.stale');
  const formFields = Object.fromEntries((t.form ?? []).map((f) => [f, page.model!.properties[f]]));
  const values = Object.fromEntries((t.form ?? []).filter((f) => body[f] !== undefined).map((f) => [f, body[f] === '' ? null : body[f]]));
  // A required field left empty is missing, and is told so (not as a value of the wrong type).
  validateFragment(
    page,
    formFields,
    t.required ?? [],
    Object.fromEntries(Object.entries(values).filter(([f, v]) => v !== null || !t.required?.includes(f))),
  );
  const computed = computeValues(page, { ...existing, ...values, [field]: t.to }, 'stored');
  const asStored = { ...existing, ...values, ...computed, [field]: t.to };
  await enforceRules(ctx, page, asStored);
  const changes = {
    ...toStored(ctx.database, page, { ...values, ...computed, [field]: t.to }),
    ...stamp(access.user.username, false),
    version: Number(existing.version) + 1,
  };
  const afterCommit: (() => Promise<void>)[] = [];
  const done = await ctx.database.db
    .transaction()
    .execute(async (trx) => {
      await recheckAggregateRules(ctx, trx, page, asStored);
      const res = await dynamicView(trx)
        .updateTable(page.resource!.table)
        .set(changes)
        .where('id', '=', Number(existing.id))
        .where('version', '=', Number(existing.version))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw conflict('server.data.stale');
      const row = await dynamicView(trx)
        .selectFrom(page.resource!.table)
        .select(selectColumns(page))
        .where('id', '=', Number(existing.id))
        .executeTakeFirstOrThrow();
      const record = toRecord(page, row as Row);
      await audit(trx, access.user, page, `transition:${name}`, Number(existing.id), existing, record);
      if (t.effects?.length) await runEffects(ctx, trx, access.user, t.effects, record, `${page.id}#${name}`);
      const then = await onTransition(ctx, trx, access, name, record);
      if (then) afterCommit.push(then);
      return record;
    })
    .catch(held)
    .finally(() => afterWrite(access));
  for (const then of afterCommit) await then();
  return done;
}
