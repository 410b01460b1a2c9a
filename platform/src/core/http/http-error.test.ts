import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConflictError, InputError, NotFoundError } from '../errors.ts';
import { toHttpError } from './http-error.ts';

describe('toHttpError', () => {
  it('maps the error vocabulary to 400, 404 and 409 with the message kept', () => {
    expect(toHttpError(new InputError('Please provide at least 3 customer URLs for analysis'))).toEqual({
      status: 400,
      message: 'Please provide at least 3 customer URLs for analysis',
    });
    expect(toHttpError(new NotFoundError('Prospect 7 not found'))).toEqual({ status: 404, message: 'Prospect 7 not found' });
    expect(toHttpError(new ConflictError('Email already used'))).toEqual({ status: 409, message: 'Email already used' });
  });

  it('names each bad field of a zod error', () => {
    const result = z.object({ email: z.email(), urls: z.array(z.url()).min(3) }).safeParse({ email: 'x', urls: [] });
    const http = toHttpError(result.error);
    expect(http.status).toBe(400);
    expect(Object.keys(http.fields ?? {})).toEqual(['email', 'urls']);
    expect(http.message).toMatch(/^Invalid request: email: .+; urls: .+/);
  });

  it('reads the duplicate key from the message when the server sends no keyValue', () => {
    const error = new mongoose.mongo.MongoServerError({
      message: 'E11000 duplicate key error collection: meetflow.workspaces index: slug_1 dup key: { slug: "acme" }',
      code: 11000,
    });
    expect(toHttpError(error)).toEqual({
      status: 409,
      message: 'Conflict: slug: "acme" already exists',
      fields: { slug: '"acme" already exists' },
    });
  });

  it("answers the driver's refusal of a key holding NUL as a 422, without the key", () => {
    const refusal = (() => {
      try {
        mongoose.mongo.BSON.serialize({ ['x\u0000y']: 1 });
      } catch (error) {
        return error;
      }
      throw new Error('BSON took a key holding NUL');
    })();
    expect(toHttpError(refusal)).toEqual({ status: 422, message: expect.stringContaining('holds the NUL character') });
  });

  it('never leaks an unexpected error', () => {
    expect(toHttpError(new Error('connection string mongodb://user:secret@db'))).toEqual({ status: 500, message: 'Internal Server Error' });
    expect(toHttpError('a thrown string')).toEqual({ status: 500, message: 'Internal Server Error' });
  });

  it('keeps the message of Koa client errors it may expose', () => {
    expect(toHttpError(Object.assign(new Error('invalid JSON'), { status: 400, expose: true }))).toEqual({
      status: 400,
      message: 'invalid JSON',
    });
    expect(toHttpError(Object.assign(new Error('boom'), { status: 502, expose: false })).status).toBe(500);
  });
});
