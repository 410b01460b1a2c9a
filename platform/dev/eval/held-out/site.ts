// One generated company site: what the generator chose to say (the plan, which is also the
// label), then the pages that say it. Pages vary the way real sites do: which pages exist and
// what they are called, how links are written, how a person's name and title are marked up,
// where the headcount is stated (if at all), cookie banners, menus and footers full of links.
import { INDUSTRY_VOCABULARY, type IndustryVocabulary, type Pain, type Role } from './industries.ts';
import { CITIES, FIRST_NAMES, HIRED_ROLES, LAST_NAMES, LEADERSHIP_TITLES, type HiredRole } from './people.ts';
import { Random } from './random.ts';
import { CMS_TAGS, ENGINEERING_STACK, INFRASTRUCTURE_TAGS, JOB_AD_TOOLS, SCRIPT_TOOLS, SERVER_HEADERS, type ToolTag } from './tools.ts';

/** The labels of one site, in the harness's format (platform/dev/eval/eval-sites.ts, SiteLabel). */
export interface GeneratedLabel {
  industry: string;
  sizeBand: string | null;
  businessTech: string[];
  infrastructure: string[];
  titles: string[];
  /** Roles the careers page hires for: growth, never a buyer title. */
  hiring: string[];
  pains: string[];
}

export interface GeneratedSite {
  slug: string;
  name: string;
  label: GeneratedLabel;
  /** Path inside the site folder → file text. */
  files: Map<string, string>;
}

type PageKind = 'home' | 'about' | 'team' | 'customers' | 'pricing' | 'careers' | 'blog' | 'contact';
type LinkStyle = 'html' | 'pretty' | 'folder';

const PAGE_SLUGS: Record<Exclude<PageKind, 'home'>, readonly string[]> = {
  about: ['about', 'company', 'about-us', 'our-story'],
  team: ['team', 'leadership', 'people'],
  customers: ['customers', 'testimonials', 'case-studies', 'stories'],
  pricing: ['pricing', 'plans'],
  careers: ['careers', 'jobs', 'join-us'],
  blog: ['blog', 'news', 'journal', 'insights'],
  contact: ['contact'],
};

const NAV_TEXT: Record<PageKind, readonly string[]> = {
  home: ['Home'],
  about: ['About', 'Company', 'About us', 'Our story'],
  team: ['Team', 'Leadership', 'People'],
  customers: ['Customers', 'Testimonials', 'Case studies', 'Stories'],
  pricing: ['Pricing', 'Plans'],
  careers: ['Careers', 'Jobs', 'Join us', "We're hiring"],
  blog: ['Blog', 'News', 'Journal', 'Insights'],
  contact: ['Contact', 'Contact us', 'Get in touch'],
};

/** Size bands as the harness writes them: min ≤ headcount < max; the headcount is drawn well inside. */
const BANDS: ReadonlyArray<{ band: string; min: number; max: number }> = [
  { band: '10-50', min: 12, max: 45 },
  { band: '50-200', min: 60, max: 185 },
  { band: '200-500', min: 215, max: 470 },
  { band: '500-1000', min: 530, max: 940 },
  { band: '5000+', min: 5400, max: 14000 },
];

interface Person {
  name: string;
  title: string;
}

interface Testimonial {
  quote: string;
  person: Person;
  company: string;
}

interface Job {
  role: HiredRole;
  city: string;
  /** Sentences of the ad; some name tools. */
  lines: string[];
}

