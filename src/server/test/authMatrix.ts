import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, dialects, type TestApp } from './harness.js';
import { dataOf, signIn, type Caller } from './dataApi.js';
import { configFromEnv } from '../config.js';
import { loadSchemas } from '../schemas/load.js';
import { fieldSchema, recordFields } from '../../shared/schema/model.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { toStored } from '../data/rows.js';
import { dynamicView } from '../db/connect.js';

/**
 * Every page × action × role, with the expected answer derived from the role's grants as stored
 * (menu code → actions) and from organisation scope, never listed by hand: a page added under
 * src/schemas is covered by this test as it stands. Probes never change data they could reach:
 * updates carry a stale version, deletes and actions name a record that does not exist, and
 * transitions a stale version, so each is refused after the permission check that is under test.
 *
 * The pages are probed in shards (data/authMatrix.<n>.test.ts), each a file of its own, so the
 * tens of thousands of requests spread over the test workers instead of holding up one of them.
 */

type Grants = Record<string, string[]> | 'all';
interface Subject {
  name: string;
  caller: Caller;
  partyCode: string;
  platform: boolean;
  grants: Grants;
}

const PAGES = [...loadSchemas(configFromEnv({}).schemasDir).pages.values()].map((p) => p.id).sort();
const SUBJECTS = ['admin', 'operator', 'staff', 'cust_a', 'cust_b', 'matrix_user'];
const PARTIES = ['P0001', 'C1001', 'C1002'];
const MISSING_ID = 2 ** 40;

export const MATRIX_SHARDS = 4;

