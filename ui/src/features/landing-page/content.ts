// Every text and figure of the public landing page, in one place (spec sections 1, 2 and 9).
// Only what is true of this product: each figure is one the project measured (MEASUREMENTS says
// how, and utils/content.test.ts checks README, Measured, still says it), each integration is an
// installed plugin (e2e/landing.spec.ts checks against GET /api/plugins), and prices are the
// pricing plugin's defaults. The spec's other claims (show-up rates, A/B tests a month, inbox
// placement, uptime, customer counts) were never measured here and are not shown. Testimonials,
// logos, customer figures and a "Most Popular" tier come only from the deployer
// (MEETFLOW_SOCIAL_PROOF, see api/social-proof-api.ts); by default there are none.

import { formatNumber } from '../../utils/format.ts';

/** Where the page's buttons lead; hooks/use-account-links.ts sends visitors who are not signed in through Sign In or Sign Up first. */
export const LINKS = {
  startCampaign: '/icp-builder',
  signIn: '/signin',
  openApp: '/dashboard',
  contact: 'mailto:sales@meetflow.example?subject=Meetflow%20strategy%20call',
  howItWorks: '#how-it-works',
} as const;

export const NAV_ANCHORS = [
  { label: 'Features', href: '#features' },
  { label: 'Results', href: '#results' },
  { label: 'Pricing', href: '#pricing' },
] as const;

/**
 * How each figure on the page was measured: the command that measures it, when, on what, and what
 * it does not say. `readme` is the figure's wording in README, Measured (the test holds them equal).
 */
export const MEASUREMENTS = {
  icp: {
    command: 'npm run eval -- icp',
    title: 'ICP accuracy',
    measuredOn: '2026-11-30',
    detail:
      'On 44 labelled company sites in 16 industries that a generator wrote without reading the extractors, and whose pages and misses nobody working on the extractors reads (the held-out set; its overall figures were looked at eight times while they changed): industry, size band, business tools, job titles and pains, scored per field. On the 119 sites they were developed on, 98.9%.',
  },
  copy: {
    command: 'npm run eval -- copy',
    title: 'Cited emails',
    measuredOn: '2026-11-29',
    detail:
      'The three-step sequences written for those 44 held-out sites: every email cites a fact research found on the company’s site, and a second pass of the copy lint finds no claim without one.',
  },
  batch: {
    command: 'npm run bench -- batch',
    title: '1,000 prospects end to end',
    measuredOn: '2026-11-30',
    detail:
      '1,000 sample people who fit the ICP, researched, scored, written to and enrolled in sequences, their company sites served on the same machine, on 2 cores with nothing else running. Real sites add network time. Sending then follows each mailbox’s daily cap and warm-up, which decides when the emails go out.',
  },
  agents: {
    command: 'npm run bench -- agents',
    title: 'Research and writing alone',
    measuredOn: '2026-11-30',
    detail:
      'Research of 1,000 companies from sites served on the same machine (measured 2026-11-28; 15.6 s in a quieter run), and three emails each for 1,000 prospects, copy lint and grammar check included (measured 2026-11-30).',
  },
} as const;
export type MeasurementId = keyof typeof MEASUREMENTS;

/** The anchor of a measurement's note in the Results section. */
export const measurementAnchor = (id: MeasurementId) => `measured-${id}`;

/** How long the benchmark's 1,000 prospects took from research to enrolment (50.7 s): the one time the page states. */
export const BATCH_TIME = '51 s';

/** The Results figures: each measured, `readme` its wording in README, Measured. */
export const STATS: ReadonlyArray<{ value: string; label: string; measuredBy: MeasurementId; readme: string }> = [
  { value: '92.9%', label: 'ICP accuracy per field, on held-out sites', measuredBy: 'icp', readme: '**92.9% overall**' },
  {
    value: '132 of 132',
    label: 'test emails cite a fact from the company’s site',
    measuredBy: 'copy',
    readme: '132/132 emails cite a fact',
  },
  { value: '0', label: 'unsupported claims in those emails', measuredBy: 'copy', readme: '0 unsupported claims' },
  {
    value: BATCH_TIME,
    label: '1,000 prospects researched, scored, written to and enrolled',
    measuredBy: 'batch',
    readme: '| 50.7 s (1,000 qualified and enrolled, 0 failed',
  },
  {
    value: '22.6 s',
    label: 'to research 1,000 companies',
    measuredBy: 'agents',
    readme: '| research alone, 1,000 companies from local sites | 22.6 s',
  },
  {
    value: '4.9 s',
    label: 'to write 3 emails each for 1,000 prospects',
    measuredBy: 'agents',
    readme: '| copy alone, 1,000 prospects × 3 emails, lint included | 4.9 s',
  },
];

