// The UI's API types, written from the API's own OpenAPI document (which the routes' zod schemas
// build, core/http/openapi.ts): one TypeScript type per operation's answer and body, so a status or
// field the API adds reaches every screen's types, and tsc names each screen that no longer fits.
// `npm run api-types` writes ui/src/lib/api-types.generated.ts; api-types.test.ts fails when the
// committed file is not what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';
import { buildOpenApiDocument } from '../../src/core/http/openapi.ts';
import { repoRoot } from '../../src/core/paths.ts';
import { allRouteDocs } from '../../src/api/routes.ts';

/** Where the generated types live. */
export const API_TYPES_FILE = join(repoRoot, 'ui/src/lib/api-types.generated.ts');

const BANNER = `// Written by \`npm run api-types\` from the API's OpenAPI document (platform/dev/api-types/generate.ts): do not edit.
// One type per operation: <OperationId>Response (its success answer; another success status adds <OperationId>Response<status>),
// <OperationId>Body (its JSON body) and <OperationId>Query (its query, but the workspace).`;

/** The name of the one schema compiled (not itself written). */
const ROOT = 'MeetflowApi';

type SchemaObject = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: SchemaObject }>;
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<string, { content?: Record<string, { schema?: SchemaObject }> }>;
}

/** The type name an operation's answer and body are written under: `getApiOpenapi.json` → `GetApiOpenapiJson`. */
export const typeNameOf = (operationId: string) =>
  operationId.replace(/^\w/, (first) => first.toUpperCase()).replace(/\W+(\w)/g, (_, next: string) => next.toUpperCase());

/** The schema with OpenAPI's component references pointed at the definitions of the one schema compiled. */
function withDefinitionRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withDefinitionRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', '#/definitions/') : withDefinitionRefs(inner),
    ]),
  );
}

/** The JSON success answers of an operation, lowest status first. */
function successSchemas(operation: Operation): Array<{ status: string; schema: SchemaObject }> {
  return Object.keys(operation.responses ?? {})
    .filter((status) => /^2\d\d$/.test(status))
    .sort()
    .flatMap((status) => {
      const schema = operation.responses?.[status]?.content?.['application/json']?.schema;
      return schema ? [{ status, schema }] : [];
    });
}

/** The generated file's text, from the document the API serves. */
export async function apiTypesSource(): Promise<string> {
  const document = buildOpenApiDocument(allRouteDocs) as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, SchemaObject> };
  };
  const definitions: Record<string, unknown> = { ...(document.components?.schemas ?? {}) };
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const name = typeNameOf(operation.operationId);
      // The lowest success answer is <Name>Response; another (a 202 while a run goes on, say) <Name>Response<status>.
      for (const [index, { status, schema }] of successSchemas(operation).entries())
        definitions[`${name}Response${index === 0 ? '' : status}`] = schema;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) definitions[`${name}Body`] = body;
      // Its query parameters but the workspace, which the UI's client adds to every call (ui/src/lib/workspace.ts).
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.name !== 'workspace');
      if (query.length > 0)
        definitions[`${name}Query`] = {
          type: 'object',
          properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema ?? {}])),
          required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
          additionalProperties: false,
        };
    }
  }
  const sorted = Object.fromEntries(
    Object.keys(definitions)
      .sort()
      .map((name) => [name, definitions[name]]),
  );
  // A root of no properties: each definition is written as a type of its own (unreachableDefinitions).
  const root = withDefinitionRefs({ title: ROOT, type: 'object', additionalProperties: false, definitions: sorted }) as JSONSchema;
  const compiled = await compile(root, ROOT, {
    bannerComment: BANNER,
    additionalProperties: false,
    unreachableDefinitions: true,
    // A list's size limits stay in the schemas the API checks: as types, plain arrays a form can build with .map.
    ignoreMinAndMaxItems: true,
    strictIndexSignatures: true,
    declareExternallyReferenced: true,
    format: false,
  });
  // Without the root's empty interface, and the comment the compiler puts on every type saying the root references it.
  const types = compiled
    .replace(new RegExp(`export interface ${ROOT} \\{\\s*\\}\\n?`), '')
    .replace(/^ \* This (interface|type) was referenced by `\w+`'s JSON-Schema\n \* via the `definition` "[^"]+".\n/gm, '')
    .replace(/\/\*\*\n \*\/\n/g, '');
  const options = (await prettier.resolveConfig(API_TYPES_FILE)) ?? {};
  return prettier.format(types, { ...options, filepath: API_TYPES_FILE });
}

/** Writes the generated file; true when it changed. */
export async function writeApiTypes(): Promise<boolean> {
  const source = await apiTypesSource();
  let before = '';
  try {
    before = readFileSync(API_TYPES_FILE, 'utf8');
  } catch {
    // not written yet
  }
  if (before === source) return false;
  writeFileSync(API_TYPES_FILE, source);
  return true;
}
