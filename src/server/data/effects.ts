import { dynamicView, type Db } from '../db/connect.js';
import type { AppContext, SessionUser } from '../context.js';
import type { Effect, FieldSchema, PageSchema } from '../../shared/schema/types.js';
import { computeValues } from '../../shared/schema/computed.js';
import { audit } from './audit.js';
import { selectColumns, toRecord, toStored, type Row } from './rows.js';
import { validateFragment, validateRecord } from './validateBody.js';

/** The transition's transaction; the effect's target page is named by the schema, so its table is reached through dynamicView. */
type Trx = Db;

/** "$record.<field>" from the record after the change, "$now", "$user"; anything else as written. */
function resolve(value: unknown, record: Row, user: SessionUser, now: string): unknown {
  if (typeof value !== 'string' || !value.startsWith('$')) return value;
  if (value === '$now') return now;
  if (value === '$user') return user.username;
  if (value.startsWith('$record.')) return record[value.slice('$record.'.length)] ?? null;
  return value;
}

const resolveAll = (values: Record<string, unknown>, record: Row, user: SessionUser, now: string): Row =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, resolve(v, record, user, now)]));

// validateFragment caches its validator by the fields object, so each effect keeps one.
const setFields = new WeakMap<Effect, Record<string, FieldSchema>>();

function fieldsOf(target: PageSchema, effect: Effect): Record<string, FieldSchema> {
  let fields = setFields.get(effect);
  if (!fields) {
    fields = Object.fromEntries(Object.keys(effect.set ?? {}).map((k) => [k, target.model!.properties[k]]));
    setFields.set(effect, fields);
  }
  return fields;
}

/**
 * Runs a transition's effects inside its transaction: updates of the records that match, or a new
 * record. Records of an organisation-scoped page are matched and created within the organisation of
 * the record that changed, so an effect never reaches another customer's data. Each change is
 * audited as "effect:<transition>". A value the target's model refuses fails the whole transition.
 */
export async function runEffects(
  ctx: AppContext,
  trx: Trx,
  user: SessionUser,
  effects: Effect[],
  record: Row,
  label: string,
): Promise<void> {
  const now = new Date().toISOString();
  for (const effect of effects) {
    const target = ctx.schemas.pages.get(effect.page)!;
    const scopedTo = target.resource!.scope === 'party' && typeof record.partyCode === 'string' ? record.partyCode : null;
    if (effect.create) await createEffect(ctx, trx, user, target, resolveAll(effect.create, record, user, now), scopedTo, label, now);
    else await updateEffect(ctx, trx, user, target, effect, record, scopedTo, label, now);
  }
}

async function updateEffect(
  ctx: AppContext,
  trx: Trx,
  user: SessionUser,
  target: PageSchema,
  effect: Effect,
  record: Row,
  scopedTo: string | null,
  label: string,
  now: string,
) {
  const values = resolveAll(effect.set!, record, user, now);
  validateFragment(target, fieldsOf(target, effect), [], values);
  const match = toStored(ctx.database, target, resolveAll(effect.match!, record, user, now));
  // A match on a missing value would update every record whose field is empty: nothing to do then.
  if (Object.values(match).some((v) => v === null || v === undefined)) return;
  let q = dynamicView(trx).selectFrom(target.resource!.table).select(selectColumns(target));
  for (const [k, v] of Object.entries(match)) q = q.where(k, '=', v as never);
  if (scopedTo) q = q.where('partyCode', '=', scopedTo);
  for (const row of (await q.execute()) as Row[]) {
    const before = toRecord(target, row);
    const computed = computeValues(target, { ...before, ...values }, 'stored');
    await dynamicView(trx)
      .updateTable(target.resource!.table)
      .set({
        ...toStored(ctx.database, target, { ...values, ...computed }),
        updatedAt: now,
        updatedBy: user.username,
        version: Number(before.version) + 1,
      })
      .where('id', '=', Number(before.id))
      .execute();
    const after = toRecord(
      target,
      (await dynamicView(trx)
        .selectFrom(target.resource!.table)
        .select(selectColumns(target))
        .where('id', '=', Number(before.id))
        .executeTakeFirstOrThrow()) as Row,
    );
    await audit(trx, user, target, `effect:${label}`, Number(before.id), before, after);
  }
}

async function createEffect(
  ctx: AppContext,
  trx: Trx,
  user: SessionUser,
  target: PageSchema,
  values: Row,
  scopedTo: string | null,
  label: string,
  now: string,
) {
  for (const [name, f] of Object.entries(target.model!.properties)) {
    if (values[name] === undefined && f.default !== undefined && !f.readOnly) values[name] = f.default;
  }
  const writable = Object.fromEntries(Object.entries(values).filter(([k]) => !target.model!.properties[k]?.readOnly));
  validateRecord(target, 'create', writable);
  if (target.states) values[target.states.field] = target.states.initial ?? target.model!.properties[target.states.field].enum![0];
  Object.assign(values, computeValues(target, values, 'stored'));
  const stored = {
    ...toStored(ctx.database, target, values),
    ...(scopedTo ? { partyCode: scopedTo } : {}),
    createdAt: now,
    updatedAt: now,
    createdBy: user.username,
    updatedBy: user.username,
    version: 1,
  };
  const { id } = await dynamicView(trx).insertInto(target.resource!.table).values(stored).returning('id').executeTakeFirstOrThrow();
  const after = toRecord(
    target,
    (await dynamicView(trx)
      .selectFrom(target.resource!.table)
      .select(selectColumns(target))
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow()) as Row,
  );
  await audit(trx, user, target, `effect:${label}`, Number(id), null, after);
}
