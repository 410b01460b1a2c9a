// What a sample company's home page says it does, per industry: the industry's one-line pitch
// (plugins/source-sample/src/vocab.ts) spelled out the way such a company's site would, in its trade's words,
// with no figures, customers or certifications the sample record does not state.

/** Home-page copy for the companies of one industry. */
export interface IndustryCopy {
  /** The hero heading. */
  headline: string;
  /** The sentence after "{name} {pitch}." in the hero. */
  lede: string;
  /** Three things the company does: heading and one sentence. */
  features: ReadonlyArray<readonly [string, string]>;
}

/** Copy by industry label (the labels of plugins/source-sample/src/vocab.ts). */
export const INDUSTRY_COPY: Readonly<Record<string, IndustryCopy>> = {
  'Software & SaaS': {
    headline: 'Workflow software your whole company can run on',
    lede: 'Replace scattered spreadsheets and inboxes with shared workflows that every department can set up without writing code.',
    features: [
      ['Shared workflows', 'Requests, approvals and handoffs move through one place instead of five tools.'],
      ['Made for mid-market companies', 'Permissions and an audit trail that a growing company needs from day one.'],
      ['Works with what you have', 'Sits alongside the tools your departments already use every day.'],
    ],
  },
  'Financial services & fintech': {
    headline: 'Payments and reconciliation on autopilot',
    lede: 'Finance teams close the books faster when every invoice, payment and bank match is handled in one place.',
    features: [
      ['Accounts payable', 'Capture each invoice, route it for approval and schedule the payment on time.'],
      ['Automatic reconciliation', 'Bank transactions are matched to invoices and expenses as they post.'],
      ['Made for controllers', 'Controllers see every payment, expense and approval with a full audit trail.'],
    ],
  },
  Healthcare: {
    headline: 'Patient scheduling and care coordination for clinics',
    lede: 'Front desks and care teams spend less time on the phone and more time with patients.',
    features: [
      ['Patient scheduling', 'Patients book, confirm and reschedule appointments online.'],
      ['Care coordination', 'Referrals, follow-ups and handoffs reach the right physician and care team.'],
      ['Designed for healthcare', 'Works alongside the EHR your clinic already uses.'],
    ],
  },
  Manufacturing: {
    headline: 'Precision parts, machined to print',
    lede: 'Our machinists run CNC machining and fabrication for OEMs that cannot accept a part out of tolerance.',
    features: [
      ['CNC machining', 'Multi-axis CNC milling and turning for prototypes and production runs.'],
      ['Fabrication and assembly', 'Cutting, welding and assembly under one roof, from one drawing.'],
      ['Aerospace and medical OEMs', 'Precision parts made in our own factory with full traceability.'],
    ],
  },
  'E-commerce & retail': {
    headline: 'Home goods, direct to your door',
    lede: 'We are a DTC brand: everything we make is sold through our own online store instead of retail chains.',
    features: [
      ['Shop online', 'Browse the full collection in our online store and check out from your cart in a few clicks.'],
      ['Direct to consumer', 'Selling DTC keeps us close to every shopper and what they tell us.'],
      ['Thoughtful merchandising', 'Collections are curated for our storefront with care.'],
    ],
  },
  'Logistics & supply chain': {
    headline: 'Freight you can track the whole way',
    lede: 'Shippers book loads with us and follow every shipment from pickup to delivery.',
    features: [
      ['Real-time tracking', 'See where each shipment is and when it will arrive.'],
      ['Carrier network', 'We match each load to a carrier and handle dispatch end to end.'],
      ['Supply chain visibility', 'One view of the logistics behind your supply chain.'],
    ],
  },
  'Marketing technology': {
    headline: 'Know which campaigns actually drive revenue',
    lede: 'Marketing teams see the return of every paid channel, from search advertising to social.',
    features: [
      ['Multi-touch attribution', 'Credit each campaign for the conversions it influenced.'],
      ['Every paid channel', 'Search, social and display advertising measured side by side.'],
      ['Audience breakdowns', 'Find the audiences with the best conversion rate and spend where it counts.'],
    ],
  },
  'Sales technology': {
    headline: 'Forecast and coach every deal',
    lede: 'Sales teams see which deals will close this quarter, and managers know where to coach.',
    features: [
      ['Pipeline forecasting', 'A forecast built from real activity on every deal in the pipeline.'],
      ['Deal coaching', 'Managers spot risky deals early and help reps hit quota.'],
      ['Works with your CRM', 'Syncs with the CRM your sales team already uses.'],
    ],
  },
  Cybersecurity: {
    headline: 'Threat detection for cloud workloads and endpoints',
    lede: 'Security operations teams see every threat in one place and respond before it spreads.',
    features: [
      ['Endpoint protection', 'Spot ransomware and intrusion attempts on every endpoint.'],
      ['Cloud workload coverage', 'Find vulnerabilities and misconfigurations across your cloud accounts.'],
      ['Feeds your SIEM', 'Alerts flow into the SIEM your security operations team already runs.'],
    ],
  },
  'Developer tools & infrastructure': {
    headline: 'Observability for platform engineers',
    lede: 'See how every service and deploy behaves across your infrastructure, from one place.',
    features: [
      ['Made for developers', 'Instrument services with our SDK or straight from the API.'],
      ['Kubernetes native', 'Traces, logs and metrics for every cluster and deploy.'],
      ['Fits your CI/CD', 'Catch regressions before a deploy reaches your users.'],
    ],
  },
  'Data & analytics': {
    headline: 'Dashboards your business users trust',
    lede: 'Connect your data warehouse and give every department self-serve analytics and reporting.',
    features: [
      ['Business intelligence', 'Governed metrics and dashboards on top of the data you already have.'],
      ['Self-serve analytics', 'Business users answer their own questions without waiting on a data team.'],
      ['Traceable insights', 'Every number is traced back to its data pipeline.'],
    ],
  },
  'HR & recruiting': {
    headline: 'Screen and onboard candidates in one place',
    lede: 'Recruiting and talent acquisition teams move every candidate from application to first day.',
    features: [
      ['Applicant tracking', 'Every candidate, stage and interview note in one place.'],
      ['Structured screening', 'Consistent questions and scorecards for fair recruiting decisions.'],
      ['Smooth onboarding', 'Paperwork, accounts and first-week plans ready before day one.'],
    ],
  },
  'Professional services': {
    headline: 'Advice for growing companies',
    lede: 'We help founders and leadership put the operations and finance foundations in place for their next stage.',
    features: [
      ['Operations', 'Processes, systems and organisation design that scale with the business.'],
      ['Finance', 'Budgets, forecasts and board packs you can rely on.'],
      ['Interim leadership', 'Experienced operators who step in while you recruit.'],
    ],
  },
  Education: {
    headline: 'Online courses for working professionals',
    lede: 'Study on your own schedule, with a curriculum built around real work.',
    features: [
      ['Flexible courses', 'Every course fits around a full-time job.'],
      ['Students first', 'Each student gets feedback from a teacher on their work.'],
      ['For groups too', 'Companies enrol groups of students in the same course.'],
    ],
  },
  'Real estate & construction': {
    headline: 'Commercial property management for institutional owners',
    lede: 'We run the day-to-day of each building so owners can focus on their real estate strategy.',
    features: [
      ['Tenant relations', 'One point of contact for every tenant request.'],
      ['Leasing', 'Leasing, renewals and rent collection handled for you.'],
      ['Building upkeep', 'Maintenance and construction contractors coordinated and supervised.'],
    ],
  },
  Legal: {
    headline: 'Contract review for corporate legal teams',
    lede: 'In-house lawyers hand us their contract review backlog and get clear, consistent redlines back.',
    features: [
      ['Contract management', 'Every agreement tracked from first draft to signature.'],
      ['Qualified attorneys', 'Reviews are done by attorneys following your playbook.'],
      ['Made for in-house teams', 'Support for legal departments without the cost of an outside law firm.'],
    ],
  },
  'Hospitality & food': {
    headline: 'Restaurants and catering across the region',
    lede: 'From a weeknight dinner to a company event, our kitchens serve every guest with the same care.',
    features: [
      ['Our restaurants', 'Seasonal menus in each of our restaurants.'],
      ['Catering', 'Catering for offices, weddings and events of any size.'],
      ['Reservations', 'Book a table or an event through our reservation line.'],
    ],
  },
  'Energy & utilities': {
    headline: 'Solar and battery storage for commercial sites',
    lede: 'Businesses lean less on the grid with renewable power made on their own site.',
    features: [
      ['Commercial solar', 'Rooftop and carport solar designed and installed for each site.'],
      ['Battery storage', 'Store what you generate and draw on it when grid prices peak.'],
      ['Utility coordination', 'We handle interconnection and paperwork with the utility.'],
    ],
  },
};
