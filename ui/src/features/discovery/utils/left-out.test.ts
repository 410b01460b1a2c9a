import { describe, expect, it } from 'vitest';
import type { DiscoverProspectsResponse } from '../api/types.ts';
import { leftOutGroups } from './left-out.ts';

const answer = (excluded: Partial<DiscoverProspectsResponse['excluded']>, leftOut: DiscoverProspectsResponse['leftOut']) =>
  ({
    excluded: { outsideIndustry: 0, inCrm: 0, alreadyProspect: 0, suppressed: 0, contactedRecently: 0, noEmail: 0, ...excluded },
    leftOut,
  }) as DiscoverProspectsResponse;

describe('the people discovery left out', () => {
  it('adds up the answers of a campaign by reason, in a fixed order, naming those the API named and dropping empty reasons', () => {
    const groups = leftOutGroups([
      answer({ alreadyProspect: 3, outsideIndustry: 1 }, [
        { name: 'Ada Lane', company: 'Acme', email: 'ada@acme.example', industry: 'Retail', reason: 'outsideIndustry' },
      ]),
      answer({ alreadyProspect: 2 }, [
        { name: 'Bo Chen', company: 'Quotewell', email: 'bo@quotewell.example', industry: null, reason: 'alreadyProspect' },
      ]),
    ]);
    expect(groups.map(({ reason, count, people }) => [reason, count, people.map((person) => person.name)])).toEqual([
      ['outsideIndustry', 1, ['Ada Lane']],
      ['alreadyProspect', 5, ['Bo Chen']],
    ]);
  });
});
