import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { campaignsRouteDocs } from '../campaigns/routes.ts';
import { campaignSelectionRouteDocs } from '../campaigns/selection-routes.ts';
import { prospectPipelineRouteDocs } from './pipeline-routes.ts';
import { buildOpenApiDocument } from '../../../core/http/openapi.ts';
import { prospectsRouteDocs } from './routes.ts';
import { templatesRouteDocs } from '../../email/templates/routes.ts';

describe('RouteDocs of prospects, campaigns and templates', () => {
  it("build a valid OpenAPI document with the routes' own parameters and bodies", async () => {
    const document = buildOpenApiDocument([
      ...prospectPipelineRouteDocs,
      ...prospectsRouteDocs,
      ...campaignsRouteDocs,
      ...campaignSelectionRouteDocs,
      ...templatesRouteDocs,
    ]);
    const result = await validate(structuredClone(document) as never, { resolve: { external: false } });
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
    const list = document.paths?.['/api/prospects']?.get;
    expect(list?.parameters?.map((parameter) => ('name' in parameter ? parameter.name : ''))).toEqual([
      'workspace',
      'search',
      'industry',
      'minScore',
      'maxScore',
      'source',
      'campaign',
      'status',
      'sequence',
      'sort',
      'order',
      'limit',
      'offset',
    ]);
    expect(Object.keys(document.paths ?? {})).toEqual([
      '/api/prospects/filters',
      '/api/prospects/states',
      '/api/prospects/export.csv',
      '/api/prospects/sequences/stop',
      '/api/prospects',
      '/api/prospects/{id}',
      '/api/campaigns',
      '/api/campaigns/launch',
      '/api/campaigns/{id}',
      '/api/campaigns/{id}/prospects',
      '/api/campaigns/{id}/runs',
      '/api/templates',
    ]);
    expect(
      Object.keys(document.paths?.['/api/campaigns/{id}'] ?? {})
        .filter((key) => key !== 'parameters')
        .sort(),
    ).toEqual(['get', 'patch']);
    expect(
      Object.keys(document.paths?.['/api/campaigns/{id}/prospects'] ?? {})
        .filter((key) => key !== 'parameters')
        .sort(),
    ).toEqual(['get', 'post']);
    expect(document.paths?.['/api/prospects']?.post?.requestBody).toMatchObject({ required: true });
  });
});
