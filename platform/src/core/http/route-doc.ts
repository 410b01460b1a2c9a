import type { z } from 'zod';
import type { Access } from '../access.ts';

/**
 * How a route describes itself for the OpenAPI document: with the same zod schemas the route
 * validates with, so the document cannot drift from the behaviour. Each is declared with its
 * handler (`route(doc, handler)` in api-route.ts); `api.ts` lists every feature's routes once.
 */
export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI style, e.g. `/api/runs/{id}`. */
  path: string;
  /** Who may call it: the permission table is these, one per route (the access check enforces them; see core/access.ts). */
  access: Access;
  summary: string;
  tags: string[];
  params?: z.ZodObject;
  /** Every query parameter the route takes besides `workspace`, which every route takes: any other, a repeated or a bracketed one is refused (request-check.ts). */
  query?: z.ZodObject;
  /** A JSON body; sent as another content type, it is refused (unless the route names `bodyTypes`). */
  body?: z.ZodType;
  /** Media types the route also reads its body in (e.g. `text/csv`): it reads its body itself, and refuses other types itself. */
  bodyTypes?: string[];
  /**
   * A public route's limit of requests per client address (IPv4, or IPv6 /64) per minute, over
   * every API process (counted in the database): past it, a 429 with Retry-After, before the
   * handler runs. For public routes that read or write on someone's behalf (a booking link reads
   * a calendar): a stranger holding one link cannot make the server hammer a provider with it.
   */
  perClientPerMinute?: number;
  /** By status code; errors are plain text (`STATUS: body` in the UI) unless a schema is given. */
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
}
