import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, tooLarge } from '../errors.js';
import { UNSTORABLE, unstorableAt } from '../security/storableText.js';

/**
 * Most values a JSON body may hold (its ':' and ',' bytes, counted before parsing: commas and colons
 * inside strings count too, so this is an upper bound) and most fields of a form. A record has at most
 * 200 fields and a role's grants a few thousand values; a body of 100,000 keys used to hold the event
 * loop for over a second while it was parsed, walked and refused.
 */
export const MAX_BODY_VALUES = 10_000;
export const MAX_FORM_FIELDS = 1_000;

/** Whether the buffer holds more than `max` of the two bytes; a plain loop, a few ms for 2 MB. */
export function moreThan(buf: Buffer, a: number, b: number, max: number): boolean {
  let n = 0;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if ((c === a || c === b) && ++n > max) return true;
  }
  return false;
}

const tooManyValues = (max: number) => tooLarge('server.bodyTooManyValues', { max });

const badText = (field: string) => badRequest('server.badText', { field: field.replace(UNSTORABLE, '?').slice(0, 64) || '-' });

function decode(part: string, field: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    // A malformed or non-UTF-8 escape would otherwise be kept as typed or turned into U+FFFD.
    throw badText(field);
  }
}

/** application/x-www-form-urlencoded, strictly: a repeated name gives an array, as @fastify/formbody did. */
export function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq), '');
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1), key);
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/**
 * Every text a request carries must be storable: bytes that are not UTF-8 and malformed escapes are
 * refused by the body parsers, and a zero byte or a lone surrogate (`"\ud800"`, `%00`) anywhere in
 * the path's parameters, the query, the headers or the body is refused by one hook, with a 400 naming
 * the field, before any route reads it. One place for every route, the data API and the gateway
 * included; without it a zero byte reached PostgreSQL (a 500) and a lone surrogate became U+FFFD.
 */
export function registerBodyText(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer, done) => {
    if (moreThan(body, 0x3a, 0x2c, MAX_BODY_VALUES)) return done(tooManyValues(MAX_BODY_VALUES), undefined);
    if (!isUtf8(body)) return done(badText(''), undefined);
    json(req, body.toString('utf8'), done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body: Buffer, done) => {
    if (moreThan(body, 0x26, 0x26, MAX_FORM_FIELDS)) return done(tooManyValues(MAX_FORM_FIELDS), undefined);
    if (!isUtf8(body)) return done(badText(''), undefined);
    try {
      done(null, parseForm(body.toString('utf8')));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addHook('preValidation', async (req) => {
    // The query parser keeps a malformed or non-UTF-8 escape as typed; read strictly, it is refused.
    const q = req.url.indexOf('?');
    if (q >= 0 && req.url.includes('%', q)) parseForm(req.url.slice(q + 1));
    const at =
      unstorableAt(req.params) ??
      unstorableAt(req.query) ??
      unstorableAt(req.headers) ??
      (req.body === undefined || req.body === null ? null : unstorableAt(req.body));
    if (at !== null) throw badText(at);
  });
}