export function describeMatrix(shard: number) {
  describe.each(dialects())(`authorisation matrix, shard ${shard} of ${MATRIX_SHARDS}, on %s`, (dialect) => {
    let t: TestApp;
    const subjects: Subject[] = [];
    let codesByPage = new Map<string, string[]>();
    let scopeChecked = 0;

    /** The custom role's grants, derived from the menu so that every kind of grant occurs. */
    function matrixGrants(
      menu: { code: string }[],
      pages: Map<string, PageSchema>,
      pageOf: (code: string) => string,
    ): Record<string, string[]> {
      const out: Record<string, string[]> = {};
      menu.forEach((m, i) => {
        const page = pages.get(pageOf(m.code));
        const special = [
          ...(page?.states?.transitions.slice(0, 1).map((x) => `transition:${x.name}`) ?? []),
          ...(page?.actions?.slice(0, 1).map((x) => `action:${x.name}`) ?? []),
        ];
        const pick = [['read'], ['read', 'create', 'update', 'export'], ['*'], ['delete', ...special], null][i % 5];
        if (pick) out[m.code] = pick;
      });
      return out;
    }

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const db = t.app.ctx.database.db;
      const menu = await db.selectFrom('sys_menu').select(['code', 'component']).orderBy('code').execute();
      codesByPage = new Map();
      const pageOf = (code: string) => {
        const component = menu.find((m) => m.code === code)?.component ?? '';
        return /\/index$/.test(component) ? component.replace(/\/index$/, '') : code;
      };
      for (const m of menu) codesByPage.set(pageOf(m.code), [...(codesByPage.get(pageOf(m.code)) ?? []), m.code]);

      const admin = await signIn(t.app, 'admin');
      const grants = matrixGrants(menu, t.app.ctx.schemas.pages, pageOf);
      dataOf(await admin.post('platformUser/roleManage', '', { code: 'MATRIX', name: '矩阵角色', status: 'active', grants }), 201);
      dataOf(
        await admin.post('platformUser/staffManage', '', {
          username: 'matrix_user',
          realName: '矩阵',
          phone: '13600009999',
          password: 'Matrix2025',
          roles: ['MATRIX'],
          status: 'active',
          partyCode: 'C1001',
        }),
        201,
      );

      for (const name of SUBJECTS) {
        const caller = name === 'admin' ? admin : await signIn(t.app, name, name === 'matrix_user' ? 'Matrix2025' : undefined);
        const info = dataOf(await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(caller.token) }));
        const role = info.roleList[0].role as string;
        const stored = await db.selectFrom('sys_role').select('grants').where('code', '=', role).executeTakeFirstOrThrow();
        subjects.push({
          name,
          caller,
          partyCode: info.party.code,
          platform: info.party.kind === 'platform',
          grants: role === 'SUPER_ADMIN' ? 'all' : JSON.parse(stored.grants),
        });
      }
    });
    afterAll(async () => {
      await t.close();
    });

    /** Whether the subject's grants allow the action on the page: any grant on a page includes reading it. */
    function may(s: Subject, pageId: string, action: string): boolean {
      if (s.grants === 'all') return true;
      const grants = s.grants;
      return (codesByPage.get(pageId) ?? []).some((code) => {
        const actions = grants[code] ?? [];
        return actions.includes('*') || actions.includes(action) || (action === 'read' && actions.length > 0);
      });
    }

    /** Reference options: readable by readers of the page and of any page that refers to it. */
    function mayPickOptions(s: Subject, page: PageSchema): boolean {
      if (may(s, page.id, 'read')) return true;
      return [...t.app.ctx.schemas.pages.values()].some(
        (other) => recordFields(other).some((f) => fieldSchema(other, f)?.['x-ref'] === page.id) && may(s, other.id, 'read'),
      );
    }

    async function sampleRows(page: PageSchema): Promise<Map<string, number>> {
      const db = t.app.ctx.database.db;
      const table = page.resource!.table;
      const out = new Map<string, number>();
      // Pages sharing a table (the service logs) see only the rows of their fixed filter.
      const fixed = Object.entries(toStored(t.app.ctx.database, page, page.fixedFilter ?? {}));
      if (page.resource!.scope === 'party') {
        let q = dynamicView(db)
          .selectFrom(table)
          .select(['partyCode', (eb) => eb.fn.min('id').as('id')])
          .where('partyCode', 'in', PARTIES);
        for (const [k, v] of fixed) q = q.where(k, '=', v as never);
        for (const r of await q.groupBy('partyCode').execute()) out.set(String(r.partyCode), Number(r.id));
      } else {
        let q = dynamicView(db)
          .selectFrom(table)
          .select((eb) => eb.fn.min('id').as('id'));
        for (const [k, v] of fixed) q = q.where(k, '=', v as never);
        const row = await q.executeTakeFirst();
        if (row?.id !== null && row?.id !== undefined) out.set('*', Number(row.id));
      }
      return out;
    }

    async function probePage(pageId: string): Promise<string[]> {
      const page = t.app.ctx.schemas.pages.get(pageId)!;
      const problems: string[] = [];
      const rows = page.resource ? await sampleRows(page) : new Map<string, number>();
      const scoped = page.resource?.scope === 'party';
      const sideEffectFree = async (s: Subject) => {
        const c = s.caller;
        const expect = (label: string, res: LightMyRequestResponse, allowed: boolean, ok: number[]) => {
          const good = allowed ? ok.includes(res.statusCode) : res.statusCode === 403;
          if (!good)
            problems.push(
              `${s.name} ${label}: HTTP ${res.statusCode}, expected ${allowed ? ok.join('/') : 403} (${res.body.slice(0, 120)})`,
            );
          return good && allowed;
        };
        const read = may(s, page.id, 'read');
        const update = may(s, page.id, 'update');
        expect(
          'schema',
          await t.app.inject({ method: 'GET', url: `/open-platform/schemas/${encodeURIComponent(page.id)}`, headers: bearer(c.token) }),
          read,
          [200],
        );
        if (page.report) expect('report', await c.get(page.id, '/report'), read, [200]);
        if (!page.resource) return;

        // Rows addressed to accounts (resource.scopeUser): customers reach none of the sampled ones, none being theirs.
        const addressed = Boolean(page.resource.scopeUser) && !s.platform;
        const sampled = scoped ? rows.get(s.partyCode) : rows.get('*');
        const own = addressed ? undefined : sampled;
        if (addressed && sampled !== undefined)
          expect('get a row addressed to another account', await c.get(page.id, `/${sampled}`), read, [404]);
        const others = scoped ? PARTIES.filter((p) => p !== s.partyCode && rows.has(p)) : [];
        const foreign = others.length ? rows.get(others[0]) : undefined;

        if (expect('list', await c.get(page.id, '?size=20'), read, [200]) && scoped) {
          const list = dataOf(await c.get(page.id, '?size=50')).list as { partyCode: string }[];
          if (!s.platform && list.some((r) => r.partyCode !== s.partyCode)) problems.push(`${s.name} list: rows of another organisation`);
          for (const p of others) {
            const total = dataOf(await c.get(page.id, `?partyCode=${p}&size=1`)).total as number;
            if (s.platform ? total === 0 : total !== 0) problems.push(`${s.name} list ?partyCode=${p}: total ${total}`);
          }
        }
        if (page.kind === 'settings') {
          expect('current', await c.get(page.id, '/current'), read, [200]);
          if (!s.platform && read)
            expect('current of another organisation', await c.get(page.id, '/current?partyCode=C1002'), s.partyCode === 'C1002', [200]);
        }
        expect('export', await c.get(page.id, `/export?format=csv&id=${MISSING_ID}`), may(s, page.id, 'export'), [200]);
        expect('options', await c.get(page.id, '/options?q=zz'), mayPickOptions(s, page), [200]);
        expect('create', await c.post(page.id, '', {}), may(s, page.id, 'create'), [201, 400, 405]);
        expect('delete', await c.del(page.id, `/${MISSING_ID}`), may(s, page.id, 'delete'), [404, 405]);
        expect('bulk-delete', await c.post(page.id, '/bulk-delete', { ids: [MISSING_ID] }), may(s, page.id, 'delete'), [404, 405]);
        for (const a of page.actions ?? []) {
          const level = a.level ?? 'row';
          const allowedAction = update || may(s, page.id, `action:${a.name}`);
          if (level === 'row')
            expect(`action ${a.name}`, await c.post(page.id, `/${MISSING_ID}/actions/${a.name}`, {}), allowedAction, [400, 404]);
          // List and bulk actions change things when they run: an unknown dialog field stops them after
          // the grant is checked (400), so the probe has no side effect.
          else if (level === 'list')
            expect(`list action ${a.name}`, await c.post(page.id, `/actions/${a.name}`, { matrixProbe: 1 }), allowedAction, [400]);
          else
            expect(
              `bulk action ${a.name}`,
              await c.post(page.id, `/bulk-actions/${a.name}`, { ids: [MISSING_ID], matrixProbe: 1 }),
              allowedAction,
              [400],
            );
        }
        if (own !== undefined) {
          expect('get', await c.get(page.id, `/${own}`), read, [200]);
          expect('history', await c.get(page.id, `/${own}/history`), read, [200]);
          expect('update', await c.put(page.id, `/${own}`, { version: -1 }), update, [405, 409]);
          for (const tr of page.states?.transitions ?? []) {
            expect(
              `transition ${tr.name}`,
              await c.post(page.id, `/${own}/transitions/${tr.name}`, { version: -1 }),
              update || may(s, page.id, `transition:${tr.name}`),
              [409],
            );
          }
        }
        if (foreign !== undefined) {
          // Another organisation's row: platform staff reach it; customers are answered as if it did not exist.
          const reach = s.platform ? [200] : [404];
          expect('get another organisation’s row', await c.get(page.id, `/${foreign}`), read, reach);
          expect('history of another organisation’s row', await c.get(page.id, `/${foreign}/history`), read, reach);
          expect(
            'update another organisation’s row',
            await c.put(page.id, `/${foreign}`, { version: -1 }),
            update,
            s.platform ? [405, 409] : [404, 405],
          );
          if (!s.platform) {
            expect('delete another organisation’s row', await c.del(page.id, `/${foreign}`), may(s, page.id, 'delete'), [404, 405]);
            expect(
              'bulk-delete another organisation’s row',
              await c.post(page.id, '/bulk-delete', { ids: [foreign] }),
              may(s, page.id, 'delete'),
              [404, 405],
            );
            for (const tr of page.states?.transitions ?? []) {
              expect(
                `transition ${tr.name} of another organisation’s row`,
                await c.post(page.id, `/${foreign}/transitions/${tr.name}`, { version: -1 }),
                update || may(s, page.id, `transition:${tr.name}`),
                [404],
              );
            }
            for (const a of (page.actions ?? []).filter((x) => x.level === 'bulk' && !(x.required ?? []).length)) {
              // Each selected row is loaded in the caller's scope: another organisation's row fails, untouched.
              const res = await c.post(page.id, `/bulk-actions/${a.name}`, { ids: [foreign] });
              if (
                expect(`bulk action ${a.name} on another organisation’s row`, res, update || may(s, page.id, `action:${a.name}`), [200])
              ) {
                const answer = dataOf(res) as { succeeded: number; failed: number };
                if (answer.succeeded !== 0 || answer.failed !== 1)
                  problems.push(`${s.name} bulk action ${a.name} reached another organisation’s row`);
              }
            }
            if (mayPickOptions(s, page) && !page.resource.key) {
              const opts = dataOf(await c.get(page.id, `/options?ids=${foreign}`)) as unknown[];
              if (opts.length) problems.push(`${s.name} options?ids= labelled another organisation’s row`);
            }
            scopeChecked++;
          }
        }
      };
      await Promise.all(subjects.map(sideEffectFree));
      // The foreign rows probed are all still there.
      if (page.resource) {
        const after = await sampleRows(page);
        for (const [party, id] of rows) if (after.get(party) !== id) problems.push(`row ${id} of ${party} is gone`);
      }
      return problems;
    }

    // Every MATRIX_SHARDS-th page, so each shard gets pages from every area.
    it.each(PAGES.filter((_, i) => i % MATRIX_SHARDS === shard - 1))('%s', async (pageId) => {
      expect(await probePage(pageId)).toEqual([]);
    });

    it('checked organisation scope on enough pages to mean something', () => {
      expect(subjects.map((s) => s.name)).toEqual(SUBJECTS);
      expect(scopeChecked).toBeGreaterThan(20 / MATRIX_SHARDS);
    });
  });
}
