import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client.ts';
import { applyRunEvent, isRunLive, parseRunInput, testRunRefusal, type TestRun } from './test-run.ts';

const PENDING: TestRun = {
  runId: 'run-1',
  status: 'pending',
  steps: { score: { status: 'pending', activity: 'lead-scoring.scoreProspect', attempts: 0 } },
};

describe('applyRunEvent', () => {
  it('takes the whole state from a snapshot', () => {
    const steps = { score: { status: 'running' as const, activity: 'lead-scoring.scoreProspect', attempts: 1 } };
    expect(applyRunEvent(PENDING, { type: 'snapshot', status: 'running', steps })).toEqual({ ...PENDING, status: 'running', steps });
  });

  it('replaces one step from a step event, without its node id', () => {
    const next = applyRunEvent(PENDING, {
      type: 'step',
      nodeId: 'score',
      status: 'failed',
      activity: 'lead-scoring.scoreProspect',
      attempts: 5,
      error: 'boom',
    });
    expect(next.steps).toEqual({ score: { status: 'failed', activity: 'lead-scoring.scoreProspect', attempts: 5, error: 'boom' } });
    expect(next.status).toBe('pending');
  });

  it("takes the run's status and error from a run event", () => {
    expect(applyRunEvent(PENDING, { type: 'run', status: 'failed', error: 'step "score" failed' })).toMatchObject({
      status: 'failed',
      error: 'step "score" failed',
    });
    expect(applyRunEvent(PENDING, { type: 'run', status: 'completed' })).not.toHaveProperty('error');
  });
});

describe('isRunLive', () => {
  it('is true until the run ends', () => {
    expect(['pending', 'running', 'completed', 'failed', 'cancelled'].map((status) => isRunLive(status as TestRun['status']))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('parseRunInput', () => {
  it('reads a JSON object', () => {
    expect(parseRunInput('{"prospect": {"company": "Acme"}}')).toEqual({ input: { prospect: { company: 'Acme' } } });
  });

  it('asks for an input when there is none', () => {
    expect(parseRunInput('  ')).toEqual({ error: expect.stringContaining('Paste the run input') });
  });

  it('names invalid JSON', () => {
    expect(parseRunInput('{"prospect": ')).toEqual({ error: expect.stringMatching(/^Not valid JSON: /) });
  });

  it('refuses JSON that is not an object', () => {
    for (const text of ['[1, 2]', '"text"', 'null', '3'])
      expect(parseRunInput(text)).toEqual({ error: 'The run input must be a JSON object, with one key per field the steps read' });
  });
});

describe('testRunRefusal', () => {
  it("lists a refused draft's problems", () => {
    const error = new ApiError(422, 'Invalid pipeline "x": …', { 'nodes.score.input.icp': 'is required: map it' });
    expect(testRunRefusal(error)).toEqual({
      title: 'The draft cannot run',
      text: 'Invalid pipeline "x": …',
      fields: [['nodes.score.input.icp', 'is required: map it']],
    });
    const broken = new ApiError(400, 'Invalid request: nodes.0.id: must start with a letter', { 'nodes.0.id': 'must start with a letter' });
    expect(testRunRefusal(broken)).toMatchObject({ title: 'The draft cannot run', fields: [['nodes.0.id', 'must start with a letter']] });
  });

  it('says an unknown prospect and a workspace without an ICP or offer, each with what to do', () => {
    expect(testRunRefusal(new ApiError(404, 'No prospect 9 in this workspace'))).toEqual({
      title: 'No such prospect',
      text: 'No prospect 9 in this workspace. Choose another.',
      fields: [],
    });
    expect(testRunRefusal(new ApiError(409, 'This workspace has no ICP yet: analyse 3 customer URLs in the ICP Builder first'))).toEqual({
      title: 'Nothing to build the run input from',
      text: 'This workspace has no ICP yet: analyse 3 customer URLs in the ICP Builder first. Or paste a run input instead.',
      fields: [],
    });
  });

  it('says when Meetflow could not be reached', () => {
    expect(testRunRefusal(new TypeError('Failed to fetch')).title).toBe('Meetflow could not be reached');
  });
});
