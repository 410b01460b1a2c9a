import { withWorkspace } from './workspace.ts';

/** Raised for any non-2xx answer the caller did not accept (spec section 8). */
export class ApiError extends Error {
  /** HTTP status of the failed response, for callers that branch on it (e.g. 401). */
  readonly status: number;
  /** What the API said, without the status: its plain-text body, or the `error` of its JSON one. */
  readonly text: string;
  /** Each bad field with why, when the API named them (a 400 of a form). */
  readonly fields: Record<string, string>;
  /** When a refused attempt may be tried again (a 429's `Retry-After`, in seconds), if the API said. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, text: string, fields: Record<string, string> = {}, retryAfterSeconds: number | null = null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** What to tell the user when a call failed: the API's own words (a 403's, 409's or 503's reason), else that it could not be reached. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) return error.text;
  return 'Meetflow could not be reached. Check your connection and try again.';
}

/** True when the API refused the signed-in user (their role may have changed since the page loaded). */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** Called when the API answers 401 outside /api/auth: the session is gone (it expired, or was ended elsewhere). */
let onSessionEnded: () => void = () => {};

/** Sets what the app does when a call finds the session gone (the auth feature signs the user out, which sends them to sign in). */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

/** Seconds in a `Retry-After` header, or null when it is absent or a date (the API sends seconds). */
function retryAfterOf(headers: Headers): number | null {
  const value = headers.get('retry-after');
  const seconds = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** How {@link apiRequest} sends a request and which answers it treats as success. */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON when present. */
  body?: unknown;
  /** Non-2xx statuses whose body is still the answer, e.g. 503 from /api/health. */
  acceptStatuses?: readonly number[];
  /** Lets react-query cancel the request when nobody needs it any more. */
  signal?: AbortSignal;
}

/** The readable parts of an error body: the API answers JSON clients `{ error, fields }`, others plain text. */
function errorParts(body: string): { text: string; fields: Record<string, string> } {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') {
      const fields =
        'fields' in parsed && parsed.fields && typeof parsed.fields === 'object' ? (parsed.fields as Record<string, string>) : {};
      return { text: parsed.error, fields };
    }
  } catch {
    // Not JSON: the body is the message.
  }
  return { text: body, fields: {} };
}

/** Sends one request (see {@link apiRequest}) and answers its parsed body with the response's headers. */
async function apiResponse<T>(path: string, options: ApiRequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const { method = 'GET', body, acceptStatuses = [], signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(withWorkspace(path), {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? null : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  if (!response.ok && !acceptStatuses.includes(response.status)) {
    // /api/auth answers 401 for a wrong password or nobody signed in: those are answers, not an ended session.
    if (response.status === 401 && !path.startsWith('/api/auth/')) onSessionEnded();
    const { text: message, fields } = errorParts(text);
    throw new ApiError(response.status, message || response.statusText, fields, retryAfterOf(response.headers));
  }
  // The cast is the trust boundary: response shapes are owned by the API contract.
  return { data: (text === '' ? undefined : JSON.parse(text)) as T, headers: response.headers };
}

/**
 * Calls the API with the session cookie, in the current workspace (see lib/workspace.ts), and
 * returns the parsed JSON body. Any other non-2xx answer throws an {@link ApiError} whose
 * message is `${status}: ${body || statusText}`.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).data;
}

/** A page of a list route and its total (the `X-Total-Count` header). */
export async function apiPage<T>(path: string, options: ApiRequestOptions = {}): Promise<{ items: T[]; total: number }> {
  const { data, headers } = await apiResponse<T[]>(path, options);
  return { items: data, total: Number(headers.get('x-total-count') ?? data.length) };
}
