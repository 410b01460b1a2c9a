import { describe, expect, it } from 'vitest';
import { progressOf, stepSeconds, stepState, truncate } from './steps.ts';

describe('the workflow test steps', () => {
  it("reads each step's state, pending until the run reaches it", () => {
    expect(stepState(undefined)).toBe('pending');
    expect(stepState({ status: 'pending' })).toBe('pending');
    expect(stepState({ status: 'running' })).toBe('running');
    expect(stepState({ status: 'skipped' })).toBe('skipped');
  });

  it('fills the progress bar by the steps that have finished', () => {
    const ids = ['research', 'score', 'copy', 'outreach'];
    expect(progressOf({}, ids)).toBe(0);
    expect(progressOf({ research: { status: 'completed' }, score: { status: 'running' } }, ids)).toBe(25);
    expect(
      progressOf(
        { research: { status: 'completed' }, score: { status: 'completed' }, copy: { status: 'skipped' }, outreach: { status: 'skipped' } },
        ids,
      ),
    ).toBe(100);
    expect(progressOf({ research: { status: 'failed' } }, ids)).toBe(25);
  });

  it('measures a step from its start and end, and truncates long text', () => {
    expect(stepSeconds({ status: 'completed', startedAt: '2026-11-24T10:00:00.000Z', endedAt: '2026-11-24T10:00:02.345Z' })).toBe('2.3s');
    expect(stepSeconds({ status: 'running', startedAt: '2026-11-24T10:00:00.000Z' })).toBeUndefined();
    expect(truncate('abcdef', 3)).toBe('abc...');
    expect(truncate('abc', 3)).toBe('abc');
  });
});
