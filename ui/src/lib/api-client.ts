/** Raised for any non-2xx answer the caller did not accept (spec section 8). */
export class ApiError extends Error {
  /** HTTP status of the failed response, for callers that branch on it (e.g. 401). */
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
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

/**
 * Calls the API with the session cookie and returns the parsed JSON body. Any other
 * non-2xx answer throws an {@link ApiError} whose message is `${status}: ${body || statusText}`.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, acceptStatuses = [], signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? null : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  if (!response.ok && !acceptStatuses.includes(response.status)) {
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  // The cast is the trust boundary: response shapes are owned by the API contract.
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
