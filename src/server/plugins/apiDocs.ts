import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { recordJsonSchema } from '../../shared/schema/recordValidator.js';

/**
 * What OpenAPI 3.0 refuses and JSON Schema allows, taken out of the served document in one place:
 * an empty `required` list (a page whose records need no field; OpenAPI asks for at least one name).
 * Customers generate clients from the document, so it must validate.
 */
export function tidyOpenApi<T>(doc: T): T {
  const stack: unknown[] = [doc];
  while (stack.length) {
    const o = stack.pop();
    if (Array.isArray(o)) stack.push(...o);
    else if (o && typeof o === 'object') {
      const rec = o as Record<string, unknown>;
      if (Array.isArray(rec.required) && rec.required.length === 0) delete rec.required;
      stack.push(...Object.values(rec));
    }
  }
  return doc;
}

/** OpenAPI of the API at /open-platform/docs; each page's record body appears as a component schema. */
export async function registerApiDocs(app: FastifyInstance) {
  const pages = [...app.ctx.schemas.pages.values()].filter((p) => p.model && p.resource);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Digital supply-chain open platform API',
        version: '1.0.0',
        description:
          'Every answer is {status, msg, data}; status 0 is success, 21332 a missing or expired token. ' +
          'Schema pages share the /open-platform/data/{page} routes; {page} is the URL-encoded page id.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: Object.fromEntries(pages.map((p) => [p.id.replace(/\//g, '.'), recordJsonSchema(p, 'create') as object])),
      },
      security: [{ bearer: [] }],
    },
    transformObject: (doc) => tidyOpenApi('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/open-platform/docs', staticCSP: false });
}
