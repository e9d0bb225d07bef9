import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { translate } from '../i18n/messages.js';

const FIELD_KEYWORDS = new Set([
  'required',
  'type',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'enum',
  'minimum',
  'maximum',
  'maxItems',
]);

/** A route contract's refusal as the same per-field message the data API gives, e.g. "phone must be at most 64 characters". */
function validationMessage(lang: Parameters<typeof translate>[0], fe: FastifyError): string | null {
  const e = fe.validation?.[0];
  if (!e || !FIELD_KEYWORDS.has(e.keyword)) return null;
  const params = e.params as Record<string, unknown>;
  const field =
    e.keyword === 'required'
      ? String(params.missingProperty)
      : (e.instancePath.split('/').filter(Boolean).pop() ?? fe.validationContext ?? '');
  return translate(lang, `server.validation.field.${e.keyword}`, { ...params, field });
}

export function ok<T>(data: T, msg = 'success') {
  return { status: 0, msg, data };
}

/** Every failure leaves as the envelope, with the HTTP status telling its class and msg in the caller's language. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'en';
    if (err instanceof AppError) {
      const data = err.fieldErrors
        ? {
            fieldErrors: Object.fromEntries(Object.entries(err.fieldErrors).map(([field, e]) => [field, translate(lang, e.key, e.params)])),
          }
        : err.data;
      return reply.status(err.httpStatus).send({ status: err.status, msg: translate(lang, err.key, err.params), data });
    }
    const fe = err as FastifyError;
    if (fe.statusCode === 429) {
      return reply.status(429).send({ status: 429, msg: translate(lang, 'server.tooManyRequests'), data: null });
    }
    if (
      fe.validation ||
      fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (fe.statusCode && fe.statusCode < 500)
    ) {
      const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 400;
      const msg = validationMessage(lang, fe) ?? translate(lang, 'server.badRequest', { detail: fe.message });
      return reply.status(status).send({ status, msg, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ status: 500, msg: translate(lang, 'server.internal'), data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ status: 404, msg: translate(req.lang ?? 'en', 'server.routeNotFound', { path: req.url.split('?')[0] }), data: null });
  });
}
