import { route, routerOf } from './api-route.ts';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import platformPackage from '../../../package.json' with { type: 'json' };
import { acceptedQuery } from './request-check.ts';
import type { RouteDoc } from './route-doc.ts';

/** What the error middleware answers for a client that asks for JSON (others get the message as plain text). */
const ErrorBodySchema = z.object({
  error: z.string().meta({ description: 'One readable line; the UI shows it as `STATUS: error`' }),
  fields: z.record(z.string(), z.string()).optional().meta({ description: 'Each bad field and its problem, for validation errors' }),
});

/** An error's content: plain text by default, `{ error, fields }` when the client accepts JSON. */
const errorContent = { 'text/plain': { schema: z.string() }, 'application/json': { schema: ErrorBodySchema } };

/** Who may call a route, as the document says it. */
const ACCESS_TEXT: Record<RouteDoc['access'], string> = {
  public: 'Access: public (no sign-in).',
  'signed-in': 'Access: any signed-in user.',
  owner: "Access: the workspace's owners.",
  admin: "Access: the workspace's admins and owners.",
  'sales-ops': "Access: the workspace's sales-ops, admins and owners.",
  viewer: 'Access: every member of the workspace.',
};

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
    description: ACCESS_TEXT[doc.access],
    ...(doc.access === 'public' ? { security: [] } : {}),
    tags: doc.tags,
    operationId: `${doc.method}${doc.path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_, letter: string) => letter.toUpperCase())}`,
    requestParams: { ...(doc.params ? { path: doc.params } : {}), query: acceptedQuery(doc) },
    // A body whose every field may be left out may be left out whole (the routes read a missing body as `{}`).
    ...(doc.body
      ? {
          requestBody: {
            required: !doc.body.safeParse({}).success,
            content: {
              'application/json': { schema: doc.body },
              ...Object.fromEntries((doc.bodyTypes ?? []).map((type) => [type, { schema: z.string() }])),
            },
          },
        }
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
      description:
        'Sign in (`POST /api/auth/login`, a session cookie) or send an API token (`Authorization: Bearer mf_…`). ' +
        "Workspace-scoped routes act in `?workspace=<slug>`, one of the caller's workspaces (default: the first, or the token's own). " +
        'State-changing requests from a browser must be same-origin. Errors are one readable line of plain text. ' +
        'Each operation lists every query parameter it takes (`workspace` on all of them): any other, one given twice where ' +
        'one value is expected, or a bracketed key (`a[b]=c`) is refused with a 400 naming it. ' +
        'A method a path does not list answers 405 with `Allow`.',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'meetflow_session', description: 'Set by sign-up and sign-in' },
        apiToken: { type: 'http', scheme: 'bearer', description: 'An API token of one workspace (Settings → API tokens)' },
      },
    },
    security: [{ session: [] }, { apiToken: [] }],
    paths,
  });
}

/** GET /api/openapi.json: this document, built once over the descriptions of every route. */
export const openapiRoutes = [
  route<readonly RouteDoc[]>(
    {
      method: 'get',
      path: '/api/openapi.json',
      access: 'public',
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
