import { Type, type TSchema } from '@sinclair/typebox';
import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { AppError, badRequest, notFound } from '../errors.js';
import { MAX_PAGE_SIZE } from '../../shared/schema/paging.js';
import { compileSchema } from '../../shared/schema/compile.js';
import { envelope } from './contracts.js';

/**
 * The declared contract of the generic data API: what each route takes and answers, for the
 * OpenAPI page and for Fastify's validation. Record bodies differ per page, so they are declared
 * as objects here and validated against the page's model by the engine.
 */

/** A record body has at most this many keys; no page has nearly as many fields. */
export const MAX_BODY_FIELDS = 200;
export const MAX_SEARCH = 100;
export const MAX_BULK_IDS = 200;

const recordId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'record id' });

export const PageParams = Type.Object({
  page: Type.String({ minLength: 1, maxLength: 200, description: 'page id, URL-encoded (platformUser%2Fdepartment)' }),
});
export const RecordParams = Type.Object({ ...PageParams.properties, id: recordId });
export const NamedParams = Type.Object({
  ...RecordParams.properties,
  name: Type.String({ minLength: 1, maxLength: 64, description: 'transition or action name of the page' }),
});

/** A list or bulk action: the page and the action's name, no record. */
export const ActionParams = Type.Object({
  ...PageParams.properties,
  name: Type.String({ minLength: 1, maxLength: 64, description: 'list or bulk action name of the page' }),
});

const search = Type.String({ maxLength: MAX_SEARCH, description: 'free-text search over the page’s search fields' });
const todo = Type.String({ maxLength: 8, description: '1: only the records the dashboard counts as to-do' });
/** Filters are named by field, so any other parameter is a filter the engine checks against the page. */
const filters = { additionalProperties: true, description: 'other parameters filter by field name: value, a,b (any of), from,to (range)' };

const sortParam = Type.String({ maxLength: 64, description: 'field or -field; only indexed fields, id, createdAt and updatedAt' });

export const ListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'page number, from 1' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `rows per page, at most ${MAX_PAGE_SIZE}` })),
    sort: Type.Optional(sortParam),
    q: Type.Optional(search),
    todo: Type.Optional(todo),
  },
  filters,
);

export const ExportQuery = Type.Object(
  {
    format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'csv' })),
    tzOffset: Type.Optional(
      Type.Integer({ minimum: -1440, maximum: 1440, description: 'the browser’s getTimezoneOffset(), for times in the file' }),
    ),
    sort: Type.Optional(sortParam),
    q: Type.Optional(search),
    todo: Type.Optional(todo),
  },
  filters,
);

export const FilterQuery = Type.Object({ q: Type.Optional(search), todo: Type.Optional(todo) }, filters);

export const OptionsQuery = Type.Object(
  {
    q: Type.Optional(search),
    ids: Type.Optional(Type.String({ maxLength: 4000, description: 'comma-separated keys to label (at most 200)' })),
    fields: Type.Optional(
      Type.String({
        maxLength: 500,
        description: 'comma-separated fields to answer with each option, among those a referencing field’s x-ref-fill reads',
      }),
    ),
  },
  { ...filters, description: 'other parameters filter the options by field name (a field’s x-ref-filter)' },
);

export const CurrentQuery = Type.Object({
  partyCode: Type.Optional(Type.String({ maxLength: 16, description: 'the organisation (platform staff only; default: the caller’s)' })),
});

const bodyObject = { additionalProperties: true, maxProperties: MAX_BODY_FIELDS };
export const RecordBody = Type.Object(
  {},
  { ...bodyObject, description: 'the record’s fields, as in components/schemas/<page id with dots>' },
);
export const UpdateBody = Type.Object(
  {
    version: Type.Integer({ description: 'the version read; a stale version answers 409 with the current record' }),
  },
  { ...bodyObject, description: 'the fields to change, and the version read' },
);
export const DialogBody = Type.Object(
  {
    version: Type.Optional(Type.Integer()),
  },
  { ...bodyObject, description: 'the fields of the transition’s or action’s dialog; may be left out' },
);
export const BulkIdsBody = Type.Object(
  {
    ids: Type.Array(recordId, { minItems: 1, maxItems: MAX_BULK_IDS, uniqueItems: false }),
  },
  { additionalProperties: false },
);

/**
 * Serialises an answer with JSON.stringify. The records' schema is open (a page's fields), so the
 * schema-built serializer stringifies them value by value: about three times slower for a page of
 * waybills. The schema still documents the answer.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
/** A bulk action: the selection and the action's dialog fields. */
export const BulkActionBody = Type.Object(
  {
    ids: Type.Array(recordId, { minItems: 1, maxItems: MAX_BULK_IDS, description: 'the selected records' }),
  },
  { ...bodyObject, description: 'the selection (ids) and the fields of the action’s dialog' },
);

