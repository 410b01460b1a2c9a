/**
 * The platform's small error vocabulary. Business code throws these; one HTTP middleware maps
 * them to status codes, and their messages are written for the person reading the UI's toast.
 */
export class InputError extends Error {
  override name = 'InputError';
  readonly status = 400;
  /** Optionally, each bad field (dotted path) with what is wrong with it, for a form to show beside the field. */
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Something the request names does not exist (in this workspace). */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
  readonly status = 404;
}

/** The request clashes with what is stored (a duplicate, a stale version). */
export class ConflictError extends Error {
  override name = 'ConflictError';
  readonly status = 409;
}

/** The request needs a signed-in user (or a valid token), and has none. */
export class UnauthorizedError extends Error {
  override name = 'UnauthorizedError';
  readonly status = 401;
}

/** Signed in, but the role in this workspace does not allow the request. */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
  readonly status = 403;
}

/** Too many attempts: try again after `retryAfterSeconds` (sent as Retry-After). */
export class TooManyRequestsError extends Error {
  override name = 'TooManyRequestsError';
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A feature is off in this install until its operator configures it (the message names what to set). */
export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';
  readonly status = 503;
}

/** Any of the errors above. */
export type PlatformError =
  InputError | NotFoundError | ConflictError | UnauthorizedError | ForbiddenError | TooManyRequestsError | ServiceUnavailableError;

/** True for the errors whose message may be shown to the client as it is. */
export function isPlatformError(error: unknown): error is PlatformError {
  return (
    error instanceof InputError ||
    error instanceof NotFoundError ||
    error instanceof ConflictError ||
    error instanceof UnauthorizedError ||
    error instanceof ForbiddenError ||
    error instanceof TooManyRequestsError ||
    error instanceof ServiceUnavailableError
  );
}
