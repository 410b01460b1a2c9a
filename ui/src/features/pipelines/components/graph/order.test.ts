import { describe, expect, it } from 'vitest';
import { listed, pipelineOrder, stepsBefore } from './order.ts';

const node = (id: string) => ({ id, activity: 'a.b', input: {} });

describe('pipelineOrder', () => {
  it('puts each step after the steps it runs after, whatever order the definition lists them in', () => {
    const definition = {
      nodes: [node('copy'), node('enrol'), node('research'), node('score')],
      edges: [
        { from: 'score', to: 'copy' },
        { from: 'research', to: 'score' },
        { from: 'copy', to: 'enrol' },
      ],
    };
    expect(pipelineOrder(definition)).toEqual(['research', 'score', 'copy', 'enrol']);
  });

  it("keeps the definition's order among steps free to run at the same time", () => {
    const definition = {
      nodes: [node('b'), node('start'), node('a'), node('alone')],
      edges: [
        { from: 'start', to: 'b' },
        { from: 'start', to: 'a' },
      ],
    };
    expect(pipelineOrder(definition)).toEqual(['start', 'b', 'a', 'alone']);
  });

  it('puts steps of a loop last, in the definition order, and ignores edges to unknown steps', () => {
    const definition = {
      nodes: [node('x'), node('y'), node('z')],
      edges: [
        { from: 'x', to: 'y' },
        { from: 'y', to: 'x' },
        { from: 'gone', to: 'z' },
      ],
    };
    expect(pipelineOrder(definition)).toEqual(['z', 'x', 'y']);
  });
});

describe('stepsBefore / listed', () => {
  it("names the steps a step runs after, in the pipeline's order", () => {
    const definition = {
      nodes: [node('join'), node('b'), node('a')],
      edges: [
        { from: 'b', to: 'join' },
        { from: 'a', to: 'join' },
        { from: 'a', to: 'b' },
      ],
    };
    expect(stepsBefore(definition, 'join')).toEqual(['a', 'b']);
    expect(stepsBefore(definition, 'a')).toEqual([]);
  });

  it('joins names as a sentence does', () => {
    expect(listed([])).toBe('');
    expect(listed(['a'])).toBe('a');
    expect(listed(['a', 'b'])).toBe('a and b');
    expect(listed(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
