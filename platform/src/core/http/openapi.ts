import { route, routerOf } from './api-route.ts';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import platformPackage from '../../../package.json' with { type: 'json' };
import type { RouteDoc } from './route-doc.ts';

/** What the error middleware answers for a client that asks for JSON (others get the message as plain text). */
const ErrorBodySchema = z.object({
  error: z.string().meta({ description: 'One readable line; the UI shows it as `STATUS: error`' }),
  fields: z.record(z.string(), z.string()).optional().meta({ description: 'Each bad field and its problem, for validation errors' }),
});

/** An error's content: plain text by default, `{ error, fields }` when the client accepts JSON. */
const errorContent = { 'text/plain': { schema: z.string() }, 'application/json': { schema: ErrorBodySchema } };

function operationOf(doc: RouteDoc): ZodOpenApiOperationObject {
  const responses = Object.fromEntries(
    Object.entries(doc.responses).map(([status, response]) => {
      const content = response.schema
        ? { [response.contentType ?? 'application/json']: { schema: response.schema } }
        : Number(status) >= 400
          ? errorContent
          : undefined;
      return [status, { description: response.description, ...(content ? { content } : {}) }];
    }),
  );
  return {
    summary: doc.summary,
    tags: doc.tags,
    operationId: `${doc.method}${doc.path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_, letter: string) => letter.toUpperCase())}`,
    ...(doc.params || doc.query
      ? { requestParams: { ...(doc.params ? { path: doc.params } : {}), ...(doc.query ? { query: doc.query } : {}) } }
      : {}),
    // A body whose every field may be left out may be left out whole (the routes read a missing body as `{}`).
    ...(doc.body
      ? { requestBody: { required: !doc.body.safeParse({}).success, content: { 'application/json': { schema: doc.body } } } }
      : {}),
    responses,
  };
}

/**
 * Builds the OpenAPI 3.1 document from the routes' own zod schemas (requests rendered as
 * their input, responses as their output), so it cannot drift from what the routes validate.
 */
export function buildOpenApiDocument(docs: readonly RouteDoc[]): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const doc of docs) {
    const item = (paths[doc.path] ??= {});
    if (item[doc.method]) throw new Error(`Two RouteDocs describe ${doc.method.toUpperCase()} ${doc.path}`);
    item[doc.method] = operationOf(doc);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Meetflow API',
      version: platformPackage.version,
      description: 'Workspace-scoped routes read `?workspace=<slug>` (default `default`). Errors are one readable line of plain text.',
    },
    paths,
  });
}

/** GET /api/openapi.json: this document, built once over the descriptions of every route. */
export const openapiRoutes = [
  route<readonly RouteDoc[]>(
    {
      method: 'get',
      path: '/api/openapi.json',
      summary: 'This OpenAPI 3.1 document',
      tags: ['platform'],
      responses: {
        200: {
          description: 'The document',
          schema: z.looseObject({
            openapi: z.string(),
            info: z.looseObject({ title: z.string(), version: z.string() }),
            paths: z.record(z.string(), z.unknown()),
          }),
        },
      },
    },
    (docs) => {
      const document = buildOpenApiDocument(docs);
      return (ctx) => {
        ctx.body = document;
      };
    },
  ),
];

export const openapiRouter = (docs: readonly RouteDoc[]) => routerOf(openapiRoutes, docs);
