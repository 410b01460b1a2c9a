import { isDuplicateKey } from '@meetflow/plugin-sdk';
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
  // Koa's own client errors (malformed JSON, body too large) say what went wrong and expose it.
  const http = error as { status?: number; expose?: boolean; message?: string };
  if (http.expose && typeof http.status === 'number' && http.status >= 400 && http.status < 500) {
    return { status: http.status, message: http.message ?? 'Bad request' };
  }
  return { status: 500, message: 'Internal Server Error' };
}
