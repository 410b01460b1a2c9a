import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { isGrpcServiceError, ServiceError } from '@temporalio/client';
import mongoose from 'mongoose';
import { ZodError } from 'zod';
import { InputError, isPlatformError } from '../errors.ts';

/** What the client is told about a failed request. */
export interface HttpErrorBody {
  status: number;
  /** One readable line: the UI shows it as `STATUS: message`. */
  message: string;
  /** Per-field problems, for validation errors. */
  fields?: Record<string, string>;
  /** For a dependency that is down: when to try again (Retry-After). */
  retryAfterSeconds?: number;
}

function fieldList(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
}

function duplicateKey(error: mongoose.mongo.MongoServerError): HttpErrorBody {
  // Real MongoDB sets keyValue; other servers only say it in the message ("dup key: { slug: "x" }").
  const keyValue =
    (error.keyValue as Record<string, unknown> | undefined) ??
    Object.fromEntries(
      [...(error.message.split('dup key:')[1] ?? '').matchAll(/(\w+): ("[^"]*"|[^,}\s]+)/g)].map(([, key, value]) => [
        key,
        value?.replace(/^"|"$/g, ''),
      ]),
    );
  const fields = Object.fromEntries(Object.entries(keyValue).map(([key, value]) => [key, `"${String(value)}" already exists`]));
  const message = Object.keys(fields).length ? `Conflict: ${fieldList(fields)}` : 'Conflict: a record with these values already exists';
  return { status: 409, message, fields };
}

/** Seconds a client is told to wait (Retry-After) when a dependency is down: about one restart. */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 10;

const { MongoNetworkError, MongoServerSelectionError, MongoNotConnectedError, MongoTopologyClosedError } = mongoose.mongo;

/** Whether the database did not answer (down, restarting, unreachable), as opposed to refusing a query. */
function databaseUnavailable(error: unknown): boolean {
  if (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError
  ) {
    return true;
  }
  // Mongoose holds a query while it is not connected, then gives up with this.
  return error instanceof mongoose.Error && /buffering timed out/.test(error.message);
}

// gRPC status codes meaning the server did not answer: DEADLINE_EXCEEDED, UNAVAILABLE.
const GRPC_UNANSWERED = new Set([4, 14]);

/** Whether Temporal did not answer (down, restarting, unreachable). */
function temporalUnavailable(error: unknown): boolean {
  const grpc = error instanceof ServiceError ? error.cause : error;
  return isGrpcServiceError(grpc) && GRPC_UNANSWERED.has(grpc.code);
}

/**
 * Maps any thrown value to the status and text a client may see. Business errors and
 * validation problems keep their message; anything unexpected becomes a bare 500, so
 * internals never leak.
 */
export function toHttpError(error: unknown): HttpErrorBody {
  if (isPlatformError(error)) {
    const fields = error instanceof InputError ? error.fields : undefined;
    return { status: error.status, message: error.message, ...(fields ? { fields } : {}) };
  }
  if (error instanceof ZodError) {
    const fields = Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || '(body)', issue.message]));
    return { status: 400, message: `Invalid request: ${fieldList(fields)}`, fields };
  }
  if (error instanceof mongoose.Error.ValidationError) {
    const fields = Object.fromEntries(Object.entries(error.errors).map(([path, problem]) => [path, problem.message]));
    return { status: 400, message: `Invalid request: ${fieldList(fields)}`, fields };
  }
  if (error instanceof mongoose.Error.CastError) {
    return {
      status: 400,
      message: `Invalid request: ${error.path}: not a valid ${error.kind}`,
      fields: { [error.path]: `not a valid ${error.kind}` },
    };
  }
  if (error instanceof mongoose.mongo.MongoServerError && isDuplicateKey(error)) return duplicateKey(error);
  // The routes that store a client's JSON as it is check it first (core/storable.ts); this is the net
  // for any other: the driver refuses a key holding NUL before anything is sent.
  if (error instanceof Error && error.name === 'BSONError' && /must not contain null bytes/.test(error.message)) {
    return { status: 422, message: 'The request cannot be stored: a key in it holds the NUL character (\\u0000), which no key may' };
  }
  if (databaseUnavailable(error)) {
    return {
      status: 503,
      message: 'The database is not answering: try again in a moment (GET /api/health says what is down)',
      retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS,
    };
  }
  if (temporalUnavailable(error)) {
    return {
      status: 503,
      message: 'Temporal is not answering: try again in a moment (GET /api/health says what is down)',
      retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS,
    };
  }
  // Koa's own client errors (malformed JSON, body too large) say what went wrong and expose it.
  const http = error as { status?: number; expose?: boolean; message?: string; fields?: Record<string, string> };
  if (http.expose && typeof http.status === 'number' && http.status >= 400 && http.status < 500) {
    return { status: http.status, message: http.message ?? 'Bad request', ...(http.fields ? { fields: http.fields } : {}) };
  }
  return { status: 500, message: 'Internal Server Error' };
}