/** Where each thing goes, decided before any HTML is written. */
interface Plan {
  random: Random;
  vocabulary: IndustryVocabulary;
  name: string;
  slug: string;
  offer: { noun: string; does: string };
  customerKind: string;
  builtFor: Role[];
  builtForPage: PageKind | null;
  team: Person[];
  teamMarkup: number;
  teamPage: PageKind | null;
  testimonials: Testimonial[];
  testimonialPage: PageKind | null;
  testimonialMarkup: number;
  pains: Array<{ pain: Pain; sentence: string; page: PageKind }>;
  headcount: { text: string; page: PageKind } | null;
  sizeBand: string | null;
  jobs: Job[];
  headTools: ToolTag[];
  cms: ToolTag | null;
  server: (typeof SERVER_HEADERS)[number] | null;
  shopify: boolean;
  openGraph: boolean;
  cookieBanner: number | null;
  integrations: string[];
  distractors: string[];
  pages: PageKind[];
  slugs: Partial<Record<PageKind, string>>;
  linkStyle: LinkStyle;
  thin: boolean;
  year: number;
  city: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const joinAnd = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}${items.length > 2 ? ',' : ''} and ${items[items.length - 1]}`;
const formatCount = (n: number) => n.toLocaleString('en-US');

function personName(random: Random, used: Set<string>): string {
  for (;;) {
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

/** Decides what one site says. `index` and the group's industries fix it; nothing else does. */
function planSite(seed: number, index: number, vocabulary: IndustryVocabulary, usedNames: Set<string>): Plan {
  const random = Random.of(seed, 'site', index);
  // One company per name stem across the set ("Keystone" and "Keystone Security" would read as one).
  const stems = vocabulary.stems.filter((stem) => !usedNames.has(stem));
  const stem = stems.length > 0 ? random.pick(stems) : `${random.pick(vocabulary.stems)} ${index}`;
  usedNames.add(stem);
  const name = `${stem}${random.pick(vocabulary.suffixes)}`;
  const slug = slugify(name);
  const people = new Set<string>();
  const shape = random.pick(['thin', 'standard', 'standard', 'full', 'full'] as const);
  const thin = shape === 'thin';
  const optional: Array<Exclude<PageKind, 'home'>> = random.shuffle([
    'about',
    'team',
    'customers',
    'pricing',
    'careers',
    'blog',
    'contact',
  ]);
  const extra = thin ? 2 : shape === 'standard' ? 3 : random.int(4, 5);
  const pages: PageKind[] = ['home', ...optional.slice(0, extra)];
  const has = (kind: PageKind) => pages.includes(kind);
  const slugs: Partial<Record<PageKind, string>> = {};
  for (const kind of pages) if (kind !== 'home') slugs[kind] = random.pick(PAGE_SLUGS[kind]);

  const offer = random.pick(vocabulary.offers);
  const customerKind = random.pick(vocabulary.customerKinds);
  const buyers = random.shuffle(vocabulary.buyers);

  // "Built for" sentences name one to three buyer roles, on the home or about page.
  const builtFor = !thin || random.chance(0.5) ? buyers.slice(0, random.int(1, thin ? 1 : 3)) : [];
  const builtForPage: PageKind | null = builtFor.length === 0 ? null : has('about') && random.chance(0.35) ? 'about' : 'home';

  // The team: its own page, a section of the about page, or nowhere.
  const teamPage: PageKind | null = has('team') ? 'team' : has('about') && random.chance(0.6) ? 'about' : null;
  const leadership = random.shuffle(LEADERSHIP_TITLES);
  const teamSize = teamPage === 'team' ? random.int(3, 6) : random.int(2, 3);
  const teamTitles: string[] = [];
  for (const title of leadership) {
    if (teamTitles.length >= teamSize) break;
    if (title === 'CEO' && teamTitles.includes('Co-founder & CEO')) continue;
    if (title === 'Co-founder & CEO' && teamTitles.includes('CEO')) continue;
    if (title === 'COO' && teamTitles.includes('Chief Operating Officer')) continue;
    if (title === 'Chief Operating Officer' && teamTitles.includes('COO')) continue;
    teamTitles.push(title);
  }
  const team = teamPage ? teamTitles.map((title) => ({ name: personName(random, people), title })) : [];

  // Testimonials quote the company's customers: the people who bought it.
  const testimonialPage: PageKind | null = has('customers') ? 'customers' : !thin && random.chance(0.5) ? 'home' : null;
  const testimonialCount = testimonialPage === 'customers' ? random.int(2, 4) : testimonialPage ? 1 : 0;
  const customerCompanies = random.shuffle(vocabulary.customerNames);
  const testimonialRoles = random.shuffle(buyers);
  const testimonials: Testimonial[] = [];
  for (let i = 0; i < testimonialCount; i++) {
    const company = customerCompanies[i % customerCompanies.length] as string;
    const role = testimonialRoles[i % testimonialRoles.length] as Role;
    testimonials.push({ company, person: { name: personName(random, people), title: role.title }, quote: '' });
  }

  // Pains: none to three, each said once, with or without a cue word.
  const painCount = thin ? random.int(0, 1) : random.int(1, 3);
  const painPages: PageKind[] = ['home', 'home', ...(has('about') ? ['about' as const] : []), ...(has('blog') ? ['blog' as const] : [])];
  const pains = random.sample(vocabulary.pains, painCount).map((pain) => ({
    pain,
    sentence: random.chance(0.5) ? random.pick(pain.cued) : random.pick(pain.plain),
    page: random.pick(painPages),
  }));
  for (const testimonial of testimonials) testimonial.quote = testimonialQuote(random, name, offer.noun);

  // Headcount: stated in one of many ways, or not at all.
  const statesSize = thin ? random.chance(0.3) : random.chance(0.8);
  // Customers are more often small than large.
  const band = statesSize ? random.pick([0, 0, 0, 1, 1, 1, 2, 2, 3, 4].map((i) => BANDS[i] as (typeof BANDS)[number])) : null;
  const count = band ? random.int(band.min, band.max) : 0;
  const sizePages: PageKind[] = [
    ...(has('about') ? ['about' as const, 'about' as const] : []),
    ...(has('careers') ? ['careers' as const] : []),
    'home',
  ];
  const headcount = band ? { text: headcountSentence(random, name, count), page: random.pick(sizePages) } : null;

  // Jobs: the roles the company is hiring for, never its buyers; some ads name the tools it uses.
  const jobs: Job[] = [];
  if (has('careers')) {
    const buyerKeys = new Set([...builtFor, ...buyers].map((role) => role.title.toLowerCase()));
    const roles = random
      .shuffle(HIRED_ROLES)
      .filter((role) => !buyerKeys.has(role.title.toLowerCase()))
      .slice(0, random.int(1, 4));
    for (const role of roles) jobs.push({ role, city: random.pick(CITIES), lines: jobLines(random, role, name) });
  }

  // What the pages carry in their head: business snippets, infrastructure, a CMS, a server.
  const businessCount = thin ? random.int(0, 2) : random.int(1, 4);
  const headTools: ToolTag[] = [];
  for (const tool of random.shuffle(SCRIPT_TOOLS)) {
    if (headTools.length >= businessCount) break;
    if (!headTools.some((chosen) => chosen.name === tool.name)) headTools.push(tool);
  }
  for (const tool of random.sample(INFRASTRUCTURE_TAGS, random.int(0, 2))) headTools.push(tool);
  const cms = random.chance(0.35) ? random.pick(CMS_TAGS) : null;
  const server = random.chance(0.6) ? random.pick(SERVER_HEADERS) : null;
  const shopify = vocabulary.label === 'E-commerce & retail' && random.chance(0.5);

  const integrations =
    !thin && random.chance(0.3)
      ? random.sample(['Salesforce', 'HubSpot', 'Slack', 'QuickBooks', 'NetSuite', 'Zapier', 'Microsoft Teams', 'Google Sheets'], 3)
      : [];
  const distractors = random.sample(
    [
      `Trusted by ${formatCount(random.int(3, 40) * 100)}+ ${customerKind}`,
      `Founded in ${random.int(2009, 2022)}`,
      `${random.int(20, 300)}+ integrations`,
      `${random.int(2, 9)} offices`,
      `${random.int(90, 99)}% customer satisfaction`,
      `Backed by $${random.int(4, 60)}M in funding`,
    ],
    random.int(0, 2),
  );

  return {
    random,
    vocabulary,
    name,
    slug,
    offer,
    customerKind,
    builtFor,
    builtForPage,
    team,
    teamMarkup: random.int(0, 8),
    teamPage,
    testimonials,
    testimonialPage,
    testimonialMarkup: random.int(0, 4),
    pains,
    headcount,
    sizeBand: band?.band ?? null,
    jobs,
    headTools,
    cms,
    server,
    shopify,
    openGraph: random.chance(0.55),
    cookieBanner: random.chance(0.5) ? random.int(0, 3) : null,
    integrations,
    distractors,
    pages,
    slugs,
    linkStyle: random.pick(['html', 'pretty', 'folder'] as const),
    thin,
    year: random.int(2008, 2022),
    city: random.pick(CITIES),
  };
}

function testimonialQuote(random: Random, company: string, noun: string): string {
  return random.pick([
    `We switched to ${company} last spring and haven't looked back.`,
    `${company} paid for itself in the first quarter.`,
    `Honestly, I didn't expect ${noun} to change how our week runs. It did.`,
    `The onboarding took two afternoons. Our team was live the same week.`,
    `Their support team answers in minutes, not days.`,
    `Before ${company} we had three tools and a spreadsheet. Now we have one place to look.`,
    `It's the first ${noun.replace(/^an? /, '')} our whole team actually uses.`,
    `We cut the time we spend on this by more than half.`,
  ]);
}

