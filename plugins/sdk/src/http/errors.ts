import type { HttpErrorCode } from '../deps.ts';

/** A failed guarded request: `code` says why; `systemCode` keeps the socket's own code (ENOTFOUND, ECONNREFUSED…). */
export class GuardedHttpError extends Error {
  override name = 'GuardedHttpError';

  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly systemCode?: string,
  ) {
    super(message);
  }
}

/** The HttpErrorCode of an error thrown by any HttpClient (test doubles included), if it has one. */
export function httpErrorCode(error: unknown): HttpErrorCode | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && HTTP_ERROR_CODES.has(code) ? (code as HttpErrorCode) : undefined;
}

const HTTP_ERROR_CODES: ReadonlySet<string> = new Set<HttpErrorCode>([
  'BLOCKED_ADDRESS',
  'INVALID_URL',
  'TIMEOUT',
  'TOO_LARGE',
  'TOO_MANY_REDIRECTS',
  'UNSUPPORTED_CONTENT',
  'NETWORK',
  'ROBOTS_DISALLOWED',
]);
