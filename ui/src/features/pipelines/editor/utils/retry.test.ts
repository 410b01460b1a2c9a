import { describe, expect, it } from 'vitest';
import type { PipelineNode } from '../../api/types.ts';
import { durationSetting, numberSetting, withRetry } from './retry.ts';

const NODE: PipelineNode = { id: 'score', activity: 'lead-scoring.scoreProspect', input: {} };

describe('withRetry', () => {
  it('sets one retry setting and keeps the others', () => {
    const once = withRetry(NODE, 'maximumAttempts', 3);
    expect(once.retry).toEqual({ maximumAttempts: 3 });
    expect(withRetry(once, 'initialInterval', '2 seconds').retry).toEqual({ maximumAttempts: 3, initialInterval: '2 seconds' });
  });

  it('drops an emptied setting, and the retry settings once none is left', () => {
    const both = { ...NODE, retry: { maximumAttempts: 3, backoffCoefficient: 1.5 } };
    expect(withRetry(both, 'maximumAttempts', undefined).retry).toEqual({ backoffCoefficient: 1.5 });
    expect(withRetry(withRetry(both, 'maximumAttempts', undefined), 'backoffCoefficient', undefined)).toEqual(NODE);
  });

  it('leaves the node it was given as it was', () => {
    const node = { ...NODE, retry: { maximumAttempts: 3 } };
    withRetry(node, 'maximumAttempts', undefined);
    expect(node.retry).toEqual({ maximumAttempts: 3 });
  });
});

describe('numberSetting / durationSetting', () => {
  it('reads an empty field as the default', () => {
    expect(numberSetting('  ')).toBeUndefined();
    expect(durationSetting('')).toBeUndefined();
  });

  it('keeps what was typed, for the platform to check', () => {
    expect(numberSetting('0')).toBe(0);
    expect(numberSetting('2.5')).toBe(2.5);
    expect(durationSetting('30 seconds')).toBe('30 seconds');
    expect(durationSetting('soon')).toBe('soon');
  });
});