function headcountSentence(random: Random, name: string, count: number): string {
  const n = formatCount(count);
  return random.pick([
    `We're a team of ${n} people.`,
    `Today ${n} people work at ${name}.`,
    `${name} has ${n} employees.`,
    `We are ${n} employees strong.`,
    `A ${n}-person team, and growing.`,
    `Our ${n} employees are spread across offices and home desks.`,
    `${n} employees`,
  ]);
}

function jobLines(random: Random, role: HiredRole, company: string): string[] {
  const lines = [
    random.pick([
      `You'll join the ${role.team} team at ${company} and report to its lead.`,
      `We're looking for a ${role.title} to help us grow.`,
      `This is a new role on a team that has doubled this year.`,
    ]),
  ];
  if (role.tools === 'engineering') {
    if (random.chance(0.8)) lines.push(`Our stack: ${joinAnd(random.sample(ENGINEERING_STACK, random.int(2, 4)))}.`);
  } else if (random.chance(0.75)) {
    const tools = random.sample(JOB_AD_TOOLS[role.tools] ?? [], random.int(1, 2));
    lines.push(
      random.pick([
        `Experience with ${joinAnd(tools)} is a plus.`,
        `You know your way around ${joinAnd(tools)}.`,
        `You'll work in ${joinAnd(tools)} every day.`,
        `Hands-on experience with ${joinAnd(tools)}.`,
        `We run on ${joinAnd(tools)}, so experience there helps.`,
      ]),
    );
  }
  lines.push(
    random.pick([
      'Competitive salary and equity.',
      'Hybrid, two days a week in the office.',
      'Fully remote within your time zone.',
      '25 days of paid leave.',
    ]),
  );
  return lines;
}

