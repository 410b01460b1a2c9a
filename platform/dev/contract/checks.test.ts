import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../src/core/http/openapi.ts';
import type { RouteDoc } from '../../src/core/http/route-doc.ts';
import { badStringFor, fieldsOf, namesField, wrongTypeFor } from './bad-values.ts';
import { checkAnswer, ContractViolation, type ContractResponse } from './client.ts';
import { openApiCheck } from './openapi-check.ts';
import { matchRoute } from './routes.ts';

// The contract suite's own checks must be able to fail: each is shown refusing what it must refuse.
const doc: RouteDoc = {
  method: 'get',
  path: '/api/things/{id}',
  access: 'viewer',
  summary: 'A thing',
  tags: ['test'],
  responses: { 200: { description: 'The thing', schema: z.object({ id: z.number() }) }, 404: { description: 'No such thing' } },
};
const answer = (status: number, text: string, contentType = 'application/json'): ContractResponse => ({
  route: 'GET /api/things/{id}',
  status,
  text,
  body: undefined,
  headers: new Headers({ 'content-type': contentType }),
});

describe('checkAnswer (against a RouteDoc)', () => {
  it('accepts a documented answer and refuses an undocumented status, a body off its schema, a bad error text', () => {
    expect(checkAnswer(doc, 200, 'application/json', '{"id":1}')).toEqual({ id: 1 });
    expect(checkAnswer(doc, 404, 'text/plain; charset=utf-8', 'No thing 9')).toBeUndefined();
    expect(() => checkAnswer(doc, 500, 'text/plain', 'Internal Server Error')).toThrow(ContractViolation);
    expect(() => checkAnswer(doc, 200, 'application/json', '{"id":"1"}')).toThrow(/documented schema rejects/);
    expect(() => checkAnswer(doc, 200, 'text/html', '<p>')).toThrow(/documented as application\/json/);
    expect(() => checkAnswer(doc, 404, 'application/json', '{"error":"x"}')).toThrow(/not one readable line/);
  });
});

describe('openApiCheck (against the served document)', () => {
  it('refuses a body with a key the document closes, a status or content type it does not list', () => {
    const check = openApiCheck(JSON.parse(JSON.stringify(buildOpenApiDocument([doc]))));
    expect(check(answer(200, '{"id":1}'))).toBeUndefined();
    expect(check(answer(200, '{"id":1,"extra":true}'))).toMatch(/breaks the OpenAPI document's schema/);
    expect(check(answer(409, 'Conflict', 'text/plain'))).toMatch(/no 409 answer/);
    expect(check(answer(200, 'id=1', 'text/plain'))).toMatch(/no text\/plain schema/);
  });
});

describe('routes and bad values', () => {
  it('matches literal paths before parameter ones', () => {
    expect(matchRoute('POST', '/api/prospects/import')?.path).toBe('/api/prospects/import');
    expect(matchRoute('GET', '/api/prospects/7')?.path).toBe('/api/prospects/{id}');
    expect(matchRoute('GET', '/api/no-such-route')).toBeUndefined();
  });

  it('derives values each field refuses from its documented schema, and none for a field taking anything', () => {
    const schema = z.object({
      n: z.number(),
      s: z.string().max(3),
      e: z.enum(['a']),
      p: z.string().regex(/^\d+$/),
      any: z.unknown(),
      free: z.string().optional(),
    });
    const { properties, required } = fieldsOf(schema);
    expect(required).toEqual(['n', 's', 'e', 'p', 'any']); // zod wants an unknown key present, even if undefined is all it holds
    expect(
      Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, [wrongTypeFor(field), badStringFor(field)]])),
    ).toEqual({
      n: ['not-valid-here', 'not-a-number'],
      s: [12345, 'xxxx'],
      e: [12345, 'not-an-option'],
      p: [12345, 'Not Valid!'],
      any: [undefined, undefined],
      free: [12345, undefined],
    });
    const valid = { n: 1, s: 'abc', e: 'a', p: '12', any: null };
    for (const [name, field] of Object.entries(properties)) {
      for (const bad of [wrongTypeFor(field), name === 'n' ? undefined : badStringFor(field)].filter((value) => value !== undefined)) {
        expect(
          schema.safeParse({ ...valid, [name]: bad }).error?.issues.map((issue) => issue.path),
          `${name}: ${String(bad)}`,
        ).toEqual([[name]]);
      }
    }
  });

  it('tells a named field from the same word inside a message', () => {
    expect(namesField('Invalid request: input: required; limit: too big', 'limit')).toBe(true);
    expect(namesField('Invalid request: prospectId: Invalid input: expected number', 'input')).toBe(false);
    expect(namesField('urls: must be a list of customer URLs', 'urls')).toBe(true);
  });
});
