import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/core/http/openapi.ts';
import { repoRoot } from '../../src/core/paths.ts';
import { allRouteDocs } from '../../src/api/routes.ts';
import { API_TYPES_FILE, apiTypesSource, typeNameOf } from './generate.ts';

describe("the UI's API types", () => {
  it('are what the OpenAPI document says today (npm run api-types rewrites them)', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const generated = await apiTypesSource();
    // A route's answer or body changed: the UI's types must change with it, and tsc then names every screen that no longer fits.
    expect(committed === generated, `${relative(repoRoot, API_TYPES_FILE)} is out of date: run \`npm run api-types\``).toBe(true);
  });

  it('name every JSON answer of every operation, by its operation id', async () => {
    const generated = await apiTypesSource();
    const document = buildOpenApiDocument(allRouteDocs) as unknown as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: object }> }>>;
    };
    const answering = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .filter((operation) =>
        Object.entries(operation.responses).some(
          ([status, response]) => status.startsWith('2') && response.content && 'application/json' in response.content,
        ),
      )
      .map((operation) => `${typeNameOf(operation.operationId)}Response`);
    expect(answering.length).toBeGreaterThan(50);
    expect(answering.filter((name) => !new RegExp(`export (interface|type) ${name}\\b`).test(generated))).toEqual([]);
  });
});