/** Tools a job ad names, by what they are. */
function jobTools(plan: Plan): { business: string[]; infrastructure: string[] } {
  const business = new Set<string>();
  const infrastructure = new Set<string>();
  const allBusiness = new Set(Object.values(JOB_AD_TOOLS).flat());
  for (const job of plan.jobs)
    for (const line of job.lines) {
      if (line.startsWith('Our stack:'))
        for (const tech of ENGINEERING_STACK) if (new RegExp(`\\b${tech}\\b`).test(line)) infrastructure.add(tech);
      if (job.role.tools !== 'engineering') for (const tech of allBusiness) if (line.includes(tech)) business.add(tech);
    }
  return { business: [...business], infrastructure: [...infrastructure] };
}

/** The labels: exactly what the plan put on the pages. */
function labelOf(plan: Plan): GeneratedLabel {
  const unique = (items: string[]) => [...new Set(items)];
  const fromJobs = jobTools(plan);
  const titles = unique([
    ...plan.team.map((person) => person.title),
    ...plan.testimonials.map((testimonial) => testimonial.person.title),
    ...plan.builtFor.map((role) => role.title),
  ]);
  return {
    industry: plan.vocabulary.label,
    sizeBand: plan.sizeBand,
    businessTech: unique([
      ...plan.headTools.filter((tool) => tool.kind === 'business').map((tool) => tool.name),
      ...(plan.shopify ? ['Shopify'] : []),
      ...fromJobs.business,
    ]),
    infrastructure: unique([
      ...plan.headTools.filter((tool) => tool.kind === 'infrastructure').map((tool) => tool.name),
      ...(plan.cms ? [plan.cms.name] : []),
      ...(plan.server ? [plan.server.name] : []),
      ...(plan.openGraph ? ['Open Graph'] : []),
      ...fromJobs.infrastructure,
    ]),
    titles,
    hiring: unique(plan.jobs.map((job) => job.role.title)),
    pains: plan.pains.map(({ pain }) => pain.label),
  };
}

// ---------------------------------------------------------------------------------------------
// Pages

function fileOf(plan: Plan, kind: PageKind): string {
  if (kind === 'home') return 'index.html';
  const slug = plan.slugs[kind] as string;
  return plan.linkStyle === 'folder' ? `${slug}/index.html` : `${slug}.html`;
}

function href(plan: Plan, from: PageKind, to: PageKind): string {
  const up = plan.linkStyle === 'folder' && from !== 'home' ? '../' : '';
  if (to === 'home') return up || './';
  const slug = plan.slugs[to] as string;
  return `${up}${plan.linkStyle === 'html' ? `${slug}.html` : plan.linkStyle === 'pretty' ? slug : `${slug}/`}`;
}

function head(plan: Plan, kind: PageKind, title: string, description: string): string {
  const r = Random.of(plan.year, plan.slug, 'head');
  const lines = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(description)}">`,
  ];
  if (plan.openGraph)
    lines.push(
      `<meta property="og:title" content="${escape(title)}">`,
      `<meta property="og:description" content="${escape(description)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:image" content="https://www.${plan.slug}.com/img/social-card.png">`,
    );
  if (r.chance(0.4)) lines.push(`<meta name="twitter:card" content="summary_large_image">`);
  if (r.chance(0.3)) lines.push(`<meta name="google-site-verification" content="${r.hex(22)}">`);
  if (plan.cms) lines.push(plan.cms.html(Random.of(plan.year, plan.slug, 'cms')));
  if (plan.shopify)
    lines.push(
      `<meta name="shopify-checkout-api-token" content="${r.hex(32)}">`,
      `<link rel="preconnect" href="https://cdn.shopify.com" crossorigin>`,
      `<script>var Shopify = Shopify || {}; Shopify.shop = "${plan.slug}.myshopify.com"; Shopify.theme = {"name":"Dawn","id":${r.digits(11)}};</script>`,
      `<script src="//cdn.shopify.com/s/trekkie.storefront.${r.hex(10)}.min.js"></script>`,
    );
  lines.push(`<link rel="stylesheet" href="${plan.linkStyle === 'folder' && kind !== 'home' ? '../' : ''}assets/site.css">`);
  for (const [i, tool] of plan.headTools.entries()) if (!tool.inBody) lines.push(tool.html(Random.of(plan.year, plan.slug, 'tool', i)));
  return lines.join('\n');
}

