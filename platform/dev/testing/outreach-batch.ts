import { ENROLL_ACTIVITY } from '../../src/features/email/sequences/enrollment.ts';

/**
 * A batch of `count` prospects through score → write (every email due at once: cadence 0/0/0) →
 * enrol (in the workspace the batch is started in), each prospect at a company domain of its own, in a sequence of the
 * three emails the outreach agent writes, or of its first `steps`. In review mode (a new
 * workspace's) each prospect ends with its first email waiting for review; in autonomous mode the
 * sequences send their emails at once, within the workspace's guardrails.
 */
export function outreachBatch(count: number, steps?: 1 | 2 | 3) {
  const definition = {
    id: 'outreach-batch',
    name: 'Outreach batch',
    nodes: [
      {
        id: 'score',
        activity: 'lead-scoring.scoreProspect',
        timeout: '5 seconds',
        input: { prospect: '{{ input.prospect }}', icp: '{{ input.icp }}' },
      },
      {
        id: 'copy',
        activity: 'outreach.writeSequence',
        timeout: '5 seconds',
        input: {
          prospect: '{{ input.contact }}',
          research: { facts: [] },
          offer: {
            companyName: 'Meetflow',
            oneLiner: 'books qualified meetings',
            valueProps: [
              { pain: 'manual prospect research', value: 'your reps only talk to accounts that fit' },
              { pain: 'slow ramp for new reps', value: 'new hires have meetings in their first week' },
            ],
            personas: { titles: [] },
            callToAction: { meetingMinutes: 20 },
            senderName: 'Sam',
          },
          cadenceTiming: { step1: 0, step2: 0, step3: 0 },
        },
      },
      {
        id: 'enrol',
        activity: ENROLL_ACTIVITY,
        timeout: '5 seconds',
        input: {
          prospectId: '{{ input.prospectId }}',
          email: '{{ input.contact.email }}',
          sequence: steps ? Array.from({ length: steps }, (_, index) => `{{ copy.sequence.${index} }}`) : '{{ copy.sequence }}',
        },
      },
    ],
    edges: [
      { from: 'score', to: 'copy' },
      { from: 'copy', to: 'enrol' },
    ],
  };
  const inputs = Array.from({ length: count }, (_, index) => ({
    prospectId: index + 1,
    prospect: { jobTitle: 'VP of Sales', company: `Company ${index}`, employeeCount: 100 },
    contact: {
      firstName: `P${index}`,
      lastName: 'Doe',
      jobTitle: 'VP of Sales',
      company: `Company ${index}`,
      email: `p${index}@company${index}.example`,
    },
    icp: { industry: ['Software'], companySize: '50-200 employees', jobTitles: ['VP of Sales'], techStack: [], painPoints: [] },
  }));
  return { definition, inputs };
}
