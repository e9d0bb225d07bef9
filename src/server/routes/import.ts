import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { badRequest, notFound, tooLarge } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { translate } from '../i18n/messages.js';
import { assertWritable, pageAccess, type PageAccess } from '../data/access.js';
import { writeXlsx } from '../export/xlsx.js';
import { CSV_BOM, csvLine } from '../export/csv.js';
import { importColumns, importable, templateHeader } from '../import/columns.js';
import { exampleRow } from '../import/template.js';
import { importFile } from '../import/importRows.js';

import { Answers, ImportQuery, ImportTemplateQuery, PageParams, dropEmptyQuery, refuseInvalid, validatorCompiler } from './dataContract.js';

const tags = ['data'];
const checked = { attachValidation: true, preValidation: dropEmptyQuery, preHandler: refuseInvalid, validatorCompiler };

/** `page` is the plain page id (Fastify decoded it once). */
async function importAccess(app: FastifyInstance, req: FastifyRequest, page: string): Promise<PageAccess> {
  const access = await pageAccess(app.ctx, req, page, 'create');
  if (!importable(access.page)) throw notFound('ops.server.import.notImportable');
  assertWritable(access.page);
  return access;
}

const fileTooLarge = (max: number) => tooLarge('ops.server.import.tooLarge', { max: `${Math.round(max / 1024 / 1024)} MB` });

/**
 * Import of records from a spreadsheet: the template of a page's importable columns, and the
 * upload (a dry run answers what would happen; without it every row is written or none).
 */
export function registerImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const max = app.ctx.config.importMaxBytes;
  app.get(
    '/open-platform/data/:page/import/template',
    {
      ...checked,
      schema: {
        tags,
        summary: 'The import template: importable columns with translated headers and an example row (?format=xlsx|csv)',
        params: PageParams,
        querystring: ImportTemplateQuery,
        response: Answers.builtFile,
      },
    },
    async (req, reply) => {
      const access = await importAccess(fastify, req, req.params.page);
      const format = req.query.format ?? 'xlsx';
      if (format !== 'xlsx' && format !== 'csv') throw badRequest('server.data.badFormat');
      const columns = importColumns(access.page, access.user.partyKind === 'platform');
      const header = templateHeader(columns, req.lang);
      const example = exampleRow(access.page, columns, req.lang);
      const name = `${access.page.id.replace(/\//g, '-')}-import.${format}`;
      reply.header('Content-Disposition', `attachment; filename="${name}"`);
      if (format === 'csv') {
        reply.header('Content-Type', 'text/csv; charset=utf-8');
        return reply.send(CSV_BOM + csvLine(header) + csvLine(example));
      }
      const chunks: Buffer[] = [];
      await writeXlsx(
        async (c) => {
          chunks.push(Buffer.from(c));
        },
        translate(req.lang, access.page.title),
        header,
        (async function* () {
          yield example;
        })(),
      );
      reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(Buffer.concat(chunks));
    },
  );

  app.register(async (plain) => {
    await plain.register(multipart, { limits: { fileSize: max, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: true });
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.post(
      '/open-platform/data/:page/import',
      {
        ...checked,
        schema: {
          tags,
          summary:
            'Import records from an XLSX or CSV file (multipart field "file"); ?dryRun=1 only checks. Answers {rows, valid, errors:[{row, field, msg}]}',
          params: PageParams,
          querystring: ImportQuery,
          response: Answers.importResult,
        },
      },
      async (req) => {
        const access = await importAccess(fastify, req, req.params.page);
        if (!req.isMultipart()) throw badRequest('ops.server.import.noFile');
        const tmp = path.join(os.tmpdir(), `scop-import-${randomBytes(8).toString('hex')}`);
        try {
          const format = await receive(req, tmp, max);
          const tz = req.query.tzOffset ?? -480;
          const dryRun = req.query.dryRun === '1' || req.query.dryRun === 'true';
          return ok(await importFile(app.ctx, access, tmp, format, { dryRun, lang: req.lang, tzOffset: Number.isFinite(tz) ? tz : -480 }));
        } finally {
          await fs.promises.rm(tmp, { force: true });
        }
      },
    );
  });
}

/** Streams the upload to a temporary file (never into memory) and tells its format from name and content. */
async function receive(req: FastifyRequest, tmp: string, max: number): Promise<'xlsx' | 'csv'> {
  let ext: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (ext) throw badRequest('ops.server.import.noFile');
      ext = (/\.([A-Za-z0-9]{1,10})$/.exec(part.filename)?.[1] ?? '').toLowerCase();
      if (ext !== 'xlsx' && ext !== 'csv') {
        part.file.resume();
        throw badRequest('ops.server.import.badType', { ext: ext || '?' });
      }
      let size = 0;
      const count = new Transform({
        transform(chunk, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, count, fs.createWriteStream(tmp, { mode: 0o600 }));
      if ((part.file as unknown as { truncated?: boolean }).truncated) throw fileTooLarge(max);
      if (size === 0) throw badRequest('ops.server.import.empty');
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(max);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('ops.server.import.noFile');
    throw err;
  }
  if (!ext) throw badRequest('ops.server.import.noFile');
  const fd = await fs.promises.open(tmp, 'r');
  const head = Buffer.alloc(4096);
  const { bytesRead } = await fd.read(head, 0, 4096, 0);
  await fd.close();
  const sample = head.subarray(0, bytesRead);
  const zip = sample[0] === 0x50 && sample[1] === 0x4b;
  if (ext === 'xlsx' && !zip) throw badRequest('ops.server.import.notXlsx');
  // A binary file renamed .csv (a workbook, an image) is refused rather than read as text.
  if (ext === 'csv' && (zip || sample.includes(0))) throw badRequest('ops.server.import.notCsv');
  return ext;
}