function nav(plan: Plan, kind: PageKind): string {
  const r = Random.of(plan.year, plan.slug, 'nav');
  const links = plan.pages
    .filter((page) => page !== 'home' && page !== 'contact')
    .map((page) => `<li><a href="${href(plan, kind, page)}">${escape(r.pick(NAV_TEXT[page]))}</a></li>`);
  const noise = plan.thin
    ? []
    : r.sample(
        [
          '<li><a href="#">Solutions</a></li>',
          '<li><a href="#">Resources</a></li>',
          '<li><a href="#">Partners</a></li>',
          '<li><a href="#">Integrations</a></li>',
          '<li><a href="#">Security</a></li>',
        ],
        r.int(0, 3),
      );
  const cta = plan.pages.includes('contact')
    ? `<a class="button" href="${href(plan, kind, 'contact')}">${r.pick(['Book a demo', 'Talk to us', 'Get in touch', 'Request a demo'])}</a>`
    : `<a class="button" href="#signup">${r.pick(['Start free trial', 'Get started', 'Sign up'])}</a>`;
  return `<header class="site-header">
  <a class="logo" href="${href(plan, kind, 'home')}">${escape(plan.name)}</a>
  <nav aria-label="Main">
    <ul>
      ${[...links, ...noise].join('\n      ')}
    </ul>
  </nav>
  <a class="login" href="https://app.${plan.slug}.com/login">Log in</a>
  ${cta}
</header>`;
}

function footer(plan: Plan, kind: PageKind): string {
  const r = Random.of(plan.year, plan.slug, 'footer');
  const columns = plan.thin
    ? ''
    : `<div class="footer-columns">
    <div><h4>Product</h4><ul><li><a href="#">Features</a></li><li><a href="#">Security</a></li><li><a href="#">Changelog</a></li><li><a href="#">Status</a></li></ul></div>
    <div><h4>Company</h4><ul>${plan.pages
      .filter((page) => page !== 'home')
      .map((page) => `<li><a href="${href(plan, kind, page)}">${NAV_TEXT[page][0]}</a></li>`)
      .join('')}</ul></div>
    <div><h4>Legal</h4><ul><li><a href="#">Privacy</a></li><li><a href="#">Terms</a></li><li><a href="#">Cookie settings</a></li></ul></div>
  </div>`;
  const newsletter = r.chance(0.4)
    ? `\n  <form class="newsletter"><label>Get product news once a month <input type="email" placeholder="you@company.com"></label><button>Subscribe</button></form>`
    : '';
  const social = r.chance(0.6)
    ? `\n  <p class="social"><a href="https://www.linkedin.com/company/${plan.slug}">LinkedIn</a> · <a href="https://x.com/${plan.slug}">X</a> · <a href="https://www.youtube.com/@${plan.slug}">YouTube</a></p>`
    : '';
  return `<footer class="site-footer">
  ${columns}${newsletter}${social}
  <p>© ${2026} ${escape(plan.name)}${r.chance(0.5) ? `, Inc.` : ''} · ${escape(plan.city)}</p>
</footer>`;
}

function cookieBanner(plan: Plan): string {
  switch (plan.cookieBanner) {
    case 0:
      return `<div class="cookie-banner" role="dialog" aria-label="Cookie consent">
  <p>We use cookies to improve your experience and to analyse our traffic. See our <a href="#">cookie policy</a>.</p>
  <button type="button">Accept all</button> <button type="button">Reject non-essential</button> <button type="button">Preferences</button>
</div>`;
    case 1:
      return `<div id="cookie-notice"><span>This website uses cookies. By continuing to browse, you agree to our use of cookies.</span> <a href="#" class="cn-accept">OK</a></div>`;
    case 2:
      return `<aside class="consent">
  <h2>Your privacy</h2>
  <p>We and our partners store and access information on your device, such as cookies, for analytics, personalised ads and content measurement. You can change your choices at any time under Cookie settings.</p>
  <button>Allow all cookies</button><button>Necessary only</button>
</aside>`;
    case 3:
      return `<div class="cc-window" aria-live="polite"><span class="cc-message">Cookies help us deliver our services. Learn more in our privacy policy.</span><a class="cc-btn cc-dismiss">Got it!</a></div>`;
    default:
      return '';
  }
}

function bodyScripts(plan: Plan): string {
  return plan.headTools
    .map((tool, i) => (tool.inBody ? tool.html(Random.of(plan.year, plan.slug, 'tool', i)) : ''))
    .filter(Boolean)
    .join('\n');
}

