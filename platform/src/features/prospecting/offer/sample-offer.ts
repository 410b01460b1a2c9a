import type { OfferInput } from '@meetflow/plugin-sdk/contracts/offer';

/**
 * The demo workspace's offer, filled by the first-start seed so its sample prospects get copy
 * at once: a fictional seller of CRM data tooling (the sample customer sites are sales and
 * manufacturing teams). Marked `sample`, which the Company & offer form shows; saving the form
 * makes it the workspace's own.
 */
export const SAMPLE_OFFER: OfferInput = {
  companyName: 'Brightline Data',
  website: 'https://brightline-data.example/',
  oneLiner: 'keeps your CRM clean and enriched without manual data entry',
  valueProps: [
    { pain: 'manual CRM data entry', value: 'your reps spend their hours selling instead of typing' },
    { pain: 'stale contact data', value: 'every sequence reaches a real inbox' },
    { pain: 'slow lead routing', value: 'new leads reach the right rep within minutes' },
  ],
  proofPoints: [
    {
      text: 'Harbor Freightworks cut CRM admin time by a third in one quarter.',
      customer: 'Harbor Freightworks',
      result: 'CRM admin time down a third',
    },
  ],
  personas: { titles: ['VP of Sales', 'Head of Revenue Operations', 'Sales Director'], seniority: ['VP', 'Director'] },
  tone: 'plain',
  callToAction: { meetingMinutes: 20 },
  senderName: 'Alex Morgan',
  senderTitle: 'Account Executive',
  sample: true,
};