export const HERO = {
  eyebrow: 'AI sales development, paid per attended meeting',
  title: 'Give us 3 customer URLs. Get scored prospects and personalised sequences in minutes.',
  body: 'Seven AI agents research, score, write, send and book, and you pay only for meetings that take place. Every personal claim in an email cites the page it came from.',
  measured: {
    text: `In our benchmark, 1,000 prospects went from research to enrolled sequences in ${BATCH_TIME}. Emails then go out at your mailboxes’ safe daily pace.`,
    linkText: 'How we measured it',
    measuredBy: 'batch' as MeasurementId,
  },
  offer: 'No-shows are never charged.',
} as const;

/** The three pricing tiers of spec section 9: the pricing plugin's default base price per attended meeting, by company headcount. */
export const PRICING_TIERS = [
  { tier: 'volume', name: 'Volume Slice', basePrice: 25, profile: 'Companies under 50 employees' },
  { tier: 'standard', name: 'Standard Slice', basePrice: 30, profile: 'Companies of 50 to 199 employees' },
  { tier: 'premium', name: 'Premium Slice', basePrice: 50, profile: 'Companies of 200 employees or more' },
] as const;
export type PricingTier = (typeof PRICING_TIERS)[number];

/** A slice's default cap as a multiple of its base price (the pricing plugin's `capMultiple`); its floor is the base price. */
export const PRICE_CAP_MULTIPLE = 4;

/** "$25": a whole-dollar price. */
export const dollars = (value: number) => `$${formatNumber(value, 0)}`;

/** "$25, $30 or $50": the tiers' base prices. */
const basePrices = PRICING_TIERS.map((tier) => dollars(tier.basePrice));
export const TIER_PRICES = `${basePrices.slice(0, -1).join(', ')} or ${basePrices.at(-1)}`;

/** The badge of the tier the deployer says most buyers choose (social proof: never shown by default). */
export const MOST_POPULAR = 'Most Popular';

/** What each tier's card lists: true of every tier, since a tier is a price, not a plan. */
export function tierFeatures(tier: PricingTier): string[] {
  return [
    `The price moves between ${dollars(tier.basePrice)} and ${dollars(tier.basePrice * PRICE_CAP_MULTIPLE)} with the slice’s measured quality and show-up rate`,
    'No-shows are never charged',
    'Every agent and feature included',
  ];
}

export const PRICING = {
  title: 'Pay per attended meeting',
  intro:
    'Each meeting is priced by the size of the prospect’s company. A slice starts at its base price; your bid multiplier scales it, and the slice’s measured quality and show-up rate move it.',
  priceUnit: 'per attended meeting, at the default bid',
} as const;

export const PRICING_NOTES = [
  'You are charged when a booked meeting is marked attended; a no-show is recorded and never charged.',
  'A meeting is priced in the slice of its company’s headcount; one whose size is unknown is not charged.',
  'A no-show lowers the slice’s show-up estimate, which raises its price per attended meeting, so a booked meeting costs about the same on average.',
  'Charges are kept in your billing ledger (PPM Marketplace, Billing); no payment provider is connected yet.',
] as const;

export const COST_COMPARISON = {
  title: 'What a qualified meeting costs',
  intro: 'What you pay for, side by side.',
  rows: [
    { label: 'What you pay for', traditional: 'Salaries and tools, every month', meetflow: 'Each meeting that takes place' },
    {
      label: 'Price of a meeting',
      traditional: 'Your team’s cost, divided by the meetings it books',
      meetflow: `Set by company size: ${TIER_PRICES} at the default bid`,
    },
    {
      label: 'Meeting quality',
      traditional: 'Each rep’s judgement',
      meetflow: 'Every prospect scored against your ICP, with reasons; 70 qualifies by default',
    },
    { label: 'No-shows', traditional: 'Paid for anyway', meetflow: 'Never charged' },
  ],
} as const;

export const AGENTS = [
  { name: 'Prospect research', does: 'Reads each company’s own site; every fact it keeps names the sentence and page it came from.' },
  { name: 'Lead scoring', does: 'Scores fit against your ICP, with the points and the reason behind each; 70 qualifies by default.' },
  {
    name: 'Personalised outreach',
    does: 'Writes three-step sequences about your offer, citing the facts it uses; a lint refuses a claim without one.',
  },
  { name: 'Engagement analysis', does: 'Reads replies: interested, not now, out of office, referral, objection, unsubscribe, bounce.' },
  { name: 'Meeting booking', does: 'Offers free slots in your working hours and books them with an iCalendar invitation.' },
  {
    name: 'Learning engine',
    does: 'Proposes scoring weights, template choices and cadence from results, and applies only what it is confident of.',
  },
  {
    name: 'Pay-per-meeting pricing',
    does: 'Prices each company-size slice per attended meeting from its measured quality and show-up rate.',
  },
] as const;

