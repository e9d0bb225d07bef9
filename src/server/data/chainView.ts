import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { translate } from '../i18n/messages.js';
import { fieldSchema } from '../../shared/schema/model.js';
import type { ChainView, PageSchema } from '../../shared/schema/types.js';
import { pageAccess, type PageAccess } from './access.js';
import { displayValue } from './format.js';
import { maskerFor } from './masking.js';
import { toRecord, type Row } from './rows.js';
import { loadScoped } from './write.js';
import { dynamicView } from '../db/connect.js';

export interface ChainDocument {
  id: number;
  /** The document's number (its page's label, else key). */
  no: string;
  amountFen: number | null;
  status: { value: unknown; text: string | number | null; color?: string } | null;
  /** The number it follows, as it holds it. */
  follows: string;
}

export interface ChainStepAnswer {
  name: string;
  page: string;
  title: string;
  /** Whether the caller may read the step's page; its documents are left out when not. */
  readable: boolean;
  documents: ChainDocument[];
  totalFen: number | null;
}

export interface ChainAnswer {
  steps: ChainStepAnswer[];
  openFen: number | null;
}

const LIMIT = 200;
const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * A record's chain of documents (page.chains): step by step, the records of each page that name a
 * number of this record or of an earlier step, within this record's organisation; each with its
 * number, amount and state, and the fen still open. A step whose page the caller may not read is
 * named but shows no documents; later steps still follow it, as the chain is the record's.
 */
export async function chainView(ctx: AppContext, req: FastifyRequest, parent: PageAccess, id: number, name: string): Promise<ChainAnswer> {
  const chain: ChainView | undefined = parent.page.chains?.find((c) => c.name === name);
  if (!chain) throw notFound('server.data.unknownRelation', { name: name.slice(0, 40) });
  const root = await loadScoped(ctx, parent, id);
  const partyCode = (
    (await dynamicView(ctx.database.db)
      .selectFrom(parent.page.resource!.table)
      .select('partyCode')
      .where('id', '=', Number(root.id))
      .executeTakeFirst()) as Row | undefined
  )?.partyCode;
  const rows = new Map<string, Row[]>();
  const steps: ChainStepAnswer[] = [];
  for (const step of chain.steps) {
    const page = ctx.schemas.pages.get(step.page) as PageSchema;
    const [head, tail] = step.from.includes('.') ? step.from.split('.') : [null, step.from];
    const values = [
      ...new Set(
        (head ? (rows.get(head) ?? []) : [root])
          .map((r) => r[tail])
          .filter(filled)
          .map(String),
      ),
    ];
    let found: Row[] = [];
    if (values.length) {
      let q = dynamicView(ctx.database.db).selectFrom(page.resource!.table).selectAll().where(step.field, 'in', values);
      if (page.resource!.scope === 'party' && filled(partyCode)) q = q.where('partyCode', '=', String(partyCode));
      found = (await q.orderBy('id').limit(LIMIT).execute()).map((r) => ({ ...toRecord(page, r as Row), id: (r as Row).id }));
    }
    rows.set(step.name, found);
    const access = await readable(ctx, req, step.page);
    const mask = access ? maskerFor(access, page) : null;
    const shown = access ? found.map((r) => (mask ? mask(r) : r)) : [];
    steps.push({
      name: step.name,
      page: step.page,
      title: translate(req.lang, step.title ?? page.title),
      readable: Boolean(access),
      documents: shown.map((r) => document(page, step.field, step.amount, r, req.lang)),
      totalFen: step.amount ? found.reduce((s, r) => s + Number(r[step.amount!] ?? 0), 0) : null,
    });
  }
  let openFen: number | null = null;
  if (chain.open) {
    const owedStep = chain.steps.find((s) => s.name === chain.open!.owed)!;
    const paidStep = chain.steps.find((s) => s.name === chain.open!.paid)!;
    const when = Object.entries(chain.open.paidWhen ?? {});
    const counts = (r: Row) => when.every(([f, v]) => (Array.isArray(v) ? v : [v]).includes(r[f] as never));
    const owed = (rows.get(owedStep.name) ?? []).reduce((s, r) => s + Number(r[owedStep.amount ?? ''] ?? 0), 0);
    const paid = (rows.get(paidStep.name) ?? []).filter(counts).reduce((s, r) => s + Number(r[paidStep.amount ?? ''] ?? 0), 0);
    openFen = owed - paid;
  }
  return { steps, openFen };
}

async function readable(ctx: AppContext, req: FastifyRequest, pageId: string) {
  try {
    return await pageAccess(ctx, req, pageId, 'read');
  } catch (e) {
    if (e instanceof AppError && (e.status === 403 || e.status === 404)) return null;
    throw e;
  }
}

function document(
  page: PageSchema,
  field: string,
  amount: string | undefined,
  r: Row,
  lang: Parameters<typeof translate>[0],
): ChainDocument {
  const label = page.resource!.label ?? page.resource!.key ?? 'id';
  const stateField = page.states?.field ?? (page.model?.properties.status ? 'status' : null);
  const f = stateField ? fieldSchema(page, stateField) : undefined;
  const value = stateField ? r[stateField] : null;
  const text = f && filled(value) ? displayValue(f, value, lang, 0, () => undefined) : null;
  const color = f?.['x-enum-colors'] && typeof value === 'string' ? f['x-enum-colors'][value] : undefined;
  return {
    id: Number(r.id),
    no: String(r[label] ?? r.id),
    amountFen: amount && filled(r[amount]) ? Number(r[amount]) : null,
    status: stateField && filled(value) ? { value, text: text === null ? null : text, ...(color ? { color } : {}) } : null,
    follows: String(r[field] ?? ''),
  };
}
