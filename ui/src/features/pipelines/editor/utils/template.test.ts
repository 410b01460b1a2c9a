import { describe, expect, it } from 'vitest';
import { referenceOf, renameReferences, templateOf, valueAt, withValueAt } from './template.ts';

describe('referenceOf / templateOf', () => {
  it('reads a whole-string reference and writes one', () => {
    expect(referenceOf('{{ score.totalScore }}')).toBe('score.totalScore');
    expect(referenceOf('{{input.prospect}}')).toBe('input.prospect');
    expect(referenceOf('Hi {{ input.name }}')).toBeUndefined();
    expect(referenceOf(42)).toBeUndefined();
    expect(templateOf('score')).toBe('{{ score }}');
  });
});

describe('withValueAt', () => {
  it('sets a nested value, creating objects on the way and keeping the rest', () => {
    const input = { prospect: '{{ input.prospect }}' };
    expect(withValueAt(input, 'scoring.totalScore', 70)).toEqual({ prospect: '{{ input.prospect }}', scoring: { totalScore: 70 } });
    expect(input).toEqual({ prospect: '{{ input.prospect }}' });
  });

  it('removes a value set to undefined', () => {
    expect(withValueAt({ a: 1, b: { c: 2, d: 3 } }, 'b.c', undefined)).toEqual({ a: 1, b: { d: 3 } });
    expect(valueAt({ b: { d: 3 } }, 'b.d')).toBe(3);
  });
});

describe('renameReferences', () => {
  it('points every reference to the renamed step at its new name', () => {
    const template = {
      scoring: '{{ score }}',
      total: '{{ score.totalScore }}',
      other: '{{ scoreboard.x }}',
      list: ['{{ score.priority }}'],
    };
    expect(renameReferences(template, 'score', 'rank')).toEqual({
      scoring: '{{ rank }}',
      total: '{{ rank.totalScore }}',
      other: '{{ scoreboard.x }}',
      list: ['{{ rank.priority }}'],
    });
  });
});