function page(plan: Plan, kind: PageKind, title: string, description: string, main: string): string {
  const lang = plan.random.chance(0.9) ? 'en' : 'en-US';
  const banner = cookieBanner(plan);
  const scripts = bodyScripts(plan);
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
${head(plan, kind, title, description)}
</head>
<body>
${nav(plan, kind)}
<main>
${main}
</main>
${footer(plan, kind)}
${banner}${banner && scripts ? '\n' : ''}${scripts}
</body>
</html>
`;
}

function personHtml(person: Person, markup: number, random: Random, company: string): string {
  const n = escape(person.name);
  const t = escape(person.title);
  switch (markup) {
    case 0:
      return `<div class="member">\n  <h3>${n}</h3>\n  <p class="role">${t}</p>\n</div>`;
    case 1:
      return `<li><span class="title">${t}</span> <span class="name">${n}</span></li>`;
    case 2:
      return `<p><strong>${n}</strong>, ${t}</p>`;
    case 3:
      return `<p>${n} — ${t}</p>`;
    case 4:
      return `<figure>\n  <img src="img/${slugify(person.name)}.jpg" alt="Portrait of ${n}">\n  <figcaption>${n}<br>${t}</figcaption>\n</figure>`;
    case 5:
      return `<tr><td>${n}</td><td>${t}</td></tr>`;
    case 6:
      return `<article class="bio">\n  <h4>${t}</h4>\n  <p>${n} joined ${escape(company)} in ${random.int(2015, 2025)} after ${random.int(4, 15)} years in ${random.pick(['consulting', 'enterprise software', 'operations', 'the industry we serve'])}.</p>\n</article>`;
    case 7:
      return `<p><b>${t}</b> ${n}</p>`;
    default:
      return `<p>${n} is our ${t}. ${random.pick(['Before that, she ran operations at a company twice our size.', 'He started his career on the customer side.', 'They have been with us since the first customer.'])}</p>`;
  }
}

function teamSection(plan: Plan, heading: string): string {
  const r = Random.of(plan.year, plan.slug, 'team');
  const items = plan.team.map((person) => personHtml(person, plan.teamMarkup, r, plan.name));
  const wrapped =
    plan.teamMarkup === 1
      ? `<ul class="team">\n${items.join('\n')}\n</ul>`
      : plan.teamMarkup === 5
        ? `<table class="team">\n<tr><th>Name</th><th>Role</th></tr>\n${items.join('\n')}\n</table>`
        : `<div class="team-grid">\n${items.join('\n')}\n</div>`;
  return `<section id="team">\n<h2>${heading}</h2>\n${wrapped}\n</section>`;
}

function testimonialHtml(testimonial: Testimonial, markup: number): string {
  const q = escape(testimonial.quote);
  const n = escape(testimonial.person.name);
  const t = escape(testimonial.person.title);
  const c = escape(testimonial.company);
  switch (markup) {
    case 0:
      return `<blockquote>\n  <p>“${q}”</p>\n  <footer>— ${n}, ${t} at ${c}</footer>\n</blockquote>`;
    case 1:
      return `<div class="testimonial">\n  <p class="quote">"${q}"</p>\n  <p class="author">${n}<br><span>${t}, ${c}</span></p>\n</div>`;
    case 2:
      return `<figure class="quote">\n  <blockquote>${q}</blockquote>\n  <figcaption><strong>${n}</strong> · ${t} · ${c}</figcaption>\n</figure>`;
    case 3:
      return `<p>“${q}” says ${n}, ${t} of ${c}.</p>`;
    default:
      return `<div class="card">\n  <img src="logos/${slugify(testimonial.company)}.svg" alt="${c}">\n  <p>${q}</p>\n  <p class="cite">${t} ${n}</p>\n</div>`;
  }
}

function builtForSentence(plan: Plan): string {
  const roles = joinAnd(plan.builtFor.map((role) => role.plural));
  return plan.random.pick([
    `Built for ${roles} at ${plan.customerKind}.`,
    `Made for ${roles} who are done with workarounds.`,
    `${plan.name} is designed with ${roles} in mind.`,
    `Who it's for: ${roles} at ${plan.customerKind}.`,
    `We built ${plan.name} for ${roles}.`,
  ]);
}

/** Paragraphs of each page's own that hold placed things (pains, headcount, built-for). */
function placed(plan: Plan, kind: PageKind): string[] {
  const out: string[] = [];
  if (plan.builtForPage === kind) out.push(`<p class="audience">${escape(builtForSentence(plan))}</p>`);
  for (const { sentence, page } of plan.pains) if (page === kind) out.push(`<p>${escape(sentence)}</p>`);
  if (plan.headcount?.page === kind) out.push(`<p>${escape(plan.headcount.text)}</p>`);
  return out;
}

