import { withWorkspace } from './workspace.ts';

/** Raised for any non-2xx answer the caller did not accept (spec section 8). */
export class ApiError extends Error {
  /** HTTP status of the failed response, for callers that branch on it (e.g. 401). */
  readonly status: number;
  /** What the API said, without the status: its plain-text body, or the `error` of its JSON one. */
  readonly text: string;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
  }
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

/** The readable part of an error body: the API answers JSON clients `{ error, fields }`, others plain text. */
function errorText(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') return parsed.error;
  } catch {
    // Not JSON: the body is the message.
  }
  return body;
}

/**
 * Calls the API with the session cookie, in the current workspace (see lib/workspace.ts), and
 * returns the parsed JSON body. Any other
 * non-2xx answer throws an {@link ApiError} whose message is `${status}: ${body || statusText}`.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
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
    throw new ApiError(response.status, errorText(text) || response.statusText);
  }
  // The cast is the trust boundary: response shapes are owned by the API contract.
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