export const STEPS = [
  {
    title: 'Paste 3 customer URLs',
    body: 'Your ICP blueprint: industries, sizes, titles, stack and pains, each traced to a sentence, and yours to edit before discovery.',
  },
  { title: 'Discover and score', body: 'Matching prospects from your data sources, scored with reasons; 70 qualifies by default.' },
  {
    title: 'Personalised sequences',
    body: 'Three-step sequences about your offer, every claim cited, sent within each mailbox’s daily cap and warm-up.',
  },
  {
    title: 'Meetings on your calendar',
    body: 'Replies read, meetings booked with an iCalendar invitation, and you pay per attended meeting.',
  },
] as const;

/**
 * What Meetflow connects to today: each name is an installed plugin's display name (sources and
 * channels as GET /api/plugins lists them; calendars and CRMs as Settings → Integrations offers
 * them, GET /api/calendars and GET /api/crm). Payment providers are not among them.
 */
export const INTEGRATIONS = [
  {
    title: 'Prospect sources',
    names: ['Apollo.io', 'Crunchbase', 'LinkedIn Sales Navigator', 'ZoomInfo'],
    body: 'Searched with your own API keys. Without a key, a built-in sample database answers, its results marked as sample data.',
  },
  {
    title: 'Your own mailboxes',
    names: ['Email over SMTP'],
    body: 'Sends through each mailbox’s own SMTP server within its daily cap and warm-up, and reads the replies over IMAP.',
  },
  {
    title: 'Your calendar',
    names: ['CalDAV (Apple, Fastmail, Nextcloud…)', 'Google Calendar', 'Microsoft 365 (Outlook)'],
    body: 'Offered slots avoid its busy times; a booked meeting lands in it with the prospect invited, and a meeting moved or cancelled there is reflected here.',
  },
  {
    title: 'Your CRM',
    names: ['HubSpot', 'Pipedrive', 'Salesforce'],
    body: 'Prospects, emails and meetings are synced to it, and discovery leaves out its customers and open deals. Any other system: signed webhooks.',
  },
] as const;

export const NOT_YET_INTEGRATED = 'Payment providers are not integrated yet: charges are kept in your billing ledger.';

/** The enterprise grid after the integrations. */
export const ENTERPRISE_FEATURES = [
  { title: 'Visual pipelines', body: 'Sales ops watch, rerun and change the research → score → copy → outreach pipeline.' },
  { title: 'Plugins', body: 'Engineers add data sources and agents through one plugin interface.' },
  { title: 'Durable runs', body: 'Pipelines survive restarts and resume where they stopped.' },
  { title: 'Roles and API', body: 'Owner, admin, sales ops and viewer roles per workspace; a documented REST API with revocable tokens.' },
] as const;

export const TRUST = {
  points: [
    'Every personal claim in an email cites its source page: no made-up personalisation.',
    'Sending is guarded: daily caps, warm-up, sending windows and suppression lists protect your domains.',
    'Scores explain themselves: each point of a score has its reason.',
    'Mailbox passwords are stored encrypted, API tokens only as hashes, and each workspace’s data is kept apart.',
  ],
} as const;

export const FAQ = [
  {
    question: 'How do you build an ICP from 3 URLs?',
    answer:
      'The research agent reads your customers’ own websites and groups them into ICP slices: industry, size, job titles, tech stack and pains, each traced to a sentence on a site. You can edit each slice’s criteria before discovery.',
  },
  {
    question: 'What does "pay per attended meeting" mean?',
    answer: `You are charged when a booked meeting actually takes place, at the price of its slice, which follows the company’s size (${TIER_PRICES} at the default bid). Booked meetings that do not happen cost nothing.`,
  },
  {
    question: 'What happens when a prospect does not show up?',
    answer: 'A no-show is never charged. It lowers the slice’s show-up estimate, which feeds future pricing.',
  },
  {
    question: 'Is the personalisation real?',
    answer:
      'Every personal claim in an email comes from a fact the research agent found, with the page it came from. Without a fact, the email does not pretend to know.',
  },
  {
    question: 'Which tools do you integrate with?',
    answer: `${INTEGRATIONS.map((group) => `${group.title}: ${group.names.join(', ')}.`).join(' ')} ${NOT_YET_INTEGRATED}`,
  },
  {
    question: 'How fast is it?',
    answer: `Research, scoring and writing for 1,000 prospects took ${BATCH_TIME} in our benchmark (Results says how it was measured). When the emails go out depends on your mailboxes: each sends within its daily cap and warm-up, and the launch screen says when the first ones will go.`,
  },
] as const;

/** The final call to action's line. */
export const FINAL_CTA = 'See your ICP from 3 customer URLs';

export const FOOTER = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '#features' },
      { label: 'Pricing', href: '#pricing' },
      { label: 'ICP Builder', href: '/icp-builder' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'How it works', href: '#how-it-works' },
      { label: 'FAQ', href: '#faq' },
      { label: 'API (OpenAPI)', href: '/api/openapi.json' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Results', href: '#results' },
      { label: 'Contact sales', href: LINKS.contact },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Security', href: '#trust' },
      { label: 'Privacy', href: '#trust' },
    ],
  },
] as const;
