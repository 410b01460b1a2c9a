import { z } from 'zod';
import type { RouteDoc } from '../../src/core/http/route-doc.ts';
import type { OpenApiCheck } from './openapi-check.ts';
import { matchRoute, routeKey, type RouteKey } from './routes.ts';

/** One answer, already checked against its route's documentation. */
export interface ContractResponse {
  route: RouteKey;
  status: number;
  /** The body as sent; the UI shows an error as `${status}: ${text}`. */
  text: string;
  /** The parsed JSON body (undefined for text bodies). */
  body: unknown;
  headers: Headers;
}

/** What one request sends besides its method and path. */
export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own content type (a CSV upload). */
  raw?: { contentType: string; text: string };
  headers?: Record<string, string>;
  /** Act in another workspace than the client's (null: send no `workspace` at all). */
  workspace?: string | null;
  /** Send no credential (the client's API token is sent otherwise). */
  anonymous?: boolean;
}

/** Why an answer breaks its route's documentation; the message names the route and shows the body. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

const snippet = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}…` : text);

/**
 * Checks an answer against its RouteDoc: the status must be documented, a documented schema
 * must accept the body (JSON, or text for a text content type), an undocumented-schema error
 * must be one readable line of plain text, and every success must have a schema.
 */
export function checkAnswer(doc: RouteDoc, status: number, contentType: string, text: string): unknown {
  const key = routeKey(doc);
  const documented = doc.responses[status];
  if (!documented) throw new ContractViolation(`${key} answered ${status}, which its RouteDoc does not document: ${snippet(text)}`);
  if (!documented.schema) {
    if (status < 400) throw new ContractViolation(`${key} answers ${status} without a documented schema`);
    if (!contentType.startsWith('text/plain') || !text.trim() || text.includes('\n') || text === 'Internal Server Error') {
      throw new ContractViolation(`${key} answered ${status} with "${snippet(text)}" (${contentType}), not one readable line of text`);
    }
    return undefined;
  }
  const expectedType = documented.contentType ?? 'application/json';
  if (!contentType.startsWith(expectedType))
    throw new ContractViolation(`${key} answered ${status} as ${contentType}, documented as ${expectedType}: ${snippet(text)}`);
  const body: unknown = expectedType === 'application/json' ? JSON.parse(text) : text;
  const parsed = documented.schema.safeParse(body);
  if (!parsed.success) {
    throw new ContractViolation(
      `${key} answered ${status} with a body its documented schema rejects:\n${z.prettifyError(parsed.error)}\nbody: ${snippet(text)}`,
    );
  }
  return expectedType === 'application/json' ? body : undefined;
}

/**
 * An HTTP client of the running API that acts in one workspace (as its owner, with an API token) and checks every answer against
 * the route docs and, when given one, the served OpenAPI document.
 */
export class ContractClient {
  /** Every `ROUTE STATUS` this client has seen answered, e.g. `GET /api/runs/{id} 404`. */
  readonly seen = new Set<string>();

  constructor(
    readonly baseUrl: string,
    readonly workspace: string,
    private readonly documentCheck?: OpenApiCheck,
    /** The API token the client signs its requests with (an owner's of its workspace), fetched when first needed. */
    private readonly credential?: () => Promise<string>,
  ) {}

  /** Sends one request; throws a ContractViolation when the answer breaks the docs. */
  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: RequestOptions = {},
  ): Promise<ContractResponse> {
    const doc = matchRoute(method, path);
    if (!doc) throw new ContractViolation(`No RouteDoc describes ${method} ${path}`);
    const url = new URL(path, this.baseUrl);
    const workspace = options.workspace === undefined ? this.workspace : options.workspace;
    if (workspace !== null) url.searchParams.set('workspace', workspace);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { ...options.headers };
    if (this.credential && !options.anonymous) headers.authorization ??= `Bearer ${await this.credential()}`;
    let body: string | undefined;
    if (options.raw) [headers['content-type'], body] = [options.raw.contentType, options.raw.text];
    else if (options.body !== undefined) [headers['content-type'], body] = ['application/json', JSON.stringify(options.body)];
    // A redirect (the OAuth callback's 302) is the route's answer, checked as such, not followed.
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const parsed = checkAnswer(doc, response.status, response.headers.get('content-type') ?? '', text);
    const answer: ContractResponse = { route: routeKey(doc), status: response.status, text, body: parsed, headers: response.headers };
    const problem = this.documentCheck?.(answer);
    if (problem) throw new ContractViolation(problem);
    this.seen.add(`${answer.route} ${answer.status}`);
    return answer;
  }

  /** GET, checked. */
  get(path: string, options?: RequestOptions): Promise<ContractResponse> {
    return this.request('GET', path, options);
  }

  /** POST with a JSON body, checked. */
  post(path: string, body?: unknown, options?: RequestOptions): Promise<ContractResponse> {
    return this.request('POST', path, { ...options, body });
  }

  /** PUT with a JSON body, checked. */
  put(path: string, body?: unknown, options?: RequestOptions): Promise<ContractResponse> {
    return this.request('PUT', path, { ...options, body });
  }

  /** PATCH with a JSON body, checked. */
  patch(path: string, body?: unknown, options?: RequestOptions): Promise<ContractResponse> {
    return this.request('PATCH', path, { ...options, body });
  }

  /** DELETE, checked. */
  delete(path: string, options?: RequestOptions): Promise<ContractResponse> {
    return this.request('DELETE', path, options);
  }
}

/** The JSON body of a success, typed for the test reading it (the client already checked it against the docs). */
export function bodyOf<T>(response: ContractResponse): T {
  if (response.status >= 300) throw new Error(`${response.route} answered ${response.status}: ${response.text}`);
  return response.body as T;
}
