// What companies of each industry say about themselves: what they sell, who they sell it to, the
// problems they promise to end (each said once with a cue word, "tired of", "no more", and once
// as a plain statement), and the names they give themselves and their customers. Written the way
// such companies write, from the industry's own vocabulary; labels are the taxonomy's.

/** A buyer's role: the title as a person carries it, and the plural a "built for" sentence uses. */
export interface Role {
  title: string;
  plural: string;
}

/** A problem a site states; every sentence holds all the words of the label. */
export interface Pain {
  label: string;
  /** Stated with a cue word ("Tired of …?", "No more …", "struggle with …"). */
  cued: readonly string[];
  /** Stated plainly, as a fact of the reader's day. */
  plain: readonly string[];
}

export interface IndustryVocabulary {
  /** The taxonomy's label (plugins/sdk/src/contracts/industry-taxonomy.ts). */
  label: string;
  stems: readonly string[];
  suffixes: readonly string[];
  /** What the company sells ("dispatch software") and what it does, as a verb phrase. */
  offers: ReadonlyArray<{ noun: string; does: string }>;
  /** Who buys it. */
  buyers: readonly Role[];
  /** Who its customers are, as a plural noun phrase. */
  customerKinds: readonly string[];
  /** Name parts of its customers' companies (testimonials). */
  customerNames: readonly string[];
  pains: readonly Pain[];
  features: readonly string[];
  /** Blog post titles that state no problem. */
  posts: readonly string[];
}

