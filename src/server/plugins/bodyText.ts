import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Walking a body stops here; the data API refuses bodies far smaller than this anyway. */
const MAX_NODES = 200_000;

const badText = (field: string) => badRequest('server.badText', { field: field.slice(0, 64) || '-' });

/** The first field (dotted path) of a parsed body whose text holds a lone UTF-16 surrogate, or null. */
export function loneSurrogateAt(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  for (let seen = 0; stack.length && seen < MAX_NODES; seen++) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) return path ? `${path}.${k}` : k;
        stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return null;
}

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
 * JSON and form bodies must be valid text: bytes that are not UTF-8, malformed escapes and lone
 * surrogates (`"\ud800"`) are refused with a 400 naming the field, where they would otherwise be
 * stored silently as U+FFFD. One place for every route, the data API included.
 */
export function registerBodyText(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer, done) => {
    if (!isUtf8(body)) return done(badText(''), undefined);
    json(req, body.toString('utf8'), done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body: Buffer, done) => {
    if (!isUtf8(body)) return done(badText(''), undefined);
    try {
      done(null, parseForm(body.toString('utf8')));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addHook('preValidation', async (req) => {
    if (req.body === undefined || req.body === null) return;
    const at = loneSurrogateAt(req.body);
    if (at !== null) throw badText(at);
  });
}
