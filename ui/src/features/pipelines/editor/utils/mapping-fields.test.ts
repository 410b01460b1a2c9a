import { describe, expect, it } from 'vitest';
import { mappingFields } from './mapping-fields.ts';

// Shaped like outreach.writeSequence's input as GET /api/plugins gives it (zod's JSON Schema).
const INPUT = {
  type: 'object',
  properties: {
    scoring: {
      type: 'object',
      properties: {
        totalScore: { type: 'number' },
        priority: { type: 'string' },
        extra: { type: 'object', properties: { a: { type: 'string' } } },
      },
      required: ['totalScore', 'priority'],
    },
    tone: { type: 'string', enum: ['formal', 'plain'] },
    employees: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    sample: { type: 'boolean', description: 'Marks sample data.' },
    facts: { type: 'array', items: { type: 'string' } },
    signature: { type: ['string', 'null'] },
  },
  required: ['scoring'],
};

describe('mappingFields', () => {
  const fields = mappingFields(INPUT);

  it('gives one field per property, with the control its constant needs', () => {
    expect(fields.map((field) => [field.path, field.kind, field.required])).toEqual([
      ['scoring', 'object', true],
      ['tone', 'enum', false],
      ['employees', 'integer', false],
      ['sample', 'boolean', false],
      ['facts', 'json', false],
      ['signature', 'string', false],
    ]);
    expect(fields[1]!.options).toEqual(['formal', 'plain']);
    expect(fields[2]!.typeText).toBe('integer or null');
    expect(fields[3]!.description).toBe('Marks sample data.');
  });

  it('opens an object one level down; deeper objects are JSON', () => {
    expect(fields[0]!.fields.map((field) => [field.path, field.kind, field.required])).toEqual([
      ['scoring.totalScore', 'number', true],
      ['scoring.priority', 'string', true],
      ['scoring.extra', 'json', false],
    ]);
  });

  it('has no fields for a schema without properties', () => {
    expect(mappingFields({ type: 'object' })).toEqual([]);
    expect(mappingFields(undefined)).toEqual([]);
  });
});
