import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest, forbidden, notFound, tooLarge } from '../errors.js';
import type { AppContext } from '../context.js';
import { customerConfig } from '../areas/gateway/customerConfig.js';
import { refererPolicy, refererRefusal, uploadPolicy, type UploadPolicy } from '../connectors/customerRules.js';
import { linkValid, signedLink, storageTarget } from './orgFiles.js';
import { PARTY } from '../connectors/objectStorage/target.js';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { anonymous, failure, Nullable, responses } from './contracts.js';

const stored = Type.Object({ url: Type.String(), name: Type.String(), size: Type.Integer(), contentType: Type.String() });
// Checked by the route itself: a malformed address is simply a file that does not exist (404).
const fileParams = Type.Object({
  y: Type.String({ description: 'yyyy' }),
  m: Type.String({ description: 'mm' }),
  name: Type.String(),
});
const orgFileParams = Type.Object({ party: Type.String(), y: Type.String(), m: Type.String(), name: Type.String() });
const file = Type.String({ format: 'binary', description: 'The file' });

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** What may be uploaded, by extension, and how it is served back. */
const TYPES: Record<string, { type: string; inline: boolean }> = {
  png: { type: 'image/png', inline: true },
  jpg: { type: 'image/jpeg', inline: true },
  jpeg: { type: 'image/jpeg', inline: true },
  gif: { type: 'image/gif', inline: true },
  webp: { type: 'image/webp', inline: true },
  // SVG can carry script: shown in <img> (where scripts never run) but downloaded when opened.
  svg: { type: 'image/svg+xml', inline: false },
  pdf: { type: 'application/pdf', inline: false },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false },
  csv: { type: 'text/csv; charset=utf-8', inline: false },
  txt: { type: 'text/plain; charset=utf-8', inline: false },
  zip: { type: 'application/zip', inline: false },
};
export const ALLOWED_EXTENSIONS = Object.keys(TYPES);

/** Signatures of the binary formats, so a renamed file cannot pass for another type. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  pdf: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  xlsx: (b) => b[0] === 0x50 && b[1] === 0x4b,
  zip: (b) => b[0] === 0x50 && b[1] === 0x4b,
  svg: (b) => /<svg[\s>]/i.test(b.subarray(0, 4096).toString('utf8')),
};

const YEAR = /^\d{4}$/;
const MONTH = /^(0[1-9]|1[0-2])$/;
const STORED_NAME = /^[A-Za-z0-9_-]{22}\.([a-z0-9]{2,4})$/;

const extensionOf = (filename: string) => (/\.([A-Za-z0-9]{1,10})$/.exec(filename)?.[1] ?? '').toLowerCase();

/** The client's file name without path parts or control characters, for the answer only. */
const displayName = (filename: string) =>
  (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').slice(0, 200) || 'file';

interface MultipartFile {
  filename: string;
  toBuffer(): Promise<Buffer>;
  file: NodeJS.ReadableStream & { resume(): void };
}

function uploadError(err: unknown, policy: UploadPolicy | null): unknown {
  const code = (err as { code?: string }).code;
  // The organisation's own limit is a rule of its configuration, answered like any refused input.
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('widgets.server.files.tooLarge', { max: policy?.maxLabel ?? '5 MB' });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest('widgets.server.files.tooMany');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('widgets.server.files.notMultipart');
  return err;
}

/** The stored file an address names under a folder (its size too), or 404 when it names none. */
export async function storedFile(base: string, y: string, m: string, name: string): Promise<{ file: string; size: number }> {
  const match = STORED_NAME.exec(name);
  if (!YEAR.test(y) || !MONTH.test(m) || !match || !TYPES[match[1]]) throw notFound('widgets.server.files.notFound');
  const file = path.resolve(base, y, m, name);
  if (!file.startsWith(path.resolve(base) + path.sep)) throw notFound('widgets.server.files.notFound');
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    throw notFound('widgets.server.files.notFound');
  }
  if (!stat.isFile()) throw notFound('widgets.server.files.notFound');
  return { file, size: stat.size };
}

/** Whether the referring page is this server's own (the console's pages). */
function sameOrigin(req: FastifyRequest): boolean {
  try {
    if (!req.headers.referer || !req.headers.host) return false;
    const from = new URL(req.headers.referer);
    // Through the same scheme, so a default port written out or left off compares equal.
    return from.host === new URL(`${from.protocol}//${req.headers.host}`).host;
  } catch {
    return false;
  }
}

/**
 * The organisation's referer whitelist (customerConfig/uploadReferer), when it has one: 403 otherwise.
 * The console's own pages always pass: the whitelist keeps other sites from using the files.
 */
async function checkReferer(ctx: AppContext, partyCode: string, req: FastifyRequest) {
  if (sameOrigin(req)) return;
  const referer = req.headers.referer;
  const policy = refererPolicy(await customerConfig(ctx, partyCode, 'uploadReferer'));
  const reason = policy && refererRefusal(policy, referer);
  if (reason)
    throw forbidden('widgets.server.files.refererRefused', {
      reason: `widgets.server.files.refererReason.${reason}`,
      allowed: policy.domains.join(', ') || '-',
    });
}

/**
 * Uploads for form widgets (logos, avatars, banners, scans): POST /open-platform/files stores one
 * file of an allowed type under DATA_DIR/uploads/YYYY/MM/ with a random name; GET serves it back
 * without a session, so <img> works, the random name being the only key.
 */
