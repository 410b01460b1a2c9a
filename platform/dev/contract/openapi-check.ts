import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import type { ContractResponse } from './client.ts';

/** `GET /api/runs/{id}` for every operation of an OpenAPI document. */
export function documentOperations(document: OpenAPIV3_1.Document): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {})
      .filter((key) => ['get', 'post', 'put', 'delete', 'patch'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Checks an answer against an OpenAPI document; answers the problem, or undefined when there is none. */
export type OpenApiCheck = (answer: ContractResponse) => string | undefined;

/**
 * Checks answers against the served OpenAPI document (not the zod schemas it was generated
 * from), so a client generated from the document would read real answers: the operation must
 * document the status with the answer's content type, and that JSON Schema must accept the body.
 */
export function openApiCheck(document: OpenAPIV3_1.Document): OpenApiCheck {
  const schemas = new Map<string, z.ZodType>();
  // Local component references become $defs, the only references fromJSONSchema follows.
  const toZod = (schema: object) =>
    z.fromJSONSchema(
      JSON.parse(JSON.stringify({ ...schema, $defs: document.components?.schemas ?? {} }).replaceAll('#/components/schemas/', '#/$defs/')),
    );
  return (answer) => {
    const [method, path] = answer.route.split(' ') as [string, string];
    const operation = (document.paths?.[path] as Record<string, OpenAPIV3_1.OperationObject> | undefined)?.[method.toLowerCase()];
    const response = operation?.responses?.[String(answer.status)] as OpenAPIV3_1.ResponseObject | undefined;
    if (!response) return `the OpenAPI document has no ${answer.status} answer for ${answer.route}`;
    const contentType = answer.headers.get('content-type')?.split(';')[0] ?? '';
    const media = response.content?.[contentType];
    if (!media?.schema) return `the OpenAPI document's ${answer.status} answer of ${answer.route} has no ${contentType} schema`;
    const key = `${answer.route} ${answer.status} ${contentType}`;
    const schema = schemas.get(key) ?? toZod(media.schema);
    schemas.set(key, schema);
    const parsed = schema.safeParse(contentType === 'application/json' ? JSON.parse(answer.text) : answer.text);
    return parsed.success ? undefined : `${key} breaks the OpenAPI document's schema:\n${z.prettifyError(parsed.error)}`;
  };
}
