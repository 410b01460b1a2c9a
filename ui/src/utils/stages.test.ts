import { describe, expect, it } from 'vitest';
import { stagePercent, stageSegments } from './stages.ts';

const stage = { nodeId: 'research', label: 'Research', total: 3, completed: 1, failed: 0, skipped: 1 };

describe('stage bars', () => {
  it('fills a stage bar only when the stage is done', () => {
    expect(stagePercent(stage)).toBe(66);
    expect(stagePercent({ ...stage, completed: 2 })).toBe(100);
    expect(stagePercent({ ...stage, total: 0, completed: 0, skipped: 0 })).toBe(0);
  });

  it('splits the bar into what settled how, and what runs now; nothing for an empty part', () => {
    expect(stageSegments({ ...stage, total: 4, failed: 1, running: 1 })).toEqual([
      { part: 'completed', percent: 25 },
      { part: 'failed', percent: 25 },
      { part: 'skipped', percent: 25 },
      { part: 'running', percent: 25 },
    ]);
    expect(stageSegments({ ...stage, total: 4, skipped: 0 })).toEqual([{ part: 'completed', percent: 25 }]);
  });
});
