import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from './load.js';
import { schemasWithFixture } from '../test/fixtureSchemas.js';
import { createTestApp } from '../test/harness.js';

/** The fixture area with one page file changed by `edit`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page file as parsed JSON, edited freely by each test
function broken(file: string, edit: (page: any) => void) {
  const f = schemasWithFixture('billingDemo');
  const p = path.join(f.dir, file);
  const page = JSON.parse(fs.readFileSync(p, 'utf8'));
  edit(page);
  fs.writeFileSync(p, JSON.stringify(page));
  return f;
}

function loadError(f: { dir: string; remove(): void }): string {
  try {
    loadSchemas(f.dir);
    return '';
  } catch (err) {
    return (err as Error).message;
  } finally {
    f.remove();
  }
}

describe('schema mistakes in the structured-field keywords stop the start with the file, the place and the fix', () => {
  it('a computed field naming an unknown field', () => {
    const msg = loadError(
      broken('billingDemo/pricePlan.json', (p) => {
        p.model.properties.yearlyFeeFen['x-computed'].expr = 'monthlyFee * 12';
      }),
    );
    expect(msg).toContain(
      'billingDemo/pricePlan.json: model.yearlyFeeFen.x-computed.expr: unknown field "monthlyFee"; use one of the page\'s fields',
    );
  });

  it('a computed field a client could write, and a sum over text', () => {
    expect(
      loadError(
        broken('billingDemo/pricePlan.json', (p) => {
          delete p.model.properties.yearlyFeeFen.readOnly;
        }),
      ),
    ).toContain('model.yearlyFeeFen.x-computed: a computed field is set by the server only; add "readOnly": true');
    expect(
      loadError(
        broken('billingDemo/pricePlan.json', (p) => {
          p.list.totals = [{ field: 'name', op: 'sum' }];
        }),
      ),
    ).toContain('billingDemo/pricePlan.json: list.totals[0]: sum needs a number field; "name" is string (use op "count")');
  });

  it('a rule naming an unknown field', () => {
    expect(
      loadError(
        broken('billingDemo/pricePlan.json', (p) => {
          p.rules[0].fields = ['approver'];
        }),
      ),
    ).toContain('billingDemo/pricePlan.json: rules[0].fields: unknown field "approver"; name the model fields that show the message');
    expect(
      loadError(
        broken('billingDemo/pricePlan.json', (p) => {
          p.rules[0].assert = 'approvedBy != null && boss';
        }),
      ),
    ).toContain('billingDemo/pricePlan.json: rules[0].assert: unknown field "boss"');
    expect(
      loadError(
        broken('billingDemo/pricePlan.json', (p) => {
          p.model.properties.validTo['x-after'] = 'validSince';
        }),
      ),
    ).toContain('billingDemo/pricePlan.json: model.validTo.x-after: unknown field "validSince"; name the field this one must follow');
  });

  it('an effect naming an unknown page or field', () => {
    expect(
      loadError(
        broken('billingDemo/pricePlan.json', (p) => {
          p.states.transitions[0].effects[0].page = 'billingDemo/notices';
        }),
      ),
    ).toContain(
      'billingDemo/pricePlan.json: states.publish.effects[0]: unknown page "billingDemo/notices"; name a page with a table, e.g. "billingDemo/',
    );
    expect(
      loadError(
        broken('billingDemo/pricePlan.json', (p) => {
          p.states.transitions[0].effects[0].create.planCode = '$record.planCode';
        }),
      ),
    ).toContain('states.publish.effects[0].create.planCode: "$record.planCode" names no field of billingDemo/pricePlan');
  });

  it('a sub-table cell that holds a list, or a column keyword in a cell', () => {
    expect(
      loadError(
        broken('billingDemo/pricePlan.json', (p) => {
          p.model.properties.tiers.items.properties.fromCount.type = 'array';
        }),
      ),
    ).toContain('model.tiers.items.properties.fromCount: a sub-field holds one value (string, integer, number or boolean), not array');
    expect(
      loadError(
        broken('billingDemo/pricePlan.json', (p) => {
          p.model.properties.tiers.items.properties.fromCount['x-unique'] = true;
        }),
      ),
    ).toContain('model.tiers.items.properties.fromCount: x-unique is not available in a sub-table cell; remove it');
  });

  it('stops the server start the same way', async () => {
    const f = broken('billingDemo/pricePlan.json', (p) => {
      p.states.transitions[0].effects[0].page = 'billingDemo/notices';
    });
    try {
      await expect(createTestApp('sqlite', { schemasDir: f.dir })).rejects.toThrow(
        /billingDemo\/pricePlan\.json: states\.publish\.effects\[0\]: unknown page/,
      );
    } finally {
      f.remove();
    }
  });
});
