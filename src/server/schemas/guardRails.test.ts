import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemas } from './load.js';
import { bearer, createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIR = path.join(here, '../../schemas');
const DEPT = 'platformUser/department';
const deptText = fs.readFileSync(path.join(DIR, `${DEPT}.json`), 'utf8');
const dept = () => JSON.parse(deptText);

/** The problems of the real schemas with one page's text standing in for its file (as the playground and a reload check it). */
const problemsWith = (id: string, page: unknown) => checkSchemas(DIR, new Map([[id, JSON.stringify(page, null, 2)]])).problems.join('\n');

/** A new page over the accounts table that lists their password hashes. */
const hashes: {
  id: string;
  kind: string;
  title: string;
  resource: Record<string, unknown>;
  model: { type: string; properties: Record<string, Record<string, unknown>> };
  list: { columns: string[] };
} = {
  id: 'platformUser/userHashes',
  kind: 'crud',
  title: 'pages.platformUser.staffManage.title',
  resource: { table: 'sys_user', label: 'username' },
  model: {
    type: 'object',
    properties: {
      username: { type: 'string', title: 'pages.platformUser.staffManage.fields.username' },
      passwordHash: { type: 'string', title: 'pages.platformUser.staffManage.fields.password' },
    },
  },
  list: { columns: ['username', 'passwordHash'] },
};

describe('schema guard rails, in the checks every schema goes through', () => {
  it("keeps the organisation scope of a page over organisations' rows, even with the field gone", () => {
    const unscoped = dept();
    delete unscoped.resource.scope;
    expect(problemsWith(DEPT, unscoped)).toMatch(
      /resource\.scope: the table "org_department" holds organisations' rows \(partyCode\); the page must keep scope: "party"/,
    );
    const global = { ...dept(), resource: { ...dept().resource, scope: 'global' } };
    expect(problemsWith(DEPT, global)).toMatch(/resource\.scope: the table "org_department"/);
    // The platform's own logs say so on purpose; any other page may not.
    const cross = { ...dept(), resource: { ...dept().resource, scope: 'global', crossOrganisation: true } };
    expect(problemsWith(DEPT, cross)).toMatch(/resource\.crossOrganisation: only the platform's own logs/);
    expect(problemsWith(DEPT, dept())).toBe('');
  });

  it('refuses a page that exposes password hashes, tokens or secrets, and the keyword that would allow it', () => {
    const problems = problemsWith(hashes.id, hashes);
    expect(problems).toMatch(/model\.passwordHash: a field named like a password, hash, token or secret must be writeOnly/);
    // sys_user holds organisations' rows too.
    expect(problems).toMatch(/resource\.scope: the table "sys_user"/);
    const declared = structuredClone(hashes);
    declared.model.properties.passwordHash['x-not-secret'] = true;
    expect(problemsWith(hashes.id, declared)).toMatch(/model\.passwordHash\.x-not-secret: only the platform's allow-list/);
    const token = dept();
    // The page's remark is the field library's; the new field borrows its title key.
    token.model.properties.apiToken = { type: 'string', title: 'fields.remark' };
    expect(problemsWith(DEPT, token)).toMatch(/model\.apiToken: a field named like a password/);
    const searched = structuredClone(hashes);
    searched.model.properties.passwordHash.writeOnly = true;
    searched.list.columns = ['username'];
    searched.resource = { ...searched.resource, scope: 'party', search: ['username', 'passwordHash'] };
    expect(problemsWith(hashes.id, searched)).toMatch(/resource\.search: "passwordHash" is write-only and may not be searched/);
  });

  it('checks x-component-props against what the component accepts: no raw HTML, no {{ }} expressions', () => {
    const withProps = (props: Record<string, unknown>) => {
      const p = dept();
      p.model.properties.code['x-component-props'] = props;
      return problemsWith(DEPT, p);
    };
    expect(withProps({ dangerouslySetInnerHTML: { __html: '<img src=x onerror=alert(1)>' } })).toMatch(
      /model\.code\.x-component-props\.dangerouslySetInnerHTML: raw HTML is never passed to an input/,
    );
    expect(withProps({ placeholder: '{{ $self.value.constructor }}' })).toMatch(
      /model\.code\.x-component-props\.placeholder: \{\{ \}\} expressions run only in x-reactions/,
    );
    expect(withProps({ onFocus: 'alert(1)' })).toMatch(
      /model\.code\.x-component-props\.onFocus: Input does not accept "onFocus"; it accepts placeholder/,
    );
    const decorated = dept();
    decorated.model.properties.name['x-decorator-props'] = { tooltip: '{{ 1 }}' };
    expect(problemsWith(DEPT, decorated)).toMatch(/model\.name\.x-decorator-props\.tooltip: \{\{ \}\} expressions run only in x-reactions/);
    expect(withProps({ placeholder: 'DEP-OPS', allowClear: true })).toBe('');
  });
});

describe.each(dialects())('the playground refuses what the guard rails refuse, on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  const save = (id: string, page: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/open-platform/playground/save',
      headers: { ...bearer(admin.token), 'accept-language': 'en' },
      payload: { id, source: JSON.stringify(page, null, 2) },
    });
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'cust_a')]);
  });
  afterAll(async () => t?.close());

  it('stores nothing and keeps customers to their own rows', async () => {
    const unscoped = dept();
    delete unscoped.resource.scope;
    const props = dept();
    props.model.properties.code['x-component-props'] = { dangerouslySetInnerHTML: { __html: '<b>x</b>' } };
    for (const [id, page] of [
      [DEPT, unscoped],
      [hashes.id, hashes],
      [DEPT, props],
    ] as const)
      refusal(await save(id, page), 400);
    expect(await countRows(t, 'sys_schema_version')).toBe(0);
    const rows = dataOf(await custA.get(DEPT, '?size=100')).list as { partyCode: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.partyCode))).toEqual(new Set(['C1001']));
  });
});
