import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { PARTY, signedLink, storageTarget } from './orgFiles.js';
import { storedFile } from './files.js';
import { int, object, responses } from './contracts.js';

type Params = { party: string; y: string; m: string; name: string };

const link = object(
  {
    url: { type: 'string', description: 'the file’s address, signed afresh when its bucket is private' },
    expiresAt: { type: ['integer', 'null'], description: 'Unix seconds the new link stops working; null when it does not expire' },
    ttlSec: { ...int, description: 'seconds the link is valid (0: no expiry)' },
  },
  ['url', 'expiresAt', 'ttlSec'],
);

/**
 * A fresh link to an organisation's file, for a console user who may read that organisation's
 * records: its own staff, or platform staff. A private bucket's link expires after urlTtlSec, so a
 * record keeps a link that dies; the console asks here instead of showing a dead one. Another
 * organisation's file answers 404, as if it did not exist.
 */
export function registerFileLinkRoutes(app: FastifyInstance) {
  app.get(
    '/open-platform/files/o/:party/:y/:m/:name/link',
    {
      schema: {
        tags: ['files'],
        summary: "A fresh download link to an organisation's file (its own users and platform staff)",
        params: object({ party: { type: 'string' }, y: { type: 'string' }, m: { type: 'string' }, name: { type: 'string' } }, [
          'party',
          'y',
          'm',
          'name',
        ]),
        response: responses(link, 404),
      },
    },
    async (req: FastifyRequest<{ Params: Params }>) => {
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
