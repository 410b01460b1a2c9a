// A battery of GENERATED offers for the copy eval: built by code from phrases in every
// grammatical form a user may type (noun phrases, gerunds, clauses, verb phrases with and
// without subject, with and without articles, capitalised or not, with and without a final
// full stop), so the writer is measured on offers phrased unlike the sample offer. They are
// generated, not collected from users: the battery shows the writer's grammar holds across
// forms, not what real sellers write.
import type { OfferInput } from '@meetflow/plugin-outreach';

const PAINS = [
  'month-end close takes too long',
  'manual invoice matching',
  'Chasing invoices by hand.',
  'an unpredictable pipeline',
  'Invoices pile up every month',
  'spending hours on data entry',
  'the sales team misses its targets.',
  'Stale CRM data',
  'reconcile bank feeds by hand',
  'HubSpot data goes stale',
  'too many spreadsheets',
  'Reps waste hours on research.',
  'slow approvals',
  'onboarding new reps takes months',
];
const VALUES = [
  'closes the books in three days instead of ten',
  'finance teams close the month in days',
  'a faster month-end close',
  'Cuts close time in half.',
  'close the books faster',
  'Your reps spend their hours selling.',
  'every invoice matches its payment',
  'Fewer manual hours.',
  'closing the books in days',
  'keeps every record up to date',
  'new reps book meetings in their first week',
  'clean data in every account',
];
const ONE_LINERS = [
  'reconciles invoices, payments and bank feeds automatically, so finance teams close the month in days',
  'keeps your CRM clean and enriched without manual data entry',
  '{company} reconciles invoices automatically.',
  'We automate accounts payable for mid-size companies',
  'AI bookkeeping for finance teams',
  'automating the month-end close',
  'books qualified meetings with your ideal customers',
  'Reconcile every transaction in one place.',
];
const PROOFS = [
  { text: 'Harbor Freightworks cut its close time in half in one quarter.', customer: 'Harbor Freightworks' },
  { text: 'a 40% faster close at Kestrel Precision', customer: 'Kestrel Precision' },
  { text: 'Quotewell closes its books in four days now' },
];
const COMPANIES = ['Tallyline', 'Ledgerly', 'Closewise', 'Northbeam', 'Paysight', 'Reconcilio'];
const TITLES = [['Controller', 'CFO'], ['VP of Sales', 'Head of Revenue Operations'], ['Head of Finance'], ['Sales Director', 'VP Sales']];

/** How many offers the battery holds. */
export const BATTERY_SIZE = 60;

/**
 * The index-th generated offer: three value props whose pains and values walk the phrase lists
 * at different strides, so every form meets every other form and every frame.
 */
export function generatedOffer(index: number): OfferInput {
  const companyName = COMPANIES[index % COMPANIES.length]!;
  const prop = (slot: number) => ({
    pain: PAINS[(index * 3 + slot * 5) % PAINS.length]!,
    value: VALUES[(index * 5 + slot * 7) % VALUES.length]!,
  });
  const proof = PROOFS[index % PROOFS.length]!;
  return {
    companyName,
    oneLiner: ONE_LINERS[index % ONE_LINERS.length]!.replace('{company}', companyName),
    valueProps: [prop(0), prop(1), prop(2)].slice(0, 2 + (index % 2)),
    proofPoints: index % 4 === 3 ? [] : [proof],
    personas: { titles: TITLES[index % TITLES.length]! },
    tone: index % 5 === 4 ? 'formal' : 'plain',
    callToAction: { meetingMinutes: [15, 20, 30][index % 3]! },
    senderName: 'Robin Vale',
    senderTitle: 'Account Executive',
  };
}

/** The battery: BATTERY_SIZE generated offers. */
export const generatedOffers = (): OfferInput[] => Array.from({ length: BATTERY_SIZE }, (_, index) => generatedOffer(index));
