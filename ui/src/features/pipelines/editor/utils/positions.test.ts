import { describe, expect, it } from 'vitest';
import { INPUT_NODE_ID } from '../../components/graph/flow-types.ts';
import { INPUT_NODE_SIZE, layoutDefinition, STEP_NODE_SIZE } from '../../components/graph/layout.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import { initialPositions, splitPositions, stepAbove, stepsMoved, withPositions } from './positions.ts';

const SCORE = { id: 'score', activity: 'lead-scoring.scoreProspect', input: {} };
const WRITE = { id: 'write', activity: 'outreach.writeSequence', input: {} };

const definition = (nodes: PipelineDefinition['nodes']): PipelineDefinition => ({
  id: 'draft',
  name: 'Draft',
  version: 1,
  nodes,
  edges: [{ from: 'score', to: 'write' }],
});

describe('splitPositions', () => {
  it('takes the saved positions out of the steps and keeps them by step id', () => {
    const split = splitPositions(definition([{ ...SCORE, position: { x: 10, y: 20 } }, WRITE]));
    expect(split.definition).toEqual(definition([SCORE, WRITE]));
    expect(split.saved).toEqual({ score: { x: 10, y: 20 } });
  });
});

describe('initialPositions', () => {
  const draft = definition([SCORE, WRITE]);

  it('lays out a definition with no saved positions', () => {
    expect(initialPositions(draft, {})).toEqual(layoutDefinition(draft).positions);
  });

  it('puts a step at its saved position, and the run input centred above the saved first steps', () => {
    const positions = initialPositions(draft, { score: { x: 300, y: 400 } });
    expect(positions.score).toEqual({ x: 300, y: 400 });
    expect(positions.write).toEqual(layoutDefinition(draft).positions.write);
    expect(positions[INPUT_NODE_ID]).toEqual({
      x: 300 + STEP_NODE_SIZE.width / 2 - INPUT_NODE_SIZE.width / 2,
      y: 400 - 56 - INPUT_NODE_SIZE.height,
    });
  });

  it('leaves the run input where the layout puts it while a first step has no saved position', () => {
    const positions = initialPositions(draft, { write: { x: 0, y: 900 } });
    expect(positions.write).toEqual({ x: 0, y: 900 });
    expect(positions[INPUT_NODE_ID]).toEqual(layoutDefinition(draft).positions[INPUT_NODE_ID]);
  });
});

describe('withPositions', () => {
  it("gives each step its position in whole pixels, and saves nothing of the run input's", () => {
    const saved = withPositions(definition([SCORE, WRITE]), { score: { x: 10.4, y: -20.6 }, [INPUT_NODE_ID]: { x: 1, y: 2 } });
    expect(saved.nodes).toEqual([{ ...SCORE, position: { x: 10, y: -21 } }, WRITE]);
  });
});

describe('stepsMoved', () => {
  const draft = definition([SCORE, WRITE]);
  const saved = { score: { x: 10, y: 20 }, write: { x: 10, y: 200 }, [INPUT_NODE_ID]: { x: 0, y: 0 } };

  it('is false while every step sits where it was saved, to the pixel', () => {
    expect(stepsMoved(draft, { ...saved, score: { x: 10.3, y: 19.8 } }, saved)).toBe(false);
  });

  it('ignores the run input, which is not saved', () => {
    expect(stepsMoved(draft, { ...saved, [INPUT_NODE_ID]: { x: 500, y: 500 } }, saved)).toBe(false);
  });

  it('is true once a step sits somewhere else', () => {
    expect(stepsMoved(draft, { ...saved, write: { x: 60, y: 200 } }, saved)).toBe(true);
  });
});

describe('stepAbove', () => {
  const positions = { input: { x: 0, y: 0 }, research: { x: 0, y: 100 }, score: { x: 0, y: 200 }, side: { x: 400, y: 180 } };
  const steps = ['research', 'score', 'side'];

  it('is the step drawn nearest above a point: the lowest one for a step added below everything', () => {
    expect(stepAbove(steps, positions, { x: 0, y: 320 })).toBe('score');
    expect(stepAbove(steps, positions, { x: 400, y: 300 })).toBe('side');
    expect(stepAbove(steps, positions, { x: 0, y: 150 })).toBe('research');
  });

  it('is none above every step: the new step starts from the run input', () => {
    expect(stepAbove(steps, positions, { x: 0, y: 50 })).toBeNull();
    expect(stepAbove([], positions, { x: 0, y: 500 })).toBeNull();
  });
});
