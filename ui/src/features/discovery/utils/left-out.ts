import type { DiscoverProspectsResponse } from '../api/types.ts';

/** Why discovery left a person out. */
export type LeftOutReason = DiscoverProspectsResponse['leftOut'][number]['reason'];
/** A person left out, as the API names them. */
export type LeftOutPerson = DiscoverProspectsResponse['leftOut'][number];

/** Each reason in words that follow a count or a name. */
export const REASON_WORDS: Record<LeftOutReason, string> = {
  outsideIndustry: "outside the ICP's industries",
  inCrm: 'customers or open deals in the connected CRM',
  alreadyProspect: 'already in this workspace',
  suppressed: 'suppressed (unsubscribed or bounced)',
  contactedRecently: 'emailed in the last 90 days',
  noEmail: 'without an email address',
};

/** The people left out across answers, by reason (in REASON_WORDS order), each with its full count and the people named. */
export function leftOutGroups(
  answers: readonly DiscoverProspectsResponse[],
): Array<{ reason: LeftOutReason; count: number; people: LeftOutPerson[] }> {
  return (Object.keys(REASON_WORDS) as LeftOutReason[])
    .map((reason) => ({
      reason,
      count: answers.reduce((sum, answer) => sum + answer.excluded[reason], 0),
      people: answers.flatMap((answer) => answer.leftOut.filter((person) => person.reason === reason)),
    }))
    .filter((group) => group.count > 0);
}
