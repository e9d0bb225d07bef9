import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { pageAccess, scopedParty, type PageAccess } from '../data/access.js';
import type { AppContext } from '../context.js';
import { countTodo } from '../data/todoCount.js';
import { Type } from '@sinclair/typebox';
import { responses } from './contracts.js';
import { tableOfPage } from '../db/knownTable.js';

/** getTimezoneOffset() lies within ±14 hours. */
export const TZ_OFFSET_LIMIT = 840;

const dashboardQuery = Type.Partial(
  Type.Object({
    tzOffset: Type.Integer({
      minimum: -TZ_OFFSET_LIMIT,
      maximum: TZ_OFFSET_LIMIT,
      default: 0,
      description: 'The browser’s getTimezoneOffset(), in minutes',
    }),
  }),
);
const int = Type.Integer();
const dashboard = Type.Partial(
  Type.Object({
    figures: Type.Partial(
      Type.Object({ ordersToday: int, waybillsInTransit: int, freightThisMonthFen: int, exceptionsOpen: int, waybillsTotal: int }),
    ),
    daily: Type.Array(Type.Partial(Type.Object({ day: Type.String(), waybills: int, freightFen: int }))),
    statuses: Type.Array(Type.Partial(Type.Object({ status: Type.String(), count: int }))),
    carriers: Type.Array(
      Type.Partial(Type.Object({ code: Type.String(), name: Type.String(), waybills: int, scores: Type.Array(Type.Number()) })),
    ),
    latest: Type.Array(Type.Object({}, { additionalProperties: true })),
  }),
);

const WAYBILLS = 'tms/waybill/waybill';
const ORDERS = 'tms/order/order_manage';
const CARRIERS = 'tms/base/carrier';
const SHIPPERS = 'tms/base/shipper';
// The open-exceptions figure is the exception queue's to-do count, so the two always agree.
const EXCEPTIONS = 'tms/CustomerService/AbnormalTran';
const DAY = 86_400_000;
const CHART_DAYS = 30;

