import { describe, expect, it } from 'vitest';
import { changesOf, draftProblem, withAdded, withRemoved, type CriteriaDraft } from './slice-edit.ts';

const draft: CriteriaDraft = {
  industry: ['Sales technology'],
  jobTitles: ['VP of Sales', 'Sales Development Representative'],
  techStack: ['Salesforce'],
  painPoints: [],
};

describe('editing a slice', () => {
  it('adds a trimmed value once (any case), removes one, and sends only the lists that changed', () => {
    const added = withAdded(draft, 'techStack', '  HubSpot ');
    expect(added.techStack).toEqual(['Salesforce', 'HubSpot']);
    expect(withAdded(added, 'techStack', 'hubspot')).toBe(added);
    expect(withAdded(added, 'techStack', '   ')).toBe(added);
    const pruned = withRemoved(added, 'jobTitles', 'Sales Development Representative');
    expect(changesOf(draft, pruned)).toEqual({ techStack: ['Salesforce', 'HubSpot'], jobTitles: ['VP of Sales'] });
    expect(changesOf(draft, draft)).toEqual({});
  });

  it('refuses to empty the industries or job titles, which discovery searches by', () => {
    expect(draftProblem(withRemoved(draft, 'jobTitles', 'VP of Sales'))).toBeNull();
    expect(draftProblem({ ...draft, jobTitles: [] })).toBe('Keep at least one job title: discovery searches by it.');
    expect(draftProblem({ ...draft, techStack: [] })).toBeNull();
  });
});
