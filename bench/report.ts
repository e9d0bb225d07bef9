// One measured line of the report, the table printed at the end and the JSON file written.
import fs from 'node:fs';
import os from 'node:os';

export interface Line {
  section: 'bundle' | 'browser' | 'server' | 'waybill' | 'pg-list' | 'instances' | 'gateway' | 'import' | 'startup' | 'schema-save';
  name: string;
  value: number | null;
  unit: string;
  /** Upper bound from design §7; absent for figures reported without a budget. */
  budget?: number;
  /** The budget is a lower bound (a throughput to reach) rather than an upper one. */
  atLeast?: boolean;
  /** Reference figure (ant-design-pro) where the design gives one. */
  reference?: string;
  pass?: boolean;
  note?: string;
  /** The machine's yardstick when the section ran: one scrypt N=2^17 hash, ms (about 280 when quiet). */
  yardstickMs?: number;
}

export function line(l: Omit<Line, 'pass'>): Line {
  const pass = l.budget === undefined || l.value === null ? undefined : l.atLeast ? l.value >= l.budget : l.value <= l.budget;
  return { ...l, pass };
}

const fmt = (v: number | null) =>
  v === null ? 'n/a' : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);

export function printTable(lines: Line[]): string {
  const rows = lines.map((l) => [
    l.section,
    l.name,
    `${fmt(l.value)} ${l.unit}`,
    l.budget === undefined ? '' : `${l.atLeast ? '>=' : '<='} ${l.budget} ${l.unit}`,
    l.pass === undefined ? '' : l.pass ? 'ok' : 'OVER',
    l.reference ?? '',
    l.yardstickMs === undefined ? '' : `${l.yardstickMs} ms`,
    l.note ?? '',
  ]);
  const head = ['section', 'figure', 'value', 'budget', '', 'reference', 'yardstick', 'note'];
  const last = head.length - 1;
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (i === last ? 0 : r[i].length))));
  const out = [head, ...rows].map((r) =>
    r
      .map((c, i) => (i === last ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd(),
  );
  out.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return out.join('\n');
}

export interface Results {
  startedAt: string;
  finishedAt: string;
  mode: 'quick' | 'full';
  machine: {
    cpus: number;
    cpuModel: string;
    memGiB: number;
    node: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
    scryptN17Ms?: Record<string, number>;
  };
  params: Record<string, unknown>;
  lines: Line[];
  details: Record<string, unknown>;
}

export function machine(loadAtStart: number[]) {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: loadAtStart.map((x) => Number(x.toFixed(2))),
    loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
}

export function writeResults(file: string, results: Results) {
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
