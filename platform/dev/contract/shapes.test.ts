import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractClient } from './client.ts';
import { startContractPlatform, uniqueWorkspace, type ContractPlatform } from './harness.ts';
import { documentOperations } from './openapi-check.ts';
import { documentedRoutes, routeDoc, type RouteKey } from './routes.ts';
import { successCases, type SuccessCase } from './success-cases.ts';

// Every documented route answers a real request with a body both its zod schema and the served
// OpenAPI document accept (the client checks both).
let platform: ContractPlatform;
let client: ContractClient;
let cases: ReturnType<typeof successCases>;
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  platform = await startContractPlatform('contract-shapes', { sampleCompanies: 60 });
  client = platform.client(uniqueWorkspace('shapes'));
  cases = successCases(platform, client);
  document = platform.document;
});
afterAll(async () => platform?.close());

describe('the served OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The parser mutates what it is given; nothing external may be fetched.
    const result = await validate(structuredClone(document) as never, { resolve: { external: false } });
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
  });

  it('has an operation for every documented route, and only those', () => {
    expect(documentOperations(document).sort()).toEqual([...documentedRoutes].sort());
  });
});

describe('every documented route, answering as documented', () => {
  it('has a success case for every documented route, and only those', () => {
    expect(Object.keys(cases).sort()).toEqual([...documentedRoutes].sort());
  });

  // The cases run in their own order (each builds on the ones before), named by route.
  for (const route of Object.keys(successCases({} as ContractPlatform, {} as ContractClient))) {
    it(route, async () => {
      const answer = await (cases[route as keyof typeof cases] as SuccessCase)();
      expect(answer.route).toBe(route);
      // A success is a 2xx; a route whose documented answer is a redirect (the OAuth callback's 302) succeeds with it.
      const redirects = Object.keys(routeDoc(route as RouteKey).responses).some((status) => /^3\d\d$/.test(status));
      expect(answer.status, `${answer.status}: ${answer.text}`).toBeLessThan(redirects ? 400 : 300);
    });
  }
});