/** The caller's read access to a page, or null when the page does not exist or is not theirs to read. */
async function readable(ctx: AppContext, req: FastifyRequest, id: string): Promise<PageAccess | null> {
  if (!ctx.schemas.pages.get(id)?.resource) return null;
  return pageAccess(ctx, req, id, 'read').catch(() => null);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function scoped<Q extends { where: (...a: any[]) => Q }>(q: Q, access: PageAccess): Q {
  const party = scopedParty(access);
  return party ? q.where('partyCode', '=', party) : q;
}

/** Local calendar day (yyyy-mm-dd) of a UTC instant for a browser whose getTimezoneOffset() is tz. */
export function localDay(iso: string, tzOffsetMinutes: number): string {
  return new Date(Date.parse(iso) - tzOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

export function lastDays(n: number, now: number, tzOffsetMinutes: number): string[] {
  return Array.from({ length: n }, (_, i) => localDay(new Date(now - (n - 1 - i) * DAY).toISOString(), tzOffsetMinutes));
}

/**
 * Figures of the management centre, computed from the records within the caller's organisation
 * scope. Pages that do not exist yet, or that the caller cannot read, contribute nothing.
 */
export function registerDashboardRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  app.get(
    '/open-platform/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Figures of the management centre within the caller’s scope',
        querystring: dashboardQuery,
        response: responses(dashboard),
      },
    },
    async (req: FastifyRequest<{ Querystring: { tzOffset: number } }>) => {
      requireUser(req);
      const tz = req.query.tzOffset;
      const now = Date.now();
      const days = lastDays(CHART_DAYS, now, tz);
      const today = days[days.length - 1];
      const month = today.slice(0, 7);
      const since = new Date(now - (CHART_DAYS + 1) * DAY).toISOString();
      const db = ctx.database.db;
      const out = {
        figures: { ordersToday: 0, waybillsInTransit: 0, freightThisMonthFen: 0, exceptionsOpen: 0, waybillsTotal: 0 },
        daily: days.map((day) => ({ day, waybills: 0, freightFen: 0 })),
        statuses: [] as { status: string; count: number }[],
        carriers: [] as { code: string; name: string; waybills: number; scores: number[] }[],
        latest: [] as Record<string, unknown>[],
      };

      const orders = await readable(ctx, req, ORDERS);
      if (orders) {
        const rows = await scoped(
          db
            .selectFrom(tableOfPage(orders.page, 'tms_order'))
            .select('createdAt')
            .where('createdAt', '>=', new Date(now - 2 * DAY).toISOString()),
          orders,
        ).execute();
        out.figures.ordersToday = rows.filter((r) => localDay(r.createdAt, tz) === today).length;
      }

      const waybills = await readable(ctx, req, WAYBILLS);
      if (waybills) {
        const table = tableOfPage(waybills.page, 'tms_waybill');
        const recent = await scoped(
          db.selectFrom(table).select(['createdAt', 'freightFen', 'status']).where('createdAt', '>=', since),
          waybills,
        ).execute();
        const byDay = new Map(out.daily.map((d) => [d.day, d]));
        for (const r of recent) {
          const d = byDay.get(localDay(r.createdAt, tz));
          if (!d || r.status === 'cancelled') continue;
          d.waybills += 1;
          d.freightFen += Number(r.freightFen ?? 0);
        }
        out.figures.freightThisMonthFen = recent
          .filter((r) => r.status !== 'cancelled' && localDay(r.createdAt, tz).startsWith(month))
          .reduce((s, r) => s + Number(r.freightFen ?? 0), 0);
        const statuses = await scoped(
          db
            .selectFrom(table)
            .select(['status', sql<number>`count(*)`.as('n')])
            .groupBy('status'),
          waybills,
        ).execute();
        out.statuses = statuses.map((s) => ({ status: String(s.status), count: Number(s.n) })).sort((a, b) => b.count - a.count);
        out.figures.waybillsTotal = out.statuses.reduce((s, x) => s + x.count, 0);
        out.figures.waybillsInTransit = out.statuses.find((s) => s.status === 'inTransit')?.count ?? 0;
        out.latest = await scoped(
          db
            .selectFrom(table)
            .select(['id', 'waybillNo', 'shipperCode', 'carrierCode', 'freightFen', 'status', 'createdAt'])
            .orderBy('createdAt', 'desc')
            .orderBy('id', 'desc')
            .limit(8),
          waybills,
        ).execute();
        // The table shows the shipper's name, as the waybill list does.
        const shippers = await readable(ctx, req, SHIPPERS);
        const codes = [...new Set(out.latest.map((r) => r.shipperCode).filter((c): c is string => typeof c === 'string'))];
        if (shippers && codes.length) {
          const names = new Map(
            (
              await scoped(
                db.selectFrom(tableOfPage(shippers.page, 'tms_shipper')).select(['code', 'name']).where('code', 'in', codes),
                shippers,
              ).execute()
            ).map((r) => [String(r.code), String(r.name)]),
          );
          out.latest = out.latest.map((r) => ({ ...r, shipperName: names.get(String(r.shipperCode)) ?? null }));
        }

        const carriers = await readable(ctx, req, CARRIERS);
        if (carriers) {
          const top = await scoped(
            db
              .selectFrom(table)
              .select(['carrierCode', sql<number>`count(*)`.as('n')])
              .where('carrierCode', 'is not', null)
              .groupBy('carrierCode')
              .orderBy(sql`count(*)`, 'desc')
              .limit(3),
            waybills,
          ).execute();
          const codes = top.map((t) => String(t.carrierCode));
          if (codes.length) {
            const rows = await db
              .selectFrom(tableOfPage(carriers.page, 'tms_carrier'))
              .select(['code', 'name', 'scorePunctuality', 'scoreSafety', 'scoreService', 'scoreCost', 'scoreCapacity'])
              .where('code', 'in', codes)
              .execute();
            out.carriers = codes.map((code) => {
              const c = rows.find((r) => r.code === code);
              return {
                code,
                name: String(c?.name ?? code),
                waybills: Number(top.find((t) => t.carrierCode === code)?.n ?? 0),
                scores: c
                  ? [c.scorePunctuality, c.scoreSafety, c.scoreService, c.scoreCost, c.scoreCapacity].map((v) => Number(v ?? 0))
                  : [0, 0, 0, 0, 0],
              };
            });
          }
        }
      }
      const exceptions = await readable(ctx, req, EXCEPTIONS);
      if (exceptions) out.figures.exceptionsOpen = await countTodo(ctx, exceptions);
      return ok(out);
    },
  );
}
