import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { recordJsonSchema } from '../../shared/schema/recordValidator.js';

/** OpenAPI of the API at /open-platform/docs; each page's record body appears as a component schema. */
export async function registerApiDocs(app: FastifyInstance) {
  const pages = [...app.ctx.schemas.pages.values()].filter((p) => p.model && p.resource);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Digital supply-chain open platform API',
        version: '1.0.0',
        description: 'Every answer is {status, msg, data}; status 0 is success, 21332 a missing or expired token. ' +
          'Schema pages share the /open-platform/data/{page} routes; {page} is the URL-encoded page id.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: Object.fromEntries(pages.map((p) => [p.id.replace(/\//g, '.'), recordJsonSchema(p, 'create') as object])),
      },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/open-platform/docs', staticCSP: false });
}
