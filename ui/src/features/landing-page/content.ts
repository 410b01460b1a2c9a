// Every text and figure of the public landing page, in one place (spec sections 1, 2 and 9).
// The figures are the product spec's own public marketing claims.

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

export const HERO = {
  eyebrow: 'AI sales development, paid per attended meeting',
  title: 'Give us 3 customer URLs. Get 1,000 qualified prospects with personalised sequences in 2-4 hours.',
  body: 'Seven AI agents research, score, write, send and book, and you pay only for meetings that actually happen. Every personal claim in an email cites the page it came from.',
  offer: 'Setup fee waived for the next 10 sign-ups this month.',
} as const;

export const COST_COMPARISON = {
  title: 'What a qualified meeting costs',
  rows: [
    { label: 'Cost per meeting', traditional: '$200-400 manual', meetflow: '$25-50 per attended meeting' },
    { label: 'Annual cost', traditional: '120K+ per SDR', meetflow: 'Only meetings that happen' },
    { label: 'Meeting quality', traditional: '60-70% of manual meetings unqualified', meetflow: 'Qualification score threshold 70+' },
    { label: 'No-shows', traditional: 'Paid for anyway', meetflow: 'Never charged' },
  ],
} as const;

export const AGENTS = [
  { name: 'Prospect research', does: "Reads each company's own site: 12+ data points per prospect, each fact with its source." },
  { name: 'Lead scoring', does: 'Scores fit against your ICP with the reasons and the points behind each score.' },
  { name: 'Personalised outreach', does: 'Writes sequences about your offer, citing the facts it uses.' },
  { name: 'Engagement analysis', does: 'Reads replies: interested, not now, out of office, unsubscribe.' },
  { name: 'Meeting booking', does: 'Offers real slots and books them with calendar invites.' },
  { name: 'Learning engine', does: 'Tunes scoring weights, templates and cadence from results.' },
  { name: 'Pay-per-meeting pricing', does: 'Prices each ICP segment per attended meeting.' },
] as const;

export const STEPS = [
  {
    title: 'Paste 3 customer URLs',
    body: 'Your ICP blueprint in 30 minutes: industries, sizes, titles, stack and pains, each traced to a sentence.',
  },
  { title: 'Discover and score', body: 'Matching prospects from your data sources, scored with reasons; 70+ qualifies.' },
  { title: 'Personalised sequences', body: 'Three-step sequences about your offer, every claim cited, sent within safe limits.' },
  { title: 'Meetings on your calendar', body: 'Replies read, meetings booked, and you pay per attended meeting.' },
] as const;

export const STATS = [
  { value: '92%', label: 'ICP accuracy' },
  { value: '87%', label: 'show-up rate' },
  { value: '31%', label: 'improvement from learning' },
  { value: '240+', label: 'A/B tests a month' },
  { value: '90-95%', label: 'inbox placement' },
  { value: '38 min', label: 'to research 1,000 companies' },
] as const;

/** Illustrative quotes, labelled as such on the page: no real customer is named. */
export const TESTIMONIALS = [
  {
    quote:
      'We gave it three customer sites on Monday and had sequences we were happy to send by the afternoon. The scores told us why, not just what.',
    role: 'Head of Sales, B2B SaaS (illustrative)',
  },
  {
    quote:
      'Paying per attended meeting changed the conversation with finance. No-shows cost us nothing, and every email cites where its facts came from.',
    role: 'Founder, fintech startup (illustrative)',
  },
] as const;

/** The three tiers of spec section 9, per qualified meeting. */
export const PRICING_TIERS = [
  {
    name: 'Volume Slice',
    price: '$25',
    profile: '10-50 employees',
    stage: 'Bootstrap / pre-seed',
    quality: '70-75% qualification rate',
    popular: false,
    features: ['ICP blueprint from 3 URLs', 'Personalised 3-step sequences', 'Pay per attended meeting'],
  },
  {
    name: 'Standard Slice',
    price: '$30',
    profile: '50-200 employees',
    stage: 'Seed to Series A',
    quality: '75-85% qualification rate',
    popular: true,
    features: ['Everything in Volume', 'Multi-source discovery', 'Weekly learning cycles'],
  },
  {
    name: 'Premium Slice',
    price: '$50',
    profile: '200+ employees',
    stage: 'Series B+',
    quality: '90-95% qualification rate',
    popular: false,
    features: ['Everything in Standard', 'CRM sync (Salesforce, HubSpot, Pipedrive)', 'Custom API for enterprise'],
  },
] as const;

export const PRICING_NOTES = [
  'Starter Pack: 10 qualified meetings plus bonus prospects.',
  "No-shows are not charged and lower the slice's future price estimate.",
  'Unused credits roll over monthly.',
  'Monthly pre-payment through either of two payment providers.',
] as const;

export const ENTERPRISE_FEATURES = [
  { title: 'CRM sync', body: 'Salesforce, HubSpot, Pipedrive, and a custom API for enterprise.' },
  { title: 'Calendars', body: 'Google and Outlook calendars for real availability.' },
  { title: 'Visual pipelines', body: 'Sales ops watch, rerun and change the research → score → copy → outreach pipeline.' },
  { title: 'Plugins', body: 'Engineers add data sources and agents through one plugin interface.' },
  { title: 'Durable runs', body: 'Pipelines survive restarts and resume where they stopped.' },
  { title: '99.9% uptime', body: 'Built to keep sequences running on schedule.' },
] as const;

export const TRUST = {
  figures: [
    { value: '150+', label: 'companies trust us' },
    { value: '$25M+', label: 'pipeline generated' },
    { value: '96%', label: 'satisfaction' },
  ],
  points: [
    'Every personal claim cites its source page: no made-up personalisation.',
    'Sending is guarded: daily caps, warm-up and suppression lists protect your domains.',
    'Scores explain themselves: each point of a score has its reason.',
  ],
} as const;

export const FAQ = [
  {
    question: 'How do you build an ICP from 3 URLs?',
    answer:
      "The research agent reads your customers' own websites and clusters them into ICP slices: industry, size, job titles, tech stack and pains, each traced to a sentence on a site. It takes about 30 minutes.",
  },
  {
    question: 'What does "pay per attended meeting" mean?',
    answer:
      'You are charged when a booked meeting actually takes place, at the price of its ICP slice ($25-50). Booked meetings that do not happen cost nothing.',
  },
  {
    question: 'What happens when a prospect does not show up?',
    answer: "A no-show is never charged. It lowers the slice's show-up estimate, which feeds future pricing.",
  },
  {
    question: 'Is the personalisation real?',
    answer:
      'Every personal claim in an email comes from a fact the research agent found, with the page it came from. Without a fact, the email does not pretend to know.',
  },
  {
    question: 'Which tools do you integrate with?',
    answer:
      'Google and Outlook calendars, two payment providers, and CRMs: Salesforce, HubSpot, Pipedrive, with a custom API for enterprise.',
  },
  { question: 'Do unused credits expire?', answer: 'No: unused credits roll over monthly.' },
] as const;

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
