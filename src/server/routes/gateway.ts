import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unstorableAt } from '../security/storableText.js';
import { MAX_BODY_VALUES, moreThan } from '../plugins/bodyText.js';
import { Type } from '@sinclair/typebox';
import { responses } from './contracts.js';
import { translate } from '../i18n/messages.js';
import { isBlacklisted } from '../services/ipBlacklist.js';
import { findApp, type GatewayApp } from '../areas/gateway/apps.js';
import { GATEWAY_CODES, GatewayError } from '../areas/gateway/codes.js';
import { logRefusal, performCall } from '../areas/gateway/call.js';
import { claimNonce } from '../areas/gateway/nonces.js';
import { ipInList } from '../security/ipMatch.js';
import { digestSettings } from '../areas/gateway/serviceConfig.js';
import { canonicalString, sign, signatureMatches } from '../areas/gateway/sign.js';

/** The body exactly as received (the signature covers these bytes) and whether it was a JSON object in UTF-8. */
type Req = FastifyRequest<{ Params: { service: string; operation: string } }> & { rawBody?: Buffer; bodyInvalid?: boolean };

const NAME = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : '';
}

function answer(req: FastifyRequest, reply: FastifyReply, err: GatewayError, data: unknown = null) {
  return reply.status(err.http).send({ status: err.status, msg: translate(req.lang, `gateway.codes.${err.code}`, err.params), data });
}

/**
 * The gateway for customers' systems (docs/GATEWAY.md): `/open-api/v1/{service}/{operation}`,
 * POST with a JSON body or GET with query parameters, signed with the app's secret. Registered in
 * its own plugin so the raw body (which the signature covers) is kept for these routes only.
 */