export const ImportTemplateQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'xlsx' })),
});
export const ImportQuery = Type.Object({
  dryRun: Type.Optional(Type.String({ maxLength: 5, description: '1 or true: only check the file, write nothing' })),
  tzOffset: Type.Optional(
    Type.Integer({ minimum: -1440, maximum: 1440, description: 'the browser’s getTimezoneOffset(), for times in the file' }),
  ),
});

const record = Type.Object(
  {},
  {
    additionalProperties: true,
    description: 'a record: the page’s readable fields and id, version, createdAt, updatedAt, createdBy, updatedBy',
  },
);

/** Every refusal: HTTP 4xx, a non-zero status, the message in the caller's language; field errors or the current record in data. */
export const Refusal = envelope(
  Type.Unknown({ description: '{fieldErrors: {field: message}} for invalid fields, the current record with 409, else null' }),
);

export const answers = <T extends TSchema>(data: T, code = 200) => ({ [code]: envelope(data), '4xx': Refusal });

export const Answers = {
  list: answers(
    Type.Object({
      list: Type.Array(record),
      total: Type.Integer(),
      totalCapped: Type.Boolean({ description: 'more than 10,000 match' }),
      page: Type.Integer(),
      size: Type.Integer(),
      totals: Type.Optional(
        Type.Array(
          Type.Object({
            field: Type.String(),
            op: Type.Union([Type.Literal('sum'), Type.Literal('avg'), Type.Literal('count')]),
            value: Type.Union([Type.Number(), Type.Null()]),
          }),
          { description: 'the page’s list.totals over every matching row in the caller’s scope' },
        ),
      ),
    }),
  ),
  record: answers(record),
  created: answers(record, 201),
  deleted: answers(Type.Object({ deleted: Type.Integer() })),
  options: answers(
    Type.Array(
      Type.Object({
        value: Type.Unknown(),
        label: Type.Unknown(),
        fields: Type.Optional(
          Type.Record(Type.String(), Type.Unknown(), { description: 'fields asked for with ?fields= that a fill (x-ref-fill) reads' }),
        ),
      }),
    ),
  ),
  report: answers(Type.Array(Type.Object({ key: Type.Unknown() }, { additionalProperties: true }))),
  current: answers(Type.Object({ partyCode: Type.String(), record: Type.Union([record, Type.Null()]) })),
  history: answers(
    Type.Array(
      Type.Object({
        id: Type.Integer(),
        action: Type.String(),
        username: Type.Union([Type.String(), Type.Null()]),
        createdAt: Type.String(),
        before: Type.Unknown(),
        after: Type.Unknown(),
      }),
    ),
  ),
  actionResult: answers(Type.Unknown({ description: 'what the action reports' })),
  relatedSummary: answers(
    Type.Object({
      columns: Type.Array(Type.Object({ field: Type.String(), title: Type.String() })),
      lines: Type.Array(
        Type.Object({
          page: Type.String(),
          title: Type.String(),
          count: Type.Integer(),
          canCreate: Type.Boolean(),
          latest: Type.Union([
            Type.Null(),
            Type.Object({
              id: Type.Integer(),
              updatedAt: Type.Unknown(),
              cells: Type.Record(
                Type.String(),
                Type.Object({
                  value: Type.Unknown(),
                  text: Type.Union([Type.String(), Type.Number(), Type.Null()]),
                  color: Type.Optional(Type.String()),
                }),
              ),
            }),
          ]),
        }),
        { description: 'one line per page of the group the caller may read' },
      ),
    }),
  ),
  chain: answers(
    Type.Object({
      steps: Type.Array(
        Type.Object({
          name: Type.String(),
          page: Type.String(),
          title: Type.String(),
          readable: Type.Boolean(),
          totalFen: Type.Union([Type.Integer(), Type.Null()]),
          documents: Type.Array(
            Type.Object({
              id: Type.Integer(),
              no: Type.String(),
              follows: Type.String(),
              amountFen: Type.Union([Type.Integer(), Type.Null()]),
              status: Type.Union([
                Type.Null(),
                Type.Object({
                  value: Type.Unknown(),
                  text: Type.Union([Type.String(), Type.Number(), Type.Null()]),
                  color: Type.Optional(Type.String()),
                }),
              ]),
            }),
          ),
        }),
        { description: "the chain's steps in order" },
      ),
      openFen: Type.Union([Type.Integer(), Type.Null()], { description: 'what is still open, in fen' }),
    }),
  ),
  bulkResult: answers(
    Type.Object({
      succeeded: Type.Integer(),
      failed: Type.Integer(),
      results: Type.Array(
        Type.Object({ id: Type.Integer(), ok: Type.Boolean(), msg: Type.Optional(Type.String()), result: Type.Optional(Type.Unknown()) }),
      ),
    }),
  ),
  importResult: answers(Type.Object({}, { additionalProperties: true, description: '{rows, valid, errors: [{row, field, msg}]}' })),
  schema: answers(
    Type.Object({
      page: Type.Object({}, { additionalProperties: true, description: 'the page schema' }),
      messages: Type.Record(Type.String(), Type.String()),
      actions: Type.Array(Type.String(), { description: 'the caller’s actions on the page; ["*"] for all' }),
      source: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'a report’s source page' })),
      parents: Type.Optional(
        Type.Array(Type.Object({ page: Type.String(), field: Type.String(), title: Type.String() }), {
          description: 'the pages whose records this page’s records belong to (relations naming it)',
        }),
      ),
    }),
  ),
  dashboard: answers(
    Type.Object({
      figures: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Null()])),
      charts: Type.Record(Type.String(), Type.Array(Type.Object({ key: Type.Unknown() }, { additionalProperties: true }))),
    }),
  ),
  file: { 200: Type.String({ format: 'binary', description: 'the CSV or XLSX file, streamed' }), '4xx': Refusal },
  /** A small file built in memory (the import template): a Buffer or text, sent as it is. */
  builtFile: {
    200: Type.Unsafe<string | Buffer>({ type: 'string', format: 'binary', description: 'the XLSX or CSV template' }),
    '4xx': Refusal,
  },
};

