import { describe, expect, it } from 'vitest';
import { outputPaths } from './output-paths.ts';

// Shaped like lead-scoring.scoreProspect's output.
const OUTPUT = {
  type: 'object',
  properties: {
    totalScore: { type: 'integer' },
    priority: { type: 'string', enum: ['High', 'Medium', 'Low'] },
    qualified: { type: 'boolean' },
    dimensions: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' } } } },
    signals: { type: 'object', properties: { funding: { type: ['string', 'null'] } } },
  },
};

describe('outputPaths', () => {
  it('lists the whole output, then every property with its type (arrays are read whole)', () => {
    expect(outputPaths(OUTPUT).map((path) => [path.path, path.typeText])).toEqual([
      ['', 'object'],
      ['totalScore', 'integer'],
      ['priority', 'string'],
      ['qualified', 'boolean'],
      ['dimensions', 'array'],
      ['signals', 'object'],
      ['signals.funding', 'string or null'],
    ]);
  });

  it('stops at the depth asked for', () => {
    expect(outputPaths(OUTPUT, 1).map((path) => path.path)).not.toContain('signals.funding');
  });

  it('offers the whole output of an activity whose output says nothing', () => {
    expect(outputPaths(undefined)).toEqual([{ path: '', types: null, typeText: 'any' }]);
  });
});