export function registerGateway(app: FastifyInstance) {
  const ctx = app.ctx;
  app.register(async (gw) => {
    // The application's strict JSON parser (plugins/bodyText.ts) is replaced here by one that keeps the
    // exact bytes for the signature. A body that is not a UTF-8 JSON object (or holds a lone surrogate)
    // is not refused here: it becomes {} marked invalid, so the caller is refused after the signature
    // check, with the gateway's code and a log line, like any other refusal.
    gw.removeContentTypeParser('application/json');
    gw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
      const r = req as Req;
      r.rawBody = body;
      let parsed: unknown = {};
      try {
        if (moreThan(body, 0x3a, 0x2c, MAX_BODY_VALUES)) throw new Error('too many values');
        if (!isUtf8(body)) throw new Error('not UTF-8');
        const text = body.toString('utf8');
        if (text.trim()) parsed = JSON.parse(text);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || unstorableAt(parsed) !== null)
          throw new Error('not an object');
      } catch {
        r.bodyInvalid = true;
        parsed = {};
      }
      done(null, parsed);
    });
    // A POST without a JSON content type has no body to parse; it is signed as empty.
    gw.addHook('preValidation', async (req) => {
      if (req.method === 'POST' && (req.body === undefined || req.body === null)) req.body = {};
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const req = request as Req;
      const at = new Date();
      const started = Date.now();
      const { service, operation } = req.params;
      const appKey = header(req, 'x-app-key');
      const timestamp = header(req, 'x-timestamp');
      const nonce = header(req, 'x-nonce');
      // Lowercase hex, as documented: one spelling of a signature, as one spelling of its text.
      const signature = header(req, 'x-signature');
      const raw = req.rawBody ?? Buffer.alloc(0);
      let app: GatewayApp | null = null;
      const known = { service: String(service), operation: String(operation), ip: req.ip, at, appKey: appKey || null };
      const refuse = async (err: GatewayError) => {
        if (app) await logRefusal(ctx, { ...known, partyCode: app.partyCode, partyName: app.partyName }, err, started);
        return answer(req, reply, err);
      };

      if (appKey) app = await findApp(ctx, appKey);
      if (await isBlacklisted(ctx, req.ip)) return refuse(new GatewayError('blacklistedIp', { ip: req.ip }));
      if (!appKey || !timestamp || !nonce || !signature) return refuse(new GatewayError('unsigned'));
      if (!app || !app.active || !app.secret) return refuse(new GatewayError('unknownApp'));
      const digest = await digestSettings(ctx, app.partyCode);
      const ts = Number(timestamp);
      if (!/^\d{13}$/.test(timestamp) || Math.abs(at.getTime() - ts) > digest.toleranceSec * 1000) {
        return refuse(new GatewayError('expiredTimestamp', { seconds: digest.toleranceSec }));
      }
      if (!/^[A-Za-z0-9_-]{8,64}$/.test(nonce)) return refuse(new GatewayError('unsigned'));
      const expected = sign(digest.algorithm, app.secret, canonicalString(req.method, req.url, timestamp, nonce, raw));
      if (!signatureMatches(expected, signature)) return refuse(new GatewayError('badSignature', { algorithm: digest.algorithm }));
      if (digest.ipWhitelist.length && !ipInList(req.ip, digest.ipWhitelist))
        return refuse(new GatewayError('ipNotAllowed', { ip: req.ip }));
      // Kept until the timestamp could no longer pass, whichever side of now it lies.
      if (!(await claimNonce(ctx, app.appKey, nonce, new Date(ts + digest.toleranceSec * 1000)))) return refuse(new GatewayError('replay'));
      if (!NAME.test(known.service) || !NAME.test(known.operation))
        return refuse(
          new GatewayError('unknownOperation', { service: known.service.slice(0, 40), operation: known.operation.slice(0, 40) }),
        );

      let params: Record<string, unknown>;
      if (req.method === 'GET') params = { ...(req.query as Record<string, unknown>) };
      else if (req.bodyInvalid) return refuse(new GatewayError('badParams', { detail: 'the body is not a JSON object' }));
      else params = { ...(req.body as Record<string, unknown>) };
      try {
        const out = await performCall(ctx, { ...known, partyCode: app.partyCode, partyName: app.partyName, params });
        reply.header('x-request-id', out.requestId);
        if (out.code) return answer(req, reply, out.code, { requestId: out.requestId, ...out.data });
        return {
          status: 0,
          msg: translate(req.lang, 'gateway.codes.success'),
          data: { requestId: out.requestId, feeFen: out.feeFen, ...out.data },
        };
      } catch (err) {
        if (err instanceof GatewayError) return answer(req, reply, err);
        throw err;
      }
    };

    // Names and signatures are checked by the handler, after the caller is known, so refusals carry
    // the gateway's codes and are logged: the contract only bounds the lengths.
    const text = (options: { description?: string } = {}) => Type.String({ maxLength: 200, ...options });
    const params = Type.Object({ service: text(), operation: text() });
    const headers = Type.Partial(
      Type.Object({
        'x-app-key': text(),
        'x-timestamp': text({ description: 'milliseconds since the epoch' }),
        'x-nonce': text({ description: '8 to 64 characters [A-Za-z0-9_-], used once' }),
        'x-signature': text({ description: 'lowercase hex' }),
      }),
    );
    // Any parameters: the operation's own (docs/GATEWAY.md), checked when it runs.
    const anyParams = Type.Object({}, { additionalProperties: true });
    const base = {
      tags: ['open-api'],
      summary: 'Call a service operation (signed; see docs/GATEWAY.md for headers and codes)',
      description:
        'Headers: X-App-Key, X-Timestamp (ms), X-Nonce, X-Signature = hex HMAC-SHA256(secret, METHOD\\nPATH\\nTIMESTAMP\\nNONCE\\nhex(SHA-256(body))). ' +
        'The body hash is over the exact bytes sent. ' +
        `Envelope status codes: 0 success; ${Object.entries(GATEWAY_CODES)
          .map(([name, c]) => `${c.status} ${name} (HTTP ${c.http})`)
          .join('; ')}.`,
      params,
      headers,
      response: responses(
        Type.Partial(Type.Object({ requestId: Type.String(), feeFen: Type.Integer() }), { additionalProperties: true }),
        ...[...new Set(Object.values(GATEWAY_CODES).map((c) => c.http))].filter((h) => h >= 400 && h !== 400 && h !== 401),
      ),
    };
    gw.post('/open-api/v1/:service/:operation', { schema: { ...base, body: anyParams } }, handler);
    gw.get('/open-api/v1/:service/:operation', { schema: { ...base, querystring: anyParams } }, handler);
  });
}