// Path and query values arrive as text and are converted to the declared types; a JSON body is
// taken as sent, so {"version": "1"} or {"ids": "5"} is refused rather than quietly converted.
const fromText = new Ajv2020({ coerceTypes: 'array', useDefaults: true, allErrors: false, strict: false });
const asSent = new Ajv2020({ coerceTypes: false, useDefaults: true, allErrors: false, strict: false });

export function validatorCompiler({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) {
  return compileSchema(httpPart === 'body' ? asSent : fromText, schema as object);
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

const named = (issue: ValidationIssue) =>
  issue.keyword === 'required' ? String(issue.params.missingProperty) : (issue.instancePath.split('/')[1] ?? '');

/** A refused part of the request, said as the engine said it before the routes declared their contract. */
function refusalFor(req: FastifyRequest, part: string, issue: ValidationIssue): AppError {
  const name = named(issue);
  const raw = (part === 'params' ? req.params : part === 'querystring' ? req.query : req.body) as Record<string, unknown> | undefined;
  const value = String(raw && typeof raw === 'object' ? (raw[name] ?? '') : '').slice(0, 40);
  if (part === 'params') {
    if (name === 'id') return badRequest('server.data.badId', { id: value });
    if (name === 'name')
      return notFound(req.url.includes('/transitions/') ? 'server.data.unknownTransition' : 'server.data.unknownAction', { name: value });
    return notFound('server.data.unknownPage', { page: value });
  }
  if (part === 'querystring') {
    if (name === 'page') return badRequest('server.data.badParam', { param: name, max: Number.MAX_SAFE_INTEGER });
    if (name === 'size') return badRequest('server.data.badParam', { param: name, max: MAX_PAGE_SIZE });
    if (name === 'q') return badRequest('server.data.searchTooLong', { max: MAX_SEARCH });
    if (name === 'format') return badRequest('server.data.badFormat');
    return badRequest('server.data.badQueryParam', { param: name.slice(0, 40) });
  }
  if (issue.keyword === 'maxProperties') return badRequest('server.validation.tooManyFields', { max: MAX_BODY_FIELDS });
  if (name === 'ids') return badRequest('server.data.badIds');
  if (name === 'version') return badRequest('server.data.versionRequired');
  return badRequest('server.data.bodyRequired');
}

/** An empty query value means the parameter is absent (`?page=&q=`), as the list has always read it. */
export async function dropEmptyQuery(req: FastifyRequest): Promise<void> {
  const query = req.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object') for (const k of Object.keys(query)) if (query[k] === '') delete query[k];
}

/** A transition or action without a dialog may be posted without a body. */
export async function emptyBodyAsObject(req: FastifyRequest): Promise<void> {
  if (req.body === undefined || req.body === null) req.body = {};
}

/**
 * Routes declare `attachValidation`, and this pre-handler turns a validation failure into the
 * envelope's message for that part, so a declared contract answers as clearly as hand checks did.
 */
export async function refuseInvalid(req: FastifyRequest): Promise<void> {
  const err = req.validationError as (Error & { validation?: ValidationIssue[]; validationContext?: string }) | undefined;
  if (!err) return;
  const issue = err.validation?.[0];
  throw issue ? refusalFor(req, err.validationContext ?? 'body', issue) : badRequest('server.badRequest', { detail: err.message });
}
