import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { notFound } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { signedLink, storageTarget } from './orgFiles.js';
import { PARTY } from '../connectors/objectStorage/target.js';
import { storedFile } from './files.js';
import { Nullable, responses } from './contracts.js';

const link = Type.Object({
  url: Type.String({ description: 'the file’s address, signed afresh when its bucket is private' }),
  expiresAt: Nullable(Type.Integer(), { description: 'Unix seconds the new link stops working; null when it does not expire' }),
  ttlSec: Type.Integer({ description: 'seconds the link is valid (0: no expiry)' }),
});
const fileParams = Type.Object({ party: Type.String(), y: Type.String(), m: Type.String(), name: Type.String() });

/**
 * A fresh link to an organisation's file, for a console user who may read that organisation's
 * records: its own staff, or platform staff. A private bucket's link expires after urlTtlSec, so a
 * record keeps a link that dies; the console asks here instead of showing a dead one. Another
 * organisation's file answers 404, as if it did not exist.
 */
export function registerFileLinkRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/open-platform/files/o/:party/:y/:m/:name/link',
    {
      schema: {
        tags: ['files'],
        summary: "A fresh download link to an organisation's file (its own users and platform staff)",
        params: fileParams,
        response: responses(link, 404),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { party, y, m, name } = req.params;
      if (!PARTY.test(party) || (user.partyKind !== 'platform' && user.partyCode !== party))
        throw notFound('widgets.server.files.notFound');
      const target = await storageTarget(app.ctx, party);
      await storedFile(target.dir, y, m, name);
      const urlPath = `/open-platform/files/o/${party}/${y}/${m}/${name}`;
      if (!target.ttlSec) return ok({ url: urlPath, expiresAt: null, ttlSec: 0 });
      const now = Date.now();
      return ok({
        url: await signedLink(app.ctx, urlPath, target.ttlSec, now),
        expiresAt: Math.floor(now / 1000) + target.ttlSec,
        ttlSec: target.ttlSec,
      });
    },
  );
}
