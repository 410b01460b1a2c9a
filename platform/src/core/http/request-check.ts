import type { Context } from 'koa';
import { z } from 'zod';
import { InputError } from '../errors.ts';
import type { RouteDoc } from './route-doc.ts';
import { WorkspaceQuery } from './workspace.ts';

const NO_QUERY = z.object({});

/**
 * The query a route takes: what its doc declares and, on every route, `?workspace=<slug>`, so a
 * client may name its workspace on every call (the UI does; a script sets it once). A route
 * acting in a workspace declares it itself (WorkspaceQuery); on a route answering the same in
 * every workspace the access check still reads it, for the caller's role there; on a public or
 * signed-in route it is ignored. Both the check and the OpenAPI document use this schema.
 */
export function acceptedQuery(doc: Pick<RouteDoc, 'query' | 'access'>): z.ZodObject {
  const declared = doc.query ?? NO_QUERY;
  if (Object.hasOwn(declared.shape, 'workspace')) return declared;
  const description =
    doc.access === 'public' || doc.access === 'signed-in'
      ? 'Accepted on every route, ignored here: this route acts in no workspace'
      : "A workspace of the caller's, who must be a member (default: their first, or the API token's own); the answer is the same in every workspace";
  return declared.extend({ workspace: WorkspaceQuery.shape.workspace.meta({ description }) });
}

/** Wrappers that leave what a field takes as it is (optional, default, nullable…), down to the field's own type. */
const WRAPPERS = new Set(['optional', 'nonoptional', 'default', 'prefault', 'nullable', 'readonly', 'catch']);

/** True when a query field takes a list, so a parameter given more than once is what it expects. */
function takesList(field: z.ZodType): boolean {
  const def = field._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] };
  if (WRAPPERS.has(def.type) && def.innerType) return takesList(def.innerType);
  if (def.type === 'pipe' && def.in) return takesList(def.in);
  if (def.type === 'union' && def.options) return def.options.some(takesList);
  return def.type === 'array' || def.type === 'tuple' || def.type === 'any' || def.type === 'unknown';
}

const listed = (problems: Record<string, string>) =>
  Object.entries(problems)
    .map(([name, problem]) => `${name}: ${problem}`)
    .join('; ');

/** The two steps of a route's query check (see {@link queryCheck}). */
export interface QueryCheck {
  /** Refuses a parameter the route does not declare, a repeated one, a bracketed key (400 naming each). */
  names(ctx: Context): void;
  /** Refuses values the declared schema does not take (400 naming each); answers the parsed query. */
  values(ctx: Context): Record<string, unknown>;
}

/**
 * A route's query ({@link acceptedQuery}), applied strictly (every route's, by the access check):
 * a parameter it does not take, one given more than once where it takes one value, or a
 * bracketed key (`search[$ne]=x`, the way some frameworks spell nested objects) is a 400 naming
 * the parameter, never ignored or read as something else; then the values must pass the schema.
 */
export function queryCheck(doc: Pick<RouteDoc, 'query' | 'access'>): QueryCheck {
  const schema = acceptedQuery(doc);
  const shape: Record<string, z.ZodType> = schema.shape;
  const names = Object.keys(shape);
  const lists = new Set(names.filter((name) => takesList(shape[name]!)));
  const takes = `it takes ${names.join(', ')}`;
  const declared = (name: string) => Object.hasOwn(shape, name);
  return {
    names(ctx) {
      const found: Array<[name: string, problem: string]> = [];
      for (const [key, value] of Object.entries(ctx.query)) {
        const bracket = key.search(/[[\]]/);
        const base = bracket > 0 ? key.slice(0, bracket) : key;
        if (bracket >= 0 && declared(base)) found.push([base, `takes one plain value (${base}=…), not a bracketed key like ${key}`]);
        else if (!declared(key)) found.push([key || '(unnamed)', `not a query parameter of this route (${takes})`]);
        else if (Array.isArray(value) && !lists.has(key)) found.push([key, `given ${value.length} times, but it takes one value`]);
      }
      // fromEntries: a parameter named __proto__ is a field like any other.
      const problems = Object.fromEntries(found);
      if (found.length > 0) throw new InputError(`Invalid query: ${listed(problems)}`, problems);
    },
    values: (ctx) => schema.parse(ctx.query) as Record<string, unknown>,
  };
}

/**
 * A route that declares a body reads it as JSON: a body the app's body parser did not read as
 * JSON (sent as another content type, or with none) is a 400 saying how to send it, rather than
 * the request being read as if it had no body. A route whose doc names other content types
 * (`bodyTypes`) reads its body itself, and refuses the rest itself.
 */
export function bodyTypeCheck(doc: Pick<RouteDoc, 'body' | 'bodyTypes'>): ((ctx: Context) => void) | null {
  if (!doc.body || doc.bodyTypes) return null;
  return (ctx) => {
    const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get('transfer-encoding') !== '';
    // The body parser (app.ts) sets rawBody for each body it reads, in any JSON media type it knows.
    const readAsJson = (ctx.request as { rawBody?: string }).rawBody !== undefined;
    if (!hasBody || readAsJson) return;
    const sent = ctx.get('content-type') || 'no content type';
    throw new InputError(`The request body must be JSON: send it with Content-Type: application/json (it was sent as ${sent})`);
  };
}
