import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { addMenuEntries } from '../db/menuSync.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../test/fixtures');
const INSPECTION = 'fleetDemo/inspection';
const EVENTS = 'fleetDemo/inspectionEvent';

/** The project's schemas plus an inspection page (a computed due date, states, a rule on $today) and its event log. */
function schemasWithFleet(): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-events-'));
  fs.cpSync(path.join(here, '../../schemas'), tmp, { recursive: true });
  fs.cpSync(path.join(fixtures, 'fleetDemo'), path.join(tmp, 'fleetDemo'), { recursive: true });
  addMenuEntries(tmp, [JSON.parse(fs.readFileSync(path.join(fixtures, 'fleetDemoMenu.json'), 'utf8'))]);
  return tmp;
}

const chinaDay = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
type Event = {
  inspectionId: number;
  event: string;
  changes: { field: string; from: string; to: string }[];
  createdBy: string;
  createdAt: string;
  partyCode: string;
};

describe.each(dialects())('an event log written from the schema, and dates computed, on %s', (dialect) => {
  let t: TestApp;
  let schemasDir: string;
  let custA: Caller;
  let custB: Caller;
  beforeAll(async () => {
    schemasDir = schemasWithFleet();
    t = await createTestApp(dialect, { schemasDir });
    [custA, custB] = await Promise.all([signIn(t.app, 'cust_a'), signIn(t.app, 'cust_b')]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(schemasDir, { recursive: true, force: true });
  });
  const eventsOf = async (who: Caller, id: number) =>
    (dataOf(await who.get(EVENTS, `?size=50&inspectionId=${id}`)).list as Event[]).sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  it('computes a due date from a date and a number of days, and the days left from $today', async () => {
    const [demo] = dataOf(await custA.get(INSPECTION)).list as { inspectedOn: string; dueOn: string; daysLeft: number }[];
    expect(demo).toMatchObject({ inspectedOn: chinaDay(-3), dueOn: chinaDay(27), daysLeft: 27 });
    const made = dataOf(await custA.post(INSPECTION, '', { plate: '沪B00001', inspectedOn: chinaDay(-10), intervalDays: 365 }), 201);
    expect(made).toMatchObject({ dueOn: chinaDay(355), daysLeft: 355 });
    // A rule without `with` reads $today too: an inspection cannot be dated tomorrow.
    const refused = refusal(await custA.post(INSPECTION, '', { plate: '沪B00002', inspectedOn: chinaDay(1), intervalDays: 30 }), 400);
    expect(Object.keys(refused.data.fieldErrors)).toEqual(['inspectedOn']);
  });

  it('logs a create, an edit with what changed, a transition and a delete, with who and when, in the organisation of the record', async () => {
    const made = dataOf(await custA.post(INSPECTION, '', { plate: '沪C00001', inspectedOn: chinaDay(-1), intervalDays: 30 }), 201);
    const edited = dataOf(await custA.put(INSPECTION, `/${made.id}`, { intervalDays: 60, remark: '复检', version: made.version }));
    dataOf(await custA.post(INSPECTION, `/${made.id}/transitions/pass`, { version: edited.version }));
    const events = await eventsOf(custA, made.id);
    expect(events.map((e) => e.event)).toEqual(['create', 'update', 'pass']);
    expect(events.every((e) => e.createdBy === 'cust_a' && e.partyCode === 'C1001' && Date.now() - Date.parse(e.createdAt) < 60_000)).toBe(
      true,
    );
    expect(events[1].changes).toEqual([
      { field: 'intervalDays', from: '30', to: '60' },
      { field: 'dueOn', from: chinaDay(29), to: chinaDay(59) },
      { field: 'remark', from: '', to: '复检' },
    ]);
    expect(events[2].changes).toEqual([{ field: 'status', from: 'open', to: 'passed' }]);
    // Another organisation sees none of it; nobody writes the log by hand.
    expect(await eventsOf(custB, made.id)).toEqual([]);
    refusal(await custA.post(EVENTS, '', { inspectionId: made.id, event: 'forged', changes: [] }), 403);

    dataOf(await custA.del(INSPECTION, `/${made.id}`));
    expect((await eventsOf(custA, made.id)).map((e) => e.event)).toEqual(['create', 'update', 'pass', 'delete']);
  });
});
