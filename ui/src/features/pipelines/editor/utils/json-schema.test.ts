import { describe, expect, it } from 'vitest';
import { enumValues, typesFit, typesOf, typeText } from './json-schema.ts';

describe('typesOf', () => {
  it('reads a type, a list of types, an enum and a union', () => {
    expect(typesOf({ type: 'string' })).toEqual(['string']);
    expect(typesOf({ type: ['string', 'null'] })).toEqual(['string', 'null']);
    expect(typesOf({ enum: ['High', 'Low'] })).toEqual(['string']);
    expect(typesOf({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).toEqual(['integer', 'null']);
  });

  it('says nothing of a schema that admits anything', () => {
    expect(typesOf({})).toBeNull();
    expect(typesOf({ anyOf: [{ type: 'string' }, {}] })).toBeNull();
  });
});

describe('typesFit', () => {
  it('mixes integers and numbers and lets unknown types pass', () => {
    expect(typesFit(['integer'], ['number'])).toBe(true);
    expect(typesFit(['string'], ['object'])).toBe(false);
    expect(typesFit(null, ['object'])).toBe(true);
  });
});

describe('enumValues', () => {
  it('reads an enum or a union of constants', () => {
    expect(enumValues({ enum: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(enumValues({ anyOf: [{ const: 1 }, { const: 2 }] })).toEqual([1, 2]);
    expect(enumValues({ type: 'string' })).toBeUndefined();
  });
});

describe('typeText', () => {
  it('joins the types, or says any', () => {
    expect(typeText(['integer', 'null'])).toBe('integer or null');
    expect(typeText(null)).toBe('any');
  });
});