function homePage(plan: Plan): string {
  const r = Random.of(plan.year, plan.slug, 'home');
  const features = r.sample(plan.vocabulary.features, plan.thin ? 2 : r.int(3, 5));
  const pieces = [
    `<section class="hero">\n<h1>${escape(capitalise(plan.offer.noun.replace(/^an? /, '')))} ${r.pick(['that just works', 'for teams that move fast', 'without the busywork', 'your team will actually use', ''])}</h1>\n<p>${escape(plan.name)} ${escape(plan.offer.does)}.</p>\n</section>`,
    ...placed(plan, 'home'),
    `<section class="features">\n<h2>${r.pick(['Features', 'What you get', 'Everything in one place', 'How it works'])}</h2>\n<ul>\n${features.map((feature) => `<li>${escape(feature)}</li>`).join('\n')}\n</ul>\n</section>`,
  ];
  if (plan.distractors.length > 0)
    pieces.push(`<ul class="stats">\n${plan.distractors.map((text) => `<li>${escape(text)}</li>`).join('\n')}\n</ul>`);
  if (plan.integrations.length > 0) pieces.push(`<p>Connects to ${joinAnd(plan.integrations)} out of the box.</p>`);
  if (plan.testimonialPage === 'home')
    pieces.push(
      `<section class="testimonials">\n${plan.testimonials.map((t) => testimonialHtml(t, plan.testimonialMarkup)).join('\n')}\n</section>`,
    );
  return page(
    plan,
    'home',
    `${plan.name} — ${capitalise(plan.offer.noun.replace(/^an? /, ''))}`,
    `${plan.name} ${plan.offer.does}.`,
    pieces.join('\n'),
  );
}

function aboutPage(plan: Plan): string {
  const r = Random.of(plan.year, plan.slug, 'about');
  const pieces = [
    `<h1>${r.pick(['About us', `About ${escape(plan.name)}`, 'Our story', 'Who we are'])}</h1>`,
    `<p>${escape(plan.name)} started in ${plan.year} ${r.pick(['in a spare room', 'as a side project', 'after one very long quarter', 'with two customers and a whiteboard'])}. ${r.pick(['We still answer every support ticket ourselves.', 'We are profitable and plan to stay independent.', 'Our customers shaped every feature we ship.'])}</p>`,
    ...placed(plan, 'about'),
  ];
  if (!plan.thin)
    pieces.push(
      `<h2>${r.pick(['What we believe', 'Our values', 'How we work'])}</h2>\n<ul><li>Customers first</li><li>Write it down</li><li>Ship small, ship often</li></ul>`,
    );
  if (plan.teamPage === 'about') pieces.push(teamSection(plan, r.pick(['Leadership', 'Meet the team', 'The people behind ' + plan.name])));
  return page(plan, 'about', `About — ${plan.name}`, `The story of ${plan.name}.`, pieces.join('\n'));
}

function teamPage(plan: Plan): string {
  const r = Random.of(plan.year, plan.slug, 'teampage');
  const pieces = [
    `<h1>${r.pick(['Our team', 'Leadership', 'The people of ' + escape(plan.name)])}</h1>`,
    ...placed(plan, 'team'),
    teamSection(plan, r.pick(['Leadership team', 'Management', 'Founders and leads'])),
  ];
  return page(plan, 'team', `Team — ${plan.name}`, `Meet the team behind ${plan.name}.`, pieces.join('\n'));
}

function customersPage(plan: Plan): string {
  const r = Random.of(plan.year, plan.slug, 'customers');
  const pieces = [
    `<h1>${r.pick(['Customers', 'What our customers say', 'Customer stories', 'Loved by ' + escape(plan.customerKind)])}</h1>`,
    ...placed(plan, 'customers'),
    `<section class="testimonials">\n${plan.testimonials.map((t) => testimonialHtml(t, plan.testimonialMarkup)).join('\n')}\n</section>`,
  ];
  return page(plan, 'customers', `Customers — ${plan.name}`, `How ${plan.customerKind} use ${plan.name}.`, pieces.join('\n'));
}

function pricingPage(plan: Plan): string {
  const r = Random.of(plan.year, plan.slug, 'pricing');
  const base = r.pick([19, 29, 49, 79, 99]);
  const tiers = [
    ['Starter', `$${base}`, `Up to ${r.pick([3, 5, 10])} users`],
    ['Growth', `$${base * 3}`, `Up to ${r.pick([25, 50])} users`],
    ['Enterprise', 'Talk to us', 'Unlimited users, SSO, audit log'],
  ];
  const pieces = [
    `<h1>${r.pick(['Pricing', 'Simple, transparent pricing', 'Plans for every team'])}</h1>`,
    ...placed(plan, 'pricing'),
    `<div class="tiers">\n${tiers.map(([name, price, detail]) => `<div class="tier"><h3>${name}</h3><p class="price">${price}${price?.startsWith('$') ? ' / month' : ''}</p><p>${detail}</p></div>`).join('\n')}\n</div>`,
    `<p>${r.pick(['All plans include a 14-day free trial.', 'Billed annually. Cancel any time.', 'Nonprofits get 30% off.'])}</p>`,
  ];
  return page(plan, 'pricing', `Pricing — ${plan.name}`, `Plans and prices for ${plan.name}.`, pieces.join('\n'));
}

