import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventLogErrors } from './eventLog';
import type { PageSchema } from './types';

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve('src/server/test/fixtures/fleetDemo', `${name}.json`), 'utf8')) as PageSchema;

describe('the events keyword is checked against the log page it names', () => {
  const inspection = fixture('inspection');
  const log = fixture('inspectionEvent');
  const pages = (l: PageSchema) =>
    new Map([
      [inspection.id, inspection],
      [l.id, l],
    ]);

  it('accepts a log page with a reference back, an event and a list of changes', () => {
    expect(eventLogErrors(inspection, pages(log))).toEqual([]);
  });

  it('names what the log page lacks and what to write', () => {
    const bad = structuredClone(log);
    bad.model!.properties.inspectionId['x-ref'] = 'fleetDemo/other';
    delete bad.model!.properties.changes;
    bad.model!.required = ['event', 'note'];
    expect(eventLogErrors(inspection, pages(bad))).toEqual([
      'events.field: "inspectionId" of fleetDemo/inspectionEvent must refer to this page ("x-ref": "fleetDemo/inspection")',
      expect.stringMatching(/^events\.page: fleetDemo\/inspectionEvent needs a field "changes": \{"type": "array"/),
      'events.page: fleetDemo/inspectionEvent requires note, which the server cannot fill; make them optional',
    ]);
    expect(eventLogErrors({ ...inspection, events: { page: 'fleetDemo/inspectionEvnt', field: 'inspectionId' } }, pages(log))).toEqual([
      'events.page: unknown page "fleetDemo/inspectionEvnt"; did you mean fleetDemo/inspectionEvent?',
    ]);
  });
});
