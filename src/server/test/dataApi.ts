import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, login, type TestApp } from './harness.js';
import { dynamicView } from '../db/connect.js';

/** URL of the generic data API for a page id, with the id URL-encoded as the console sends it. */
export const pageUrl = (page: string, rest = '') => `/open-platform/data/${encodeURIComponent(page)}${rest}`;

export interface Caller {
  token: string;
  get(page: string, rest?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(page: string, rest: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(page: string, rest: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(page: string, rest: string): Promise<LightMyRequestResponse>;
}

/** A signed-in caller of the data API (or an anonymous one with token ''). */
export function caller(app: FastifyInstance, token: string): Caller {
  const auth = token ? bearer(token) : {};
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', page: string, rest = '', body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: pageUrl(page, rest),
      headers: { ...auth, ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    token,
    get: (page, rest = '', headers = {}) => send('GET', page, rest, undefined, headers),
    post: (page, rest, body, headers = {}) => send('POST', page, rest, body ?? {}, headers),
    put: (page, rest, body) => send('PUT', page, rest, body ?? {}),
    del: (page, rest) => send('DELETE', page, rest),
  };
}

export async function signIn(app: FastifyInstance, username: string, password?: string): Promise<Caller> {
  return caller(app, await login(app, username, password));
}

/** The envelope of a response, after checking its HTTP status and that status 0 goes with success only. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are JSON whose shape each test asserts
export function envelope<T = any>(res: LightMyRequestResponse, httpStatus = 200): { status: number; msg: string; data: T } {
  const body = res.json();
  if (res.statusCode !== httpStatus) throw new Error(`expected HTTP ${httpStatus}, got ${res.statusCode}: ${res.body.slice(0, 300)}`);
  if (httpStatus < 300 !== (body.status === 0)) throw new Error(`envelope status ${body.status} does not match HTTP ${httpStatus}`);
  return body;
}

/** data of a successful envelope. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export const dataOf = <T = any>(res: LightMyRequestResponse, httpStatus = 200): T => envelope<T>(res, httpStatus).data;

/** Asserts a refusal: its HTTP class, a non-zero envelope status and a message that is not the generic 500 text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function refusal(res: LightMyRequestResponse, httpStatus: number): { status: number; msg: string; data: any } {
  const body = envelope(res, httpStatus);
  if (!body.msg || /internal server error/i.test(body.msg)) throw new Error(`unclear message: ${body.msg}`);
  return body;
}

export async function countRows(t: TestApp, table: string, where: Record<string, unknown> = {}): Promise<number> {
  let q = dynamicView(t.app.ctx.database.db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'));
  for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v as never);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The id of the first row of a table matching the values. */
export async function idOf(t: TestApp, table: string, where: Record<string, unknown>): Promise<number> {
  let q = dynamicView(t.app.ctx.database.db).selectFrom(table).select('id');
  for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v as never);
  const row = await q.orderBy('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Reads one entry of a ZIP archive (an XLSX) through its central directory. */
export function zipEntry(zip: Buffer, name: string): string | null {
  let eocd = -1;
  for (let i = zip.length - 22; i >= 0; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('no ZIP end-of-central-directory record');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad ZIP central directory');
    const compressed = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extra = zip.readUInt16LE(p + 30);
    const comment = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const entryName = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    if (entryName === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      return inflateRawSync(zip.subarray(start, start + compressed)).toString('utf8');
    }
    p += 46 + nameLen + extra + comment;
  }
  return null;
}
