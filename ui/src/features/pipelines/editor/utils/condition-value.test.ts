import { describe, expect, it } from 'vitest';
import { conditionValueText, parseConditionValue } from './condition-value.ts';

describe('parseConditionValue', () => {
  it('reads numbers for numeric paths and operators', () => {
    expect(parseConditionValue('70', 'gte', ['integer'])).toEqual({ value: 70 });
    expect(parseConditionValue('70', 'eq', ['integer'])).toEqual({ value: 70 });
    expect(parseConditionValue('high', 'gt', null)).toEqual({ error: 'Write a number' });
  });

  it('reads booleans, text and lists', () => {
    expect(parseConditionValue('true', 'eq', ['boolean'])).toEqual({ value: true });
    expect(parseConditionValue('High', 'eq', ['string'])).toEqual({ value: 'High' });
    expect(parseConditionValue('["High","Medium"]', 'in', ['string'])).toEqual({ value: ['High', 'Medium'] });
    expect(parseConditionValue('High', 'in', ['string'])).toHaveProperty('error');
  });

  it('takes JSON when the type is unknown, else the text', () => {
    expect(parseConditionValue('12', 'eq', null)).toEqual({ value: 12 });
    expect(parseConditionValue('plain words', 'eq', null)).toEqual({ value: 'plain words' });
  });
});

describe('conditionValueText', () => {
  it('shows text as it is and the rest as JSON', () => {
    expect(conditionValueText('High')).toBe('High');
    expect(conditionValueText(['a'])).toBe('["a"]');
    expect(conditionValueText(undefined)).toBe('');
  });
});