function careersPage(plan: Plan): string {
  const r = Random.of(plan.year, plan.slug, 'careers');
  const jobs =
    plan.jobs.length === 0
      ? '<p>No open roles right now. We still read every open application.</p>'
      : plan.jobs
          .map(
            (job) =>
              `<article class="job">\n  <h3>${escape(job.role.title)}</h3>\n  <p class="meta">${escape(job.role.team)} · ${escape(job.city)}</p>\n  <ul>\n${job.lines.map((line) => `    <li>${escape(line)}</li>`).join('\n')}\n  </ul>\n  <a href="#apply">Apply</a>\n</article>`,
          )
          .join('\n');
  const pieces = [
    `<h1>${r.pick(['Careers', 'Join us', "We're hiring", 'Work with us'])}</h1>`,
    `<p>${r.pick(['We hire people who like hard problems and kind colleagues.', 'Come build the tool you wish you had at your last job.', 'Small teams, real ownership, no politics.'])}</p>`,
    ...placed(plan, 'careers'),
    `<h2>Open positions</h2>\n${jobs}`,
    `<h2>Benefits</h2>\n<ul><li>Health, dental and vision</li><li>Learning budget</li><li>Home office stipend</li></ul>`,
  ];
  return page(plan, 'careers', `Careers at ${plan.name}`, `Open roles at ${plan.name}.`, pieces.join('\n'));
}

function blogPage(plan: Plan): string {
  const r = Random.of(plan.year, plan.slug, 'blog');
  const posts = r.sample(plan.vocabulary.posts, r.int(2, 3));
  const people = new Set<string>(plan.team.map((person) => person.name));
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November'];
  const painLines = plan.pains.filter(({ page }) => page === 'blog').map(({ sentence }) => sentence);
  const items = posts.map((title, i) => {
    const teaser =
      painLines[i] ?? r.pick(['A look behind the scenes.', 'What we learned, and what we would do differently.', 'Five minutes to read.']);
    return `<article class="post">\n  <h2><a href="#">${escape(title)}</a></h2>\n  <p class="byline">${months[r.int(0, months.length - 1)]} ${r.int(1, 28)}, 2026 · by ${escape(personName(r, people))}</p>\n  <p>${escape(teaser)}</p>\n</article>`;
  });
  // A pain placed on the blog with fewer posts than pains still gets said.
  for (const extra of painLines.slice(posts.length)) items.push(`<p>${escape(extra)}</p>`);
  const pieces = [`<h1>${r.pick(['Blog', 'News', 'From the team', 'Insights'])}</h1>`, ...items];
  return page(plan, 'blog', `Blog — ${plan.name}`, `News from ${plan.name}.`, pieces.join('\n'));
}

function contactPage(plan: Plan): string {
  const r = Random.of(plan.year, plan.slug, 'contact');
  const pieces = [
    `<h1>${r.pick(['Contact', 'Talk to us', 'Get in touch'])}</h1>`,
    ...placed(plan, 'contact'),
    `<form>\n<label>Name <input name="name"></label>\n<label>Work email <input type="email" name="email"></label>\n<label>Company <input name="company"></label>\n<label>Message <textarea name="message"></textarea></label>\n<button>Send</button>\n</form>`,
    `<p>${escape(plan.city)} · hello@${plan.slug}.com</p>`,
  ];
  return page(plan, 'contact', `Contact — ${plan.name}`, `Contact ${plan.name}.`, pieces.join('\n'));
}

const RENDER: Record<PageKind, (plan: Plan) => string> = {
  home: homePage,
  about: aboutPage,
  team: teamPage,
  customers: customersPage,
  pricing: pricingPage,
  careers: careersPage,
  blog: blogPage,
  contact: contactPage,
};

/** One site, decided by the seed and its index; the vocabulary is its industry's. */
export function generateSite(seed: number, index: number, industry: string, usedNames: Set<string>): GeneratedSite {
  const vocabulary = INDUSTRY_VOCABULARY.find((entry) => entry.label === industry);
  if (!vocabulary) throw new Error(`no vocabulary for the industry ${industry}`);
  const plan = planSite(seed, index, vocabulary, usedNames);
  const files = new Map<string, string>();
  for (const kind of plan.pages) files.set(fileOf(plan, kind), RENDER[kind](plan));
  files.set('assets/site.css', 'body{font-family:system-ui,sans-serif;margin:0}main{max-width:960px;margin:0 auto;padding:1rem}\n');
  if (plan.server) files.set('_headers.json', `${JSON.stringify(plan.server.headers(Random.of(seed, plan.slug, 'server')), null, 2)}\n`);
  return { slug: plan.slug, name: plan.name, label: labelOf(plan), files };
}
