import { describe, expect, it } from 'vitest';
import type { PipelineDefinition } from '../../api/types.ts';
import { fieldMessage, messagesAt, pipelineProblemText, placeProblem, problemPlace, problemsByNode } from './problems.ts';

const DRAFT: PipelineDefinition = {
  id: 'draft',
  name: 'Draft',
  version: 1,
  nodes: [
    { id: 'score', activity: 'lead-scoring.scoreProspect', input: {} },
    { id: 'copy', activity: 'outreach.writeSequence', input: {} },
  ],
  edges: [],
};

describe('placeProblem', () => {
  it('places a problem on a step by id, or by position for a shape problem', () => {
    expect(placeProblem(DRAFT, { at: 'nodes.copy.input.scoring.totalScore', message: 'm' })).toMatchObject({
      nodeId: 'copy',
      field: 'input.scoring.totalScore',
    });
    expect(placeProblem(DRAFT, { at: 'nodes.1.id', message: 'm' })).toMatchObject({ nodeId: 'copy', field: 'id' });
    expect(placeProblem(DRAFT, { at: 'nodes.score', message: 'm' })).toMatchObject({ nodeId: 'score', field: '' });
  });

  it('leaves problems of the whole pipeline on no step', () => {
    expect(placeProblem(DRAFT, { at: 'name', message: 'm' }).nodeId).toBeUndefined();
    expect(placeProblem(DRAFT, { at: 'edges', message: 'm' }).nodeId).toBeUndefined();
    expect(placeProblem(DRAFT, { at: 'nodes', message: 'a pipeline needs at least one step' }).nodeId).toBeUndefined();
  });
});

describe('problemsByNode / messagesAt', () => {
  it('groups by step and picks a field, worded for showing under it', () => {
    const placed = [
      { at: 'nodes.copy.input.scoring', message: 'node "copy" field "scoring" takes object, but {{ score.reasoning }} is string' },
      { at: 'nodes.copy', message: 'node "copy" is part of a cycle' },
      { at: 'name', message: 'Too small' },
    ].map((problem) => placeProblem(DRAFT, problem));
    const byNode = problemsByNode(placed);
    expect([...byNode.keys()]).toEqual(['copy']);
    expect(messagesAt(byNode.get('copy'), 'input.scoring')).toEqual(['Takes object, but {{ score.reasoning }} is string']);
    expect(messagesAt(byNode.get('copy'), '')).toEqual(['node "copy" is part of a cycle']);
  });
});

describe('fieldMessage', () => {
  it('drops the step and field a message names', () => {
    expect(fieldMessage('node "copy": unknown activity "x.y"')).toBe('Unknown activity "x.y"');
    expect(fieldMessage('node "copy" its condition "nope" is not in the output of score')).toBe('"nope" is not in the output of score');
    expect(fieldMessage('must be kebab-case')).toBe('Must be kebab-case');
    expect(fieldMessage('node "copy" field "offer" is required: map it')).toBe('Required: map it');
    expect(fieldMessage('node "score" config field "qualificationThreshold": Too big: expected number to be <=100')).toBe(
      'Too big: expected number to be <=100',
    );
    expect(fieldMessage('node "score" config field "x": is not a setting of Lead Scoring')).toBe('Not a setting of Lead Scoring');
    expect(fieldMessage('node "enrol" config: this step\'s activity is the platform\'s own')).toBe(
      "This step's activity is the platform's own",
    );
  });
});

describe('pipelineProblemText', () => {
  it('says what to do about an empty name or id, else gives the check’s words', () => {
    const blank = { id: '', name: ' ' };
    expect(pipelineProblemText({ at: 'name', message: 'Too small: expected string to have >=1 characters' }, blank)).toBe(
      'Name the pipeline',
    );
    expect(pipelineProblemText({ at: 'id', message: 'must be kebab-case' }, blank)).toMatch(/^Give the pipeline an id/);
    expect(pipelineProblemText({ at: 'id', message: 'must be kebab-case' }, { id: 'Bad Id', name: 'x' })).toBe('The id must be kebab-case');
    expect(pipelineProblemText({ at: 'nodes', message: 'a pipeline needs at least one step' }, blank)).toBe(
      'A pipeline needs at least one step',
    );
  });
});

describe('problemPlace', () => {
  it('names the step and the field', () => {
    expect(
      problemPlace({ at: 'nodes.copy.input.scoring.totalScore', message: '', nodeId: 'copy', field: 'input.scoring.totalScore' }),
    ).toBe('copy › scoring.totalScore');
    expect(problemPlace({ at: 'nodes.copy.when', message: '', nodeId: 'copy', field: 'when' })).toBe('copy › condition');
    expect(problemPlace({ at: 'nodes.copy', message: '', nodeId: 'copy', field: '' })).toBe('copy');
  });
});
