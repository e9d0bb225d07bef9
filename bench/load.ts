// Shared pieces of the load sections: a list load with a browser's headers, each measurement run
// twice (the machine is shared, so one run alone says little), raw answer sizes per encoding.
import http from 'node:http';
import autocannon, { type Result } from 'autocannon';
import { line, type Line } from './report';
import { failures, settle, summary, type Summary } from './server';
import { round } from './stats';

/** What Chromium sends with an API request: the answers it gets are compressed. */
export const BROWSER_HEADERS = { 'accept-language': 'zh-CN', 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface LoadSpec {
  url: string;
  token: string;
  connections: number;
  duration: number;
  paths: () => string;
  /** A fixed offered load in requests per second; unset: as fast as the server answers. */
  rate?: number;
}

export function load(s: LoadSpec) {
  return autocannon({
    url: s.url,
    connections: s.connections,
    duration: s.duration,
    timeout: 30,
    ...(s.rate ? { overallRate: s.rate } : {}),
    headers: { authorization: `Bearer ${s.token}`, ...BROWSER_HEADERS },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: s.paths() }) }],
  });
}

export interface Twice {
  runs: Summary[];
  results: Result[];
}

/** The same load twice, each after the server has settled; `settleUrl` is where the settle probe goes. */
export async function twice(s: LoadSpec, settleUrls: string[] = [s.url]): Promise<Twice> {
  const runs: Summary[] = [];
  const results: Result[] = [];
  for (let i = 0; i < 2; i++) {
    for (const u of settleUrls) await settle(u);
    const r = await load(s);
    results.push(r);
    runs.push(summary(r));
  }
  for (const u of settleUrls) await settle(u);
  return { runs, results };
}

const both = (xs: number[], unit: string) => xs.map((x) => `${round(x, x >= 100 ? 0 : 1)}`).join(' / ') + ` ${unit}`;
const mean = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / xs.length, 1);

/** req/s and p99 lines of a measured pair: the value is the mean of the two runs, the note gives both. */
export function pairLines(
  section: Line['section'],
  name: string,
  t: Twice,
  o: { p99Budget?: number; rateBudget?: number; reference?: string; note?: string } = {},
): Line[] {
  const bad = t.results.map(failures).filter(Boolean).join('; ');
  const rps = t.runs.map((r) => r.reqPerSec);
  const p99 = t.runs.map((r) => r.p99);
  return [
    line({
      section,
      name: `${name}: req/s`,
      value: mean(rps),
      unit: 'req/s',
      reference: o.reference,
      ...(o.rateBudget ? { budget: o.rateBudget, atLeast: true } : {}),
      note: [`runs ${both(rps, 'req/s')}`, bad, o.note].filter(Boolean).join('; '),
    }),
    line({
      section,
      name: `${name}: p99`,
      value: Math.max(...p99),
      unit: 'ms',
      budget: o.p99Budget,
      note: `runs ${both(p99, 'ms')}; p50 ${both(
        t.runs.map((r) => r.p50),
        'ms',
      )}`,
    }),
  ];
}

/** Bytes of one answer as sent on the wire for the given accept-encoding, and its encoding. */
export function answerBytes(
  url: string,
  token: string,
  path: string,
  acceptEncoding: string,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.get(
      { host: u.hostname, port: u.port, path, headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}
