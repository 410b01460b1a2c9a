import { describe, expect, it } from 'vitest';
import { agentLabel, STATUS_DOT } from './agent-status.ts';

describe('agent status display', () => {
  it('shows hyphens as spaces', () => {
    expect(agentLabel('meeting-booking')).toBe('meeting booking');
    expect(agentLabel('ppm-pricing')).toBe('ppm pricing');
    expect(agentLabel('research')).toBe('research');
  });

  it('gives each status its own colour, and only analyzing a pulse', () => {
    const colours = Object.values(STATUS_DOT).map((classes) => classes.split(' ')[0]);
    expect(new Set(colours).size).toBe(4);
    expect(
      Object.entries(STATUS_DOT)
        .filter(([, classes]) => classes.includes('animate-pulse'))
        .map(([status]) => status),
    ).toEqual(['analyzing']);
  });
});