export const INDUSTRY_VOCABULARY: readonly IndustryVocabulary[] = [
  {
    label: 'Financial services & fintech',
    stems: ['Ledgerwise', 'Paybridge', 'Coinrail', 'Accrual', 'Remitra', 'Settle', 'Clearbook', 'Fundstack'],
    suffixes: ['', ' Finance', ' Pay', ' Labs'],
    offers: [
      { noun: 'accounts payable automation', does: 'captures, codes and approves supplier invoices' },
      { noun: 'a spend management platform', does: 'gives every employee a card with the policy built in' },
      { noun: 'cash reconciliation software', does: 'matches bank lines to ledger entries every night' },
    ],
    buyers: [
      { title: 'Controller', plural: 'controllers' },
      { title: 'CFO', plural: 'CFOs' },
      { title: 'AP Manager', plural: 'AP managers' },
      { title: 'Head of Finance', plural: 'heads of finance' },
      { title: 'Director of Accounting', plural: 'directors of accounting' },
    ],
    customerKinds: ['mid-market finance teams', 'multi-entity companies', 'growing distributors'],
    customerNames: ['Harbor Supply', 'Brightline Foods', 'Tessel Group', 'Cobalt Wholesale', 'Marlow & Finch'],
    pains: [
      {
        label: 'month-end close takes too long',
        cued: ['Tired of a month-end close that takes too long?', 'Most teams struggle because the month-end close takes too long.'],
        plain: ['For most finance teams the month-end close takes too long: ten days, sometimes twelve.'],
      },
      {
        label: 'duplicate supplier payments',
        cued: [
          'No more duplicate supplier payments slipping through.',
          'Stop paying for duplicate supplier payments you only find at audit time.',
        ],
        plain: ['Duplicate supplier payments cost the average mid-size company 0.1% of its spend every year.'],
      },
      {
        label: 'receipts chased by email',
        cued: ['Say goodbye to receipts chased by email at quarter end.'],
        plain: ['Half of every expense report is receipts chased by email, weeks after the purchase.'],
      },
    ],
    features: [
      'Three-way matching',
      'Approval chains by amount',
      'Multi-entity consolidation',
      'Audit trail on every change',
      'Bank feeds from 9,000 institutions',
    ],
    posts: ['What we learned closing our own books in four days', 'A field guide to approval policies', 'Our SOC 2 Type II report is out'],
  },
  {
    label: 'Healthcare',
    stems: ['Carewell', 'Medora', 'Pulsepoint', 'Clinica', 'Vitalink', 'Healthbeam', 'Nursely'],
    suffixes: ['', ' Health', ' Care', ' Medical'],
    offers: [
      { noun: 'patient intake software', does: 'collects forms, insurance cards and consent before the visit' },
      { noun: 'a telehealth platform', does: 'lets physicians see patients by video from the same schedule' },
      { noun: 'clinic scheduling software', does: 'fills cancelled appointments from the waitlist automatically' },
    ],
    buyers: [
      { title: 'Practice Manager', plural: 'practice managers' },
      { title: 'Medical Director', plural: 'medical directors' },
      { title: 'Director of Nursing', plural: 'directors of nursing' },
      { title: 'Clinic Administrator', plural: 'clinic administrators' },
      { title: 'Chief Medical Officer', plural: 'chief medical officers' },
    ],
    customerKinds: ['independent clinics', 'multi-site physician groups', 'community hospitals'],
    customerNames: ['Lakeside Family Medicine', 'Northgate Clinic', 'Riverside Pediatrics', 'St. Brendan Hospital', 'Cedar Orthopedics'],
    pains: [
      {
        label: 'no-show appointments',
        cued: ['Stop losing revenue to no-show appointments.', 'Frustrated by no-show appointments every Monday?'],
        plain: ['No-show appointments leave one chair in five empty on a typical day.'],
      },
      {
        label: 'clipboard paperwork in the waiting room',
        cued: ['No more clipboard paperwork in the waiting room.'],
        plain: ['Clipboard paperwork in the waiting room adds twelve minutes to every first visit.'],
      },
      {
        label: 'insurance denials',
        cued: ['Tired of insurance denials for a missing field?'],
        plain: ['Insurance denials come back weeks later, long after anyone remembers the visit.'],
      },
    ],
    features: ['HIPAA-compliant messaging', 'EHR integrations', 'Online check-in', 'Automated reminders by text', 'Waitlist backfill'],
    posts: [
      'Five questions to ask before choosing an EHR integration',
      'Meet our new clinical advisory board',
      'How Cedar Orthopedics opened a second site',
    ],
  },
  {
    label: 'Cybersecurity',
    stems: ['Bastion', 'Sentrix', 'Aegis', 'Tripline', 'Watchtower', 'Fortify', 'Keystone'],
    suffixes: ['', ' Security', ' Cyber', ' Labs'],
    offers: [
      { noun: 'a managed detection and response service', does: 'watches your endpoints around the clock and contains threats' },
      { noun: 'phishing simulation training', does: 'sends realistic phishing tests and teaches the people who click' },
      { noun: 'a vulnerability management platform', does: 'finds, ranks and tracks every vulnerability across your estate' },
    ],
    buyers: [
      { title: 'CISO', plural: 'CISOs' },
      { title: 'IT Director', plural: 'IT directors' },
      { title: 'Security Operations Manager', plural: 'security operations managers' },
      { title: 'Head of IT', plural: 'heads of IT' },
      { title: 'VP of Information Security', plural: 'VPs of information security' },
    ],
    customerKinds: ['lean IT teams', 'regulated mid-size companies', 'credit unions and regional banks'],
    customerNames: ['Granite Credit Union', 'Helix Biologics', 'Northpoint Insurance', 'Arden Logistics', 'Vireo Health'],
    pains: [
      {
        label: 'alert fatigue',
        cued: ['Drowning in alert fatigue?', 'No more alert fatigue for a two-person team.'],
        plain: ['Alert fatigue means the one alert that matters gets closed with the other four hundred.'],
      },
      {
        label: 'unpatched servers',
        cued: ['Stop finding unpatched servers after the breach.'],
        plain: ['Unpatched servers are still the way in for most ransomware crews.'],
      },
      {
        label: 'audit evidence collected by hand',
        cued: ['Tired of audit evidence collected by hand in screenshots?'],
        plain: ['Every year audit evidence is collected by hand, one screenshot at a time.'],
      },
    ],
    features: ['24/7 SOC', 'Endpoint detection and response', 'SIEM without the tuning', 'Zero trust access', 'Quarterly penetration test'],
    posts: ['Anatomy of a ransomware intrusion we stopped', 'What SOC 2 auditors actually ask for', 'Our 2026 threat report'],
  },
  {
    label: 'Logistics & supply chain',
    stems: ['Haulwise', 'Freightline', 'Dockside', 'Routebird', 'Cargoloop', 'Palletly', 'Lanehub'],
    suffixes: ['', ' Logistics', ' Freight', ''],
    offers: [
      { noun: 'a transportation management system', does: 'books loads, tracks every shipment and audits carrier invoices' },
      { noun: 'warehouse management software', does: 'directs picking, packing and putaway from one screen' },
      { noun: 'dock scheduling software', does: 'gives carriers appointment slots at your docks' },
    ],
    buyers: [
      { title: 'Logistics Manager', plural: 'logistics managers' },
      { title: 'Warehouse Manager', plural: 'warehouse managers' },
      { title: 'VP of Supply Chain', plural: 'VPs of supply chain' },
      { title: 'Transportation Manager', plural: 'transportation managers' },
      { title: 'Director of Operations', plural: 'directors of operations' },
    ],
    customerKinds: ['shippers and 3PLs', 'regional distributors', 'food and beverage manufacturers'],
    customerNames: ['Keystone Beverages', 'Pioneer Paper Co.', 'Midwest Cold Storage', 'Atlas Home Goods', 'Redline Parts'],
    pains: [
      {
        label: 'trucks waiting at the dock',
        cued: ['No more trucks waiting at the dock for three hours.'],
        plain: ['Trucks waiting at the dock cost you detention fees and your carriers their day.'],
      },
      {
        label: 'carrier invoices that do not match the quote',
        cued: ['Stop paying carrier invoices that do not match the quote.'],
        plain: ['One in eight carrier invoices does not match the quote.'],
      },
      {
        label: 'mis-picks',
        cued: ['Tired of mis-picks and the returns they cause?'],
        plain: ['Mis-picks turn into returns, credits and customers who order elsewhere.'],
      },
    ],
    features: [
      'Carrier rate shopping',
      'Live shipment tracking',
      'Dock appointment booking',
      'Freight audit',
      'Barcode picking on any phone',
    ],
    posts: ['Peak season checklist for distribution centers', 'How we built our carrier network', 'Notes from the Modex floor'],
  },
  {
    label: 'Manufacturing',
    stems: ['Ironleaf', 'Tooltrack', 'Millbrook', 'Forgeline', 'Castwell', 'Precisa', 'Shopfloor'],
    suffixes: ['', ' Manufacturing', ' Industries', ' Systems'],
    offers: [
      { noun: 'a manufacturing execution system', does: 'tracks every work order from release to shipping' },
      { noun: 'machine monitoring', does: 'reads spindle and cycle data straight off your CNC machines' },
      { noun: 'quality management software', does: 'keeps inspections, non-conformances and ISO 9001 records in one place' },
    ],
    buyers: [
      { title: 'Plant Manager', plural: 'plant managers' },
      { title: 'Production Manager', plural: 'production managers' },
      { title: 'Quality Manager', plural: 'quality managers' },
      { title: 'VP of Manufacturing', plural: 'VPs of manufacturing' },
      { title: 'Operations Director', plural: 'operations directors' },
    ],
    customerKinds: ['job shops', 'contract manufacturers', 'precision machining plants'],
    customerNames: ['Delta Precision', 'Carver Metalworks', 'Summit Plastics', 'Orion Fabrication', 'Hale Tool & Die'],
    pains: [
      {
        label: 'unplanned downtime',
        cued: ['Stop guessing why unplanned downtime keeps happening.'],
        plain: ['Unplanned downtime costs a mid-size plant about $260,000 an hour.'],
      },
      {
        label: 'paper travelers lost on the shop floor',
        cued: ['No more paper travelers lost on the shop floor.'],
        plain: ['Paper travelers get lost on the shop floor, and the job waits while someone reprints them.'],
      },
      {
        label: 'scrap found at final inspection',
        cued: ['Tired of scrap found at final inspection?'],
        plain: ['Scrap found at final inspection means the whole batch has already been run.'],
      },
    ],
    features: [
      'Live OEE by machine',
      'Digital work instructions',
      'First-article inspection',
      'Tool life tracking',
      'Shift handover reports',
    ],
    posts: ['What OEE hides', 'Visiting our customers in the Ohio valley', 'Release notes: faster work order search'],
  },
  {
    label: 'E-commerce & retail',
    stems: ['Shopwell', 'Cartwheel', 'Basketry', 'Storefront', 'Checkoutly', 'Merchly', 'Parcelpop'],
    suffixes: ['', ' Commerce', ' Retail', ''],
    offers: [
      { noun: 'a returns platform', does: 'turns returns into exchanges with a branded returns portal' },
      { noun: 'product reviews software', does: 'collects photo reviews after every order' },
      { noun: 'inventory planning software', does: 'forecasts demand for every SKU across your online store and your shops' },
    ],
    buyers: [
      { title: 'Head of Ecommerce', plural: 'heads of ecommerce' },
      { title: 'Director of Retail Operations', plural: 'directors of retail operations' },
      { title: 'Merchandising Manager', plural: 'merchandising managers' },
      { title: 'Ecommerce Manager', plural: 'ecommerce managers' },
      { title: 'VP of Digital', plural: 'VPs of digital' },
    ],
    customerKinds: ['DTC brands', 'Shopify merchants', 'specialty retailers'],
    customerNames: ['Juniper Goods', 'Oak & Ember', 'Little Fern Kids', 'Rivet Denim', 'Saltwater Outfitters'],
    pains: [
      {
        label: 'refunds instead of exchanges',
        cued: ['Stop handing out refunds instead of exchanges.'],
        plain: ['Most returns end as refunds instead of exchanges because the exchange takes three emails.'],
      },
      {
        label: 'stockouts on best sellers',
        cued: ['No more stockouts on best sellers in the middle of a campaign.'],
        plain: ['Stockouts on best sellers happen exactly when the ads are working.'],
      },
      {
        label: 'abandoned carts',
        cued: ['Struggling with abandoned carts?'],
        plain: ['Seven in ten abandoned carts never get a second look.'],
      },
    ],
    features: ['Branded returns portal', 'Exchange for store credit', 'Photo reviews', 'Demand forecasting by SKU', 'One-click reorders'],
    posts: ['Holiday returns, by the numbers', 'Designing a returns policy shoppers trust', 'Meet the merchants of our spring cohort'],
  },
  {
    label: 'Marketing technology',
    stems: ['Brandlift', 'Adnest', 'Campaigner', 'Attribly', 'Reachly', 'Funnelcraft', 'Mailmint'],
    suffixes: ['', ' Marketing', ' Media', ' HQ'],
    offers: [
      { noun: 'marketing attribution software', does: 'shows which campaign, ad and channel produced each deal' },
      { noun: 'an email marketing platform', does: 'sends segmented campaigns and journeys from one editor' },
      { noun: 'a landing page builder', does: 'lets marketers ship tested pages without a developer' },
    ],
    buyers: [
      { title: 'CMO', plural: 'CMOs' },
      { title: 'VP of Marketing', plural: 'VPs of marketing' },
      { title: 'Demand Generation Manager', plural: 'demand generation managers' },
      { title: 'Marketing Operations Manager', plural: 'marketing operations managers' },
      { title: 'Head of Growth', plural: 'heads of growth' },
    ],
    customerKinds: ['B2B marketing teams', 'growth teams at SaaS companies', 'agencies'],
    customerNames: ['Quarry Software', 'Lumen Analytics', 'Tidewater Apps', 'Parallel HR', 'Stackform'],
    pains: [
      {
        label: 'ad spend nobody can attribute',
        cued: ['Tired of ad spend nobody can attribute to pipeline?'],
        plain: ['A third of the budget is ad spend nobody can attribute to a single deal.'],
      },
      {
        label: 'campaigns waiting on developers',
        cued: ['No more campaigns waiting on developers for a landing page.'],
        plain: ['Campaigns sit waiting on developers for weeks while the quarter runs out.'],
      },
      {
        label: 'spreadsheet reporting every Monday',
        cued: ['Stop rebuilding spreadsheet reporting every Monday.'],
        plain: ['Spreadsheet reporting every Monday eats the morning of your best analyst.'],
      },
    ],
    features: ['Multi-touch attribution', 'A/B testing built in', 'Audience segments', 'Journey builder', 'CRM sync'],
    posts: ['First touch, last touch, and the truth in between', 'Our 2026 benchmark of B2B email', 'Templates our customers love'],
  },
  {
    label: 'Sales technology',
    stems: ['Pipeline', 'Closewise', 'Quotable', 'Dealflow', 'Forecastly', 'Callbright', 'Quotaly'],
    suffixes: ['', ' Sales', ' HQ', ' AI'],
    offers: [
      { noun: 'sales forecasting software', does: 'rolls up every rep’s deals into a forecast you can defend' },
      { noun: 'CPQ software', does: 'builds accurate quotes with the right discounts and approvals' },
      { noun: 'conversation intelligence', does: 'records, transcribes and scores every sales call' },
    ],
    buyers: [
      { title: 'VP of Sales', plural: 'VPs of sales' },
      { title: 'CRO', plural: 'CROs' },
      { title: 'Sales Operations Manager', plural: 'sales operations managers' },
      { title: 'Head of Revenue Operations', plural: 'heads of revenue operations' },
      { title: 'Sales Enablement Manager', plural: 'sales enablement managers' },
    ],
    customerKinds: ['B2B sales teams', 'revenue operations teams', 'inside sales teams'],
    customerNames: ['Corbel Systems', 'Westbrook Software', 'Nimbus Data', 'Fairway Payroll', 'Brightwave'],
    pains: [
      {
        label: 'forecast calls that are guesswork',
        cued: ['No more forecast calls that are guesswork.'],
        plain: ['Most forecast calls are guesswork dressed up in a spreadsheet.'],
      },
      {
        label: 'quotes with the wrong discount',
        cued: ['Stop sending quotes with the wrong discount.'],
        plain: ['Quotes with the wrong discount go out every week, and finance finds them at renewal.'],
      },
      {
        label: 'new reps take six months to ramp',
        cued: ['Frustrated that new reps take six months to ramp?'],
        plain: ['New reps take six months to ramp when all they have is a shared drive of old decks.'],
      },
    ],
    features: ['Deal inspection', 'Forecast roll-ups', 'Guided selling', 'Call transcripts', 'Approval workflows'],
    posts: ['How we run our own forecast call', 'The discount approval matrix, explained', 'What top reps say in the first five minutes'],
  },
  {
    label: 'HR & recruiting',
    stems: ['Hirewise', 'Talentry', 'Onboard', 'Peoplepath', 'Staffwell', 'Crewly', 'Rosterly'],
    suffixes: ['', ' HR', ' People', ' Talent'],
    offers: [
      { noun: 'an applicant tracking system', does: 'moves every candidate from application to offer in one pipeline' },
      { noun: 'employee onboarding software', does: 'gets new hires their laptop, paperwork and first-week plan before day one' },
      { noun: 'performance review software', does: 'runs reviews, goals and one-on-ones in one place' },
    ],
    buyers: [
      { title: 'Head of People', plural: 'heads of people' },
      { title: 'HR Director', plural: 'HR directors' },
      { title: 'Talent Acquisition Manager', plural: 'talent acquisition managers' },
      { title: 'Chief People Officer', plural: 'chief people officers' },
      { title: 'Recruiting Manager', plural: 'recruiting managers' },
    ],
    customerKinds: ['fast-growing companies', 'HR teams of one', 'multi-location employers'],
    customerNames: ['Beacon Dental Group', 'Loft Coffee', 'Ridgeline Construction', 'Mosaic Learning', 'Pinecrest Senior Living'],
    pains: [
      {
        label: 'candidates ghosting after the first interview',
        cued: ['Tired of candidates ghosting after the first interview?'],
        plain: ['Candidates ghosting after the first interview is what happens when feedback takes two weeks.'],
      },
      {
        label: 'onboarding paperwork on day one',
        cued: ['No more onboarding paperwork on day one.'],
        plain: ['New hires spend their first morning on onboarding paperwork on day one instead of meeting their team.'],
      },
      {
        label: 'reviews nobody finishes',
        cued: ['Stop running reviews nobody finishes.'],
        plain: ['Half-written reviews nobody finishes are the norm when the form lives in a document.'],
      },
    ],
    features: ['Structured interview kits', 'Offer letters with e-signature', 'Onboarding checklists', 'Goals and OKRs', 'Pulse surveys'],
    posts: ['Writing a job ad people finish reading', 'Our own onboarding plan, published', 'Remote interviews that feel fair'],
  },
  {
    label: 'Education',
    stems: ['Learnwell', 'Classwise', 'Tutorly', 'Campusloop', 'Lessonry', 'Brightboard', 'Gradewise'],
    suffixes: ['', ' Learning', ' Education', ' EDU'],
    offers: [
      { noun: 'a learning management system', does: 'delivers courses, assignments and grades in one place' },
      { noun: 'tutoring software', does: 'matches students with tutors and tracks every session' },
      { noun: 'student information software', does: 'keeps enrolment, attendance and report cards together' },
    ],
    buyers: [
      { title: 'Principal', plural: 'principals' },
      { title: 'Director of Curriculum', plural: 'directors of curriculum' },
      { title: 'Dean of Students', plural: 'deans of students' },
      { title: 'Instructional Technology Coordinator', plural: 'instructional technology coordinators' },
      { title: 'Superintendent', plural: 'superintendents' },
    ],
    customerKinds: ['K-12 schools', 'school districts', 'community colleges'],
    customerNames: [
      'Maple Grove School District',
      'Hillcrest Academy',
      'Eastfield Community College',
      'Lincoln Charter School',
      'Westview High',
    ],
    pains: [
      {
        label: 'grading piles up over the weekend',
        cued: ['Tired of grading that piles up over the weekend?'],
        plain: ['For most teachers grading piles up over the weekend, every weekend.'],
      },
      {
        label: 'attendance taken on paper',
        cued: ['No more attendance taken on paper and typed in later.'],
        plain: ['In many schools attendance is still taken on paper and typed in by the office.'],
      },
      {
        label: 'parents never see the report card',
        cued: ['No more surprises for parents who never see the report card until June.'],
        plain: ['Too many parents never see the report card until the term is over.'],
      },
    ],
    features: ['Gradebook', 'Parent portal', 'Attendance by phone', 'Course builder', 'Standards-based reporting'],
    posts: [
      'Back to school: a setup checklist for administrators',
      'Teachers on what they want from a gradebook',
      'Accessibility in the classroom',
    ],
  },
  {
    label: 'Real estate & construction',
    stems: ['Buildwise', 'Siteline', 'Propertly', 'Keyhold', 'Blueprint', 'Groundwork', 'Tenantly'],
    suffixes: ['', ' Construction', ' Properties', ' Build'],
    offers: [
      { noun: 'construction project management software', does: 'keeps RFIs, submittals and daily logs in one place' },
      { noun: 'property management software', does: 'collects rent, handles maintenance requests and renews leases' },
      { noun: 'a bid management platform', does: 'sends bid packages to subcontractors and levels their bids' },
    ],
    buyers: [
      { title: 'Project Manager', plural: 'project managers' },
      { title: 'Property Manager', plural: 'property managers' },
      { title: 'Superintendent', plural: 'superintendents' },
      { title: 'Director of Preconstruction', plural: 'directors of preconstruction' },
      { title: 'VP of Construction', plural: 'VPs of construction' },
    ],
    customerKinds: ['general contractors', 'property management companies', 'specialty subcontractors'],
    customerNames: ['Stonebridge Builders', 'Harborview Properties', 'Crest Electric', 'Oakline Homes', 'Meridian Residential'],
    pains: [
      {
        label: 'RFIs lost in email threads',
        cued: ['No more RFIs lost in email threads.'],
        plain: ['RFIs get lost in email threads and the crew waits on site.'],
      },
      {
        label: 'late rent payments',
        cued: ['Tired of chasing late rent payments?'],
        plain: ['Late rent payments take a property manager a day a month to chase.'],
      },
      {
        label: 'change orders signed after the work',
        cued: ['Stop arguing over change orders signed after the work is done.'],
        plain: ['Change orders signed after the work are the ones nobody gets paid for.'],
      },
    ],
    features: ['Daily logs with photos', 'Submittal tracking', 'Online rent payments', 'Maintenance requests', 'Bid leveling'],
    posts: ['What a good daily log looks like', 'Our favourite jobsites of the year', 'Lease renewals without the paperwork'],
  },
  {
    label: 'Legal',
    stems: ['Lexwell', 'Docketry', 'Counselly', 'Briefcase', 'Clausebook', 'Verdict', 'Matterly'],
    suffixes: ['', ' Legal', ' Law', ''],
    offers: [
      { noun: 'contract management software', does: 'drafts, negotiates and stores every contract with its deadlines' },
      { noun: 'legal practice management software', does: 'runs matters, time entries and billing for law firms' },
      { noun: 'e-discovery software', does: 'collects, reviews and produces documents for litigation' },
    ],
    buyers: [
      { title: 'General Counsel', plural: 'general counsel' },
      { title: 'Managing Partner', plural: 'managing partners' },
      { title: 'Legal Operations Manager', plural: 'legal operations managers' },
      { title: 'Paralegal', plural: 'paralegals' },
      { title: 'Deputy General Counsel', plural: 'deputy general counsel' },
    ],
    customerKinds: ['in-house legal teams', 'small and mid-size law firms', 'litigation practices'],
    customerNames: ['Whitaker & Lowe LLP', 'Pemberton Legal', 'Castell Biotech', 'Norris Fielding', 'Avery Insurance'],
    pains: [
      {
        label: 'contracts that auto-renew unnoticed',
        cued: ['No more contracts that auto-renew unnoticed.'],
        plain: ['Every year, contracts auto-renew unnoticed because the date lived in a PDF.'],
      },
      {
        label: 'unbilled hours',
        cued: ['Stop leaving unbilled hours on the table.'],
        plain: ['Unbilled hours add up to a month of revenue for a typical ten-lawyer firm.'],
      },
      {
        label: 'redlines by email attachment',
        cued: ['Tired of redlines by email attachment?'],
        plain: ['Redlines by email attachment mean nobody knows which version is final.'],
      },
    ],
    features: ['Clause library', 'Matter management', 'Time tracking', 'E-signature', 'Deadline calendar'],
    posts: ['A contract playbook for small legal teams', 'Billing rates in 2026', 'How we keep client data confidential'],
  },
  {
    label: 'Developer tools & infrastructure',
    stems: ['Buildkeel', 'Deployer', 'Stackwise', 'Logline', 'Gitflow', 'Runbook', 'Shipyard'],
    suffixes: ['', '.dev', ' Cloud', ' HQ'],
    offers: [
      { noun: 'a CI/CD platform', does: 'builds, tests and deploys every commit' },
      { noun: 'a feature flag service', does: 'lets developers ship code dark and turn it on for a few users' },
      { noun: 'log management', does: 'collects, searches and alerts on logs from every service' },
    ],
    buyers: [
      { title: 'VP of Engineering', plural: 'VPs of engineering' },
      { title: 'CTO', plural: 'CTOs' },
      { title: 'Platform Engineering Lead', plural: 'platform engineering leads' },
      { title: 'DevOps Manager', plural: 'DevOps managers' },
      { title: 'Engineering Manager', plural: 'engineering managers' },
    ],
    customerKinds: ['engineering teams', 'platform teams', 'startups shipping daily'],
    customerNames: ['Kitebase', 'Orbital Labs', 'Pinwheel Payments', 'Thistle Health', 'Gamma Robotics'],
    pains: [
      {
        label: 'flaky builds',
        cued: ['Tired of flaky builds blocking the merge queue?'],
        plain: ['Flaky builds cost the average engineer an hour a day.'],
      },
      {
        label: 'deploys that need a war room',
        cued: ['No more deploys that need a war room.'],
        plain: ['Big-bang deploys that need a war room are the reason teams ship once a month.'],
      },
      {
        label: 'logs scattered across servers',
        cued: ['Stop grepping logs scattered across servers at 3 a.m.'],
        plain: ['When logs are scattered across servers, an outage starts with an hour of searching.'],
      },
    ],
    features: ['Parallel test runners', 'Percentage rollouts', 'Live tail', 'SSO and audit logs', 'Terraform provider'],
    posts: ['Cutting our own build times in half', 'Feature flags in the monorepo', 'Incident review: the March 3 slowdown'],
  },
  {
    label: 'Data & analytics',
    stems: ['Metricly', 'Dashly', 'Insightry', 'Querywise', 'Chartroom', 'Datapond', 'Signalbox'],
    suffixes: ['', ' Analytics', ' Data', ' Labs'],
    offers: [
      { noun: 'self-serve business intelligence', does: 'lets anyone ask questions of the warehouse without writing SQL' },
      { noun: 'a data pipeline service', does: 'syncs data from two hundred sources into your warehouse' },
      { noun: 'a metrics layer', does: 'defines every metric once so each dashboard agrees' },
    ],
    buyers: [
      { title: 'Head of Data', plural: 'heads of data' },
      { title: 'Analytics Manager', plural: 'analytics managers' },
      { title: 'Chief Data Officer', plural: 'chief data officers' },
      { title: 'Director of Business Intelligence', plural: 'directors of business intelligence' },
      { title: 'Data Engineering Manager', plural: 'data engineering managers' },
    ],
    customerKinds: ['data teams', 'analytics teams at retailers', 'operations teams'],
    customerNames: ['Foxglove Retail', 'Porter Insurance', 'Summit Energy Partners', 'Bluejay Travel', 'Kinfolk Foods'],
    pains: [
      {
        label: 'dashboards that disagree',
        cued: ['No more dashboards that disagree about revenue.'],
        plain: ['Two dashboards that disagree are worse than none.'],
      },
      {
        label: 'a backlog of ad hoc requests',
        cued: ['Tired of a backlog of ad hoc requests?'],
        plain: ['Most data teams sit behind a backlog of ad hoc requests three weeks long.'],
      },
      {
        label: 'broken pipelines found by the CEO',
        cued: ['Stop hearing about broken pipelines from the CEO.'],
        plain: ['Broken pipelines are usually found by the CEO, on a Monday, in a board deck.'],
      },
    ],
    features: ['Semantic layer', 'Scheduled reports', 'Row-level security', '200+ connectors', 'Data freshness alerts'],
    posts: ['Metric definitions your finance team will sign', 'Building our own data stack', 'Notes from a year of self-serve'],
  },
  {
    label: 'Hospitality & food',
    stems: ['Tablewise', 'Servewell', 'Menuly', 'Hostry', 'Plateful', 'Kitchenly', 'Stayhub'],
    suffixes: ['', ' Hospitality', ' Kitchen', ''],
    offers: [
      { noun: 'restaurant scheduling software', does: 'builds staff rotas from your sales forecast' },
      { noun: 'a reservations platform', does: 'takes bookings, deposits and waitlists for restaurants' },
      { noun: 'kitchen inventory software', does: 'counts stock, tracks waste and orders from suppliers' },
    ],
    buyers: [
      { title: 'General Manager', plural: 'general managers' },
      { title: 'Restaurant Owner', plural: 'restaurant owners' },
      { title: 'Director of Operations', plural: 'directors of operations' },
      { title: 'Executive Chef', plural: 'executive chefs' },
      { title: 'Hotel Manager', plural: 'hotel managers' },
    ],
    customerKinds: ['independent restaurants', 'restaurant groups', 'boutique hotels'],
    customerNames: ['The Copper Pot', 'Osteria Luna', 'Harbor House Hotel', 'Green Fig Café', 'Smokestack BBQ'],
    pains: [
      {
        label: 'no-shows on Friday nights',
        cued: ['Stop losing tables to no-shows on Friday nights.'],
        plain: ['No-shows on Friday nights cost a 60-cover room about four tables a week.'],
      },
      {
        label: 'food waste',
        cued: ['Cut food waste without cutting the menu.'],
        plain: ['Food waste eats four to ten percent of what a kitchen buys.'],
      },
      {
        label: 'rotas built in a spreadsheet',
        cued: ['No more rotas built in a spreadsheet on Sunday night.'],
        plain: ['Rotas built in a spreadsheet never match the covers you actually serve.'],
      },
    ],
    features: ['Deposits for large parties', 'Waitlist by text', 'Sales-based forecasting', 'Supplier ordering', 'Waste log'],
    posts: ['Menu engineering for the winter season', 'What we learned from 400 restaurant owners', 'Tipping and scheduling rules in 2026'],
  },
  {
    label: 'Energy & utilities',
    stems: ['Gridwise', 'Solarly', 'Voltline', 'Brightgrid', 'Sunward', 'Chargewell', 'Kilowatt'],
    suffixes: ['', ' Energy', ' Power', ' Solar'],
    offers: [
      { noun: 'solar installation software', does: 'designs systems, sends proposals and tracks permits' },
      { noun: 'EV charging management', does: 'runs fleets of chargers with billing and load balancing' },
      { noun: 'energy monitoring for buildings', does: 'measures every circuit and finds wasted energy' },
    ],
    buyers: [
      { title: 'Facilities Manager', plural: 'facilities managers' },
      { title: 'Energy Manager', plural: 'energy managers' },
      { title: 'Sustainability Director', plural: 'sustainability directors' },
      { title: 'Installation Manager', plural: 'installation managers' },
      { title: 'VP of Operations', plural: 'VPs of operations' },
    ],
    customerKinds: ['solar installers', 'commercial property owners', 'fleet operators'],
    customerNames: ['Brightside Solar', 'Evergreen Properties', 'Metro Transit Fleet', 'Sunrise Roofing & Solar', 'Cascade Schools'],
    pains: [
      {
        label: 'permits that stall installs',
        cued: ['No more permits that stall installs for six weeks.'],
        plain: ['Permits stall installs longer than any supply shortage.'],
      },
      {
        label: 'demand charges',
        cued: ['Tired of demand charges doubling your bill?'],
        plain: ['Demand charges make up half of a commercial energy bill.'],
      },
      {
        label: 'chargers that go offline',
        cued: ['Stop sending technicians to chargers that go offline.'],
        plain: ['One in five public chargers goes offline in a given week.'],
      },
    ],
    features: ['Proposal builder', 'Permit tracking', 'Load balancing', 'Circuit-level metering', 'Utility bill import'],
    posts: ['Net metering changes, explained', 'A year of our own rooftop array', 'Charger uptime, measured'],
  },
];