export function registerFileRoutes(app: FastifyInstance) {
  // Multipart is parsed only inside this plugin: no other route accepts it.
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    await scope.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 11 }, throwFileSizeLimit: true });
    const root = () => path.join(scope.ctx.config.dataDir, 'uploads');

    scope.post(
      '/open-platform/files',
      {
        schema: {
          tags: ['files'],
          summary: 'Upload one file (multipart field "file", ≤ 5 MB; png, jpg, gif, webp, svg, pdf, xlsx, csv, txt, zip)',
          consumes: ['multipart/form-data'],
          response: responses(stored, 413),
          // Read as a stream by the route, so nothing is there to validate when the schema is checked.
          body: Nullable(Type.Partial(Type.Object({ file: Type.String({ format: 'binary' }) }))),
        },
      },
      async (req) => {
        const user = requireUser(req);
        if (!req.isMultipart()) throw badRequest('widgets.server.files.notMultipart');
        // A customer's uploads follow its organisation's configuration and are stored as its files.
        const party = user.partyKind === 'customer' && PARTY.test(user.partyCode) ? user.partyCode : null;
        if (party) await checkReferer(scope.ctx, party, req);
        const policy = party ? uploadPolicy(await customerConfig(scope.ctx, party, 'upload')) : null;
        let stored: { url: string; name: string; size: number; contentType: string } | null = null;
        try {
          for await (const part of req.parts(policy ? { limits: { fileSize: policy.maxBytes } } : undefined)) {
            if (part.type !== 'file') continue;
            if (stored) throw badRequest('widgets.server.files.tooMany');
            stored = await store(part as unknown as MultipartFile, party, policy);
          }
        } catch (err) {
          throw uploadError(err, policy);
        }
        if (!stored) throw badRequest('widgets.server.files.noFile');
        return ok(stored);
      },
    );

    async function store(part: MultipartFile, party: string | null, policy: UploadPolicy | null) {
      const ext = extensionOf(part.filename);
      const spec = TYPES[ext];
      const allowed = policy?.allowedExt.length ? ALLOWED_EXTENSIONS.filter((e) => policy.allowedExt.includes(e)) : ALLOWED_EXTENSIONS;
      if (!spec || !allowed.includes(ext)) {
        part.file.resume();
        throw badRequest('widgets.server.files.badType', { ext: ext || '?', allowed: allowed.join(', ') || '-' });
      }
      const data = await part.toBuffer();
      if (data.length === 0) throw badRequest('widgets.server.files.empty');
      if (MAGIC[ext] && !MAGIC[ext](data)) throw badRequest('widgets.server.files.badContent', { ext });
      const now = new Date();
      const y = String(now.getUTCFullYear());
      const m = String(now.getUTCMonth() + 1).padStart(2, '0');
      const target = party ? await storageTarget(scope.ctx, party) : null;
      const dir = path.join(target ? target.dir : root(), y, m);
      await fs.promises.mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('base64url')}.${ext}`;
      await fs.promises.writeFile(path.join(dir, name), data, { flag: 'wx' });
      const urlPath = party ? `/open-platform/files/o/${party}/${y}/${m}/${name}` : `/open-platform/files/${y}/${m}/${name}`;
      const url = target?.ttlSec ? await signedLink(scope.ctx, urlPath, target.ttlSec) : urlPath;
      return { url, name: displayName(part.filename), size: data.length, contentType: spec.type.split(';')[0] };
    }

    /** Sends a stored file, or 404 when the address names none. */
    async function sendFile(reply: FastifyReply, base: string, y: string, m: string, name: string, cache: string) {
      const { file, size } = await storedFile(base, y, m, name);
      const spec = TYPES[extensionOf(name)];
      reply.header('Content-Type', spec.type);
      reply.header('Content-Length', String(size));
      reply.header('Cache-Control', cache);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
      reply.header('Content-Disposition', `${spec.inline ? 'inline' : 'attachment'}; filename="${name}"`);
      return reply.send(fs.createReadStream(file));
    }

    scope.get(
      '/open-platform/files/o/:party/:y/:m/:name',
      {
        schema: {
          tags: ['files'],
          summary:
            "Download an organisation's file: its referer whitelist applies, and a private bucket's link carries an expiry and signature",
          ...anonymous,
          params: orgFileParams,
          querystring: Type.Partial(Type.Object({ expires: Type.String(), sig: Type.String() })),
          response: { 200: file, 403: failure, 404: failure },
        },
      },
      async (req, reply) => {
        const { party, y, m, name } = req.params;
        if (!PARTY.test(party)) throw notFound('widgets.server.files.notFound');
        await checkReferer(scope.ctx, party, req);
        const target = await storageTarget(scope.ctx, party);
        if (target.ttlSec) {
          const urlPath = `/open-platform/files/o/${party}/${y}/${m}/${name}`;
          if (!(await linkValid(scope.ctx, urlPath, req.query.expires, req.query.sig))) throw forbidden('widgets.server.files.linkExpired');
        }
        // A signed link must not outlive its expiry in a shared cache.
        return sendFile(reply, target.dir, y, m, name, target.ttlSec ? 'private, no-store' : 'private, max-age=3600');
      },
    );

    scope.get(
      '/open-platform/files/:y/:m/:name',
      {
        schema: {
          tags: ['files'],
          summary: 'Download an uploaded file (no session: the random name is the key)',
          ...anonymous,
          params: fileParams,
          response: { 200: file, 404: failure },
        },
      },
      async (req, reply) => {
        const { y, m, name } = req.params;
        // The name is random and the content never changes under it.
        return sendFile(reply, root(), y, m, name, 'public, max-age=31536000, immutable');
      },
    );
  });
}
